// The host's auth hook, Express style: only next() lets a request through; next(err), a throw or a rejection deny
// at once; a hook that settles without deciding is waited for, until its call's lifetime ends. Every denial is
// logged, the first decision is the only one.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { describe, it } from 'node:test';
import { authorise, runAuthHook, unauthorizedReply } from '../../server/core/http/auth.js';
import type { ConsoleRequest } from '../../server/core/http/console-request.js';
import { jsonReply } from '../../server/core/http/reply.js';
import { CallLifetime } from '../../server/core/calls/call-lifetime.js';
import { recordingPlatform } from '../support/recording-platform.js';
import { recordingLogger } from './helpers.js';

type Hook = (req: never, next: (err?: unknown) => void) => unknown;

function fakeRequest() {
  const goneListeners: (() => void)[] = [];
  const raw = { the: 'raw request' };
  const request = {
    raw,
    header: () => undefined,
    onClientGone: (listener: () => void) => (goneListeners.push(listener), () => {}),
  } as unknown as ConsoleRequest;
  return { request, raw, clientGone: () => goneListeners.forEach((listener) => listener()), goneListeners };
}

/** Whether `promise` is still pending once everything already queued has run. */
async function pending(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  return (await Promise.race([promise, new Promise((resolve) => setImmediate(() => resolve(marker)))])) === marker;
}

const DENIED = 'tool-console: auth hook denied a call:';

describe('runAuthHook', () => {
  it('lets the request through on next(), with the raw request passed to the hook', async () => {
    const logger = recordingLogger();
    const { request, raw } = fakeRequest();
    let seen: unknown;
    const decision = runAuthHook(
      ((req: unknown, next: () => void) => ((seen = req), next())) as Hook,
      request,
      logger,
      inspect,
    );
    assert.equal(await decision.allowed, true);
    assert.equal(seen, raw);
    assert.deepEqual(logger.lines, []);
  });

  it('denies on next(err), logging the reason', async () => {
    const logger = recordingLogger();
    const decision = runAuthHook(
      ((_req: unknown, next: (e: unknown) => void) => next('bad token')) as Hook,
      fakeRequest().request,
      logger,
      inspect,
    );
    assert.equal(await decision.allowed, false);
    assert.deepEqual(logger.lines, [{ level: 'warn', text: `${DENIED} bad token` }]);
  });

  it('denies a hook that throws or rejects', async () => {
    const logger = recordingLogger();
    const thrown = runAuthHook(
      (() => {
        throw new Error('hook broke');
      }) as Hook,
      fakeRequest().request,
      logger,
      inspect,
    );
    assert.equal(await thrown.allowed, false);
    const rejected = runAuthHook(
      (() => Promise.reject(new Error('store down'))) as Hook,
      fakeRequest().request,
      logger,
      inspect,
    );
    assert.equal(await rejected.allowed, false);
    assert.match(logger.text('warn'), /denied a call: Error: hook broke/);
    assert.match(logger.text('warn'), /denied a call: Error: store down/);
  });

  it('waits for a hook that settles without deciding, and takes its later decision', async () => {
    const logger = recordingLogger();
    let later!: (err?: unknown) => void;
    const decision = runAuthHook(
      ((_req: unknown, next: (err?: unknown) => void) => {
        later = next;
        return Promise.resolve('not a decision');
      }) as Hook,
      fakeRequest().request,
      logger,
      inspect,
    );
    assert.equal(await pending(decision.allowed), true);
    later();
    assert.equal(await decision.allowed, true);
  });

  it('keeps the first decision: next() twice, next() after a denial, giving up after next()', async () => {
    const logger = recordingLogger();
    let next!: (err?: unknown) => void;
    const allowedFirst = runAuthHook(
      ((_req: unknown, n: typeof next) => ((next = n), n())) as Hook,
      fakeRequest().request,
      logger,
      inspect,
    );
    next('too late');
    assert.equal(allowedFirst.giveUp('time is up'), false);
    assert.equal(await allowedFirst.allowed, true);
    const deniedFirst = runAuthHook(
      ((_req: unknown, n: typeof next) => ((next = n), n('no'))) as Hook,
      fakeRequest().request,
      logger,
      inspect,
    );
    next();
    assert.equal(await deniedFirst.allowed, false);
    assert.deepEqual(logger.lines, [{ level: 'warn', text: `${DENIED} no` }]);
  });

  it('giving up denies an undecided hook, logging why, and a later next() changes nothing', async () => {
    const logger = recordingLogger();
    let next!: (err?: unknown) => void;
    const decision = runAuthHook(
      ((_req: unknown, n: typeof next) => void (next = n)) as Hook,
      fakeRequest().request,
      logger,
      inspect,
    );
    assert.equal(decision.giveUp('the client went away'), false);
    next();
    assert.equal(await decision.allowed, false);
    assert.deepEqual(logger.lines, [{ level: 'warn', text: `${DENIED} the client went away` }]);
  });
});

describe('authorise', () => {
  const settings = (logger = recordingLogger()) => ({ logger, platform: recordingPlatform() });

  it("answers with the hook's decision", async () => {
    const { request } = fakeRequest();
    const lifetime = new CallLifetime(request, undefined, 0);
    assert.equal(
      await authorise(((_r: unknown, next: () => void) => next()) as Hook, request, settings(), lifetime, String),
      true,
    );
  });

  it('watches the client while the hook decides, and denies when it goes away', async () => {
    const logger = recordingLogger();
    const { request, clientGone, goneListeners } = fakeRequest();
    const lifetime = new CallLifetime(request, undefined, 0);
    const allowed = authorise(
      (() => undefined) as Hook,
      request,
      settings(logger),
      lifetime,
      (end) => `undecided: ${(end as Error).message}`,
    );
    assert.equal(goneListeners.length, 1);
    clientGone();
    assert.equal(await allowed, false);
    assert.deepEqual(logger.lines, [{ level: 'warn', text: `${DENIED} undecided: The client disconnected.` }]);
  });
});

describe('unauthorizedReply', () => {
  it('is a bare 401 that keeps the reason to the log', () => {
    assert.deepEqual(unauthorizedReply(), jsonReply(401, { error: 'Unauthorized' }));
  });
});
