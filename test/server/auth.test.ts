// F4: the auth hook guards only the call endpoint; only next() lets a call through; every denial is the same 401.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuthHook } from '../../server/index.js';
import { callPath, startConsole, validatePath } from './helpers.js';

const UNAUTHORIZED = '{"error":"Unauthorized"}';

async function callWith(authHook: AuthHook, options: { callTimeoutMs?: number; allowExecute?: boolean; name?: string } = {}) {
  let handlerCalls = 0;
  const app = await startConsole({
    allowExecute: options.allowExecute ?? true,
    callTimeoutMs: options.callTimeoutMs,
    authHook,
    handleCall: async () => {
      handlerCalls += 1;
      return [[{ type: 'text', text: 'ran' }], false];
    },
  });
  try {
    const answer = await app.request('POST', callPath(options.name ?? 'get_weather'), {
      body: '{not json',
      headers: { Authorization: 'Bearer secret-token' },
    });
    return { answer, handlerCalls, warnings: app.logger.text('warn') };
  } finally {
    await app.close();
  }
}

describe('authHook', () => {
  it('lets the call through when the hook calls next(), and sees the request', async () => {
    let authorization: string | undefined;
    const { answer, handlerCalls } = await callWith((req, next) => {
      authorization = req.headers.authorization;
      next();
    });
    assert.equal(answer.status, 200);
    assert.equal(handlerCalls, 1);
    assert.equal(authorization, 'Bearer secret-token');
  });

  it('accepts an async hook that awaits before calling next()', async () => {
    const { answer } = await callWith(async (_req, next) => {
      await new Promise((resolve) => setImmediate(resolve)); // e.g. a token lookup
      next();
    });
    assert.equal(answer.status, 200);
  });

  it('ignores a second next()', async () => {
    const { answer, handlerCalls } = await callWith((_req, next) => {
      next();
      next();
    });
    assert.equal(answer.status, 200);
    assert.equal(handlerCalls, 1);
  });

  const denials: [string, AuthHook, RegExp][] = [
    ['throws', () => { throw new Error('token expired at 12:00 for user 42'); }, /token expired/],
    ['rejects', async () => { throw new Error('bad signature'); }, /bad signature/],
    ['returns without calling next', () => undefined, /returned without calling next/],
    ['resolves without calling next', async () => 'nope', /settled without calling next/],
    ['calls next with an error', (_req, next) => next(new Error('scope missing')), /scope missing/],
    ['throws a non-Error after calling nothing', () => { throw 'plain string reason'; }, /plain string reason/], // eslint-disable-line no-throw-literal
  ];
  for (const [label, hook, reason] of denials) {
    it(`answers exactly 401 {"error":"Unauthorized"} when the hook ${label}, logging the reason as a warning`, async () => {
      const { answer, handlerCalls, warnings } = await callWith(hook);
      assert.equal(answer.status, 401);
      assert.equal(answer.headers['content-type'], 'application/json');
      assert.equal(answer.text, UNAUTHORIZED);
      assert.equal(handlerCalls, 0);
      assert.match(warnings, reason);
    });
  }

  it('answers 401 when next() comes only after an async hook has settled, and that late next() runs nothing', async () => {
    let lateNext = () => {};
    let handlerCalls = 0;
    const app = await startConsole({
      allowExecute: true,
      authHook: async (_req, next) => {
        lateNext = next;
      },
      handleCall: async () => {
        handlerCalls += 1;
        return [[], false];
      },
    });
    try {
      const answer = await app.request('POST', callPath('get_weather'), { body: '{}' });
      assert.equal(answer.status, 401);
      assert.equal(answer.text, UNAUTHORIZED);
      lateNext();
      await new Promise((resolve) => setImmediate(resolve)); // a call let through would have started by now
      assert.equal(handlerCalls, 0);
    } finally {
      await app.close();
    }
  });

  it('does not hang on a hook that never settles: 401 once the call times out', async () => {
    const { answer, handlerCalls } = await callWith(() => new Promise(() => {}), { callTimeoutMs: 100 });
    assert.equal(answer.status, 401);
    assert.equal(answer.text, UNAUTHORIZED);
    assert.equal(handlerCalls, 0);
  });

  it('comes after 403 and 404: a denying hook is never asked for those', async () => {
    let hookCalls = 0;
    const deny: AuthHook = () => {
      hookCalls += 1;
    };
    assert.equal((await callWith(deny, { allowExecute: false })).answer.status, 403);
    assert.equal((await callWith(deny, { name: 'nope' })).answer.status, 404);
    assert.equal(hookCalls, 0);
    assert.equal((await callWith(deny)).answer.status, 401);
    assert.equal(hookCalls, 1);
  });

  it('is never called for GET routes or validation', async () => {
    let hookCalls = 0;
    const app = await startConsole({
      allowExecute: true,
      authHook: () => {
        hookCalls += 1;
      },
    });
    try {
      assert.equal((await app.request('GET', '/tools')).status, 200);
      assert.equal((await app.request('GET', '/tools/get_weather')).status, 200);
      assert.equal((await app.request('POST', validatePath('get_weather'), { body: '{"city":"x"}' })).status, 200);
      assert.equal(hookCalls, 0);
    } finally {
      await app.close();
    }
  });
});
