// Auth hooks that misbehave: next() twice, next() then throw, next(err), throwing non-Errors, next() after returning.
// The call runs at most once and only through next(); every denial is exactly 401 {"error":"Unauthorized"} with the
// reason in the log and never in the answer; the next request is served normally.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AuthHook } from '../../server/index.js';
import { callPath, startConsole, type RunningConsole } from '../server/helpers.js';
import { assertStillServing, inspectingLogger, linesSince } from './still-serving.js';

const SECRET = 'reason-with-secret-4f9c';
/** Settles once a hook that calls next() after returning has made that late call. */
let lateNextCalled: Promise<void> = Promise.resolve();
/** One macrotask turn: a call that next() let through would have reached the handler by then. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

const LETS_THROUGH: Record<string, AuthHook> = {
  'calls next() twice': (_req, next) => {
    next();
    next();
  },
  'calls next() then throws': (_req, next) => {
    next();
    throw new Error(SECRET);
  },
  'calls next() twice from a promise': async (_req, next) => {
    await null;
    next();
    next();
  },
  'calls next() then rejects': async (_req, next) => {
    next();
    throw SECRET;
  },
  'calls next() twice after returning': (_req, next) =>
    void setImmediate(() => {
      next();
      next();
    }),
};

const DENIES: Record<string, AuthHook> = {
  'throws a string': () => {
    throw SECRET;
  },
  'throws null': () => {
    throw null;
  },
  'throws an object': () => {
    throw { reason: SECRET };
  },
  'calls next(err)': (_req, next) => next(new Error(SECRET)),
  'calls next(err) after returning': (_req, next) => void setImmediate(() => next(new Error(SECRET))),
  'rejects with a secret': () => Promise.reject(new Error(SECRET)),
  'calls next(err) then next()': (_req, next) => {
    next(SECRET);
    next();
  },
};

describe('faulty auth hooks', () => {
  let app: RunningConsole;
  const logger = inspectingLogger();
  let hook: AuthHook = (_req, next) => next();
  let calls = 0;
  before(async () => {
    app = await startConsole({
      allowExecute: true,
      logger,
      callTimeoutMs: 500,
      authHook: (req, next) => {
        const current = hook;
        hook = (_req, pass) => pass(); // one faulty decision per request
        return current(req, next);
      },
      handleCall: async () => {
        calls++;
        return [[{ type: 'text', text: 'ran' }], false];
      },
    });
  });
  after(() => app.close());

  for (const [label, faulty] of Object.entries(LETS_THROUGH)) {
    it(`runs the call exactly once when the hook ${label}`, async () => {
      hook = faulty;
      calls = 0;
      const answer = await app.request('POST', callPath('get_weather'), { body: '{}' });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json.content[0].text, 'ran');
      await turn(); // a stray second next() would have run it again by now
      assert.equal(calls, 1);
      assert.ok(!answer.text.includes(SECRET));
      await assertStillServing(app);
    });
  }

  for (const [label, faulty] of Object.entries(DENIES)) {
    it(`answers exactly 401 {"error":"Unauthorized"} and logs the reason when the hook ${label}`, async () => {
      hook = faulty;
      calls = 0;
      const mark = logger.lines.length;
      const answer = await app.request('POST', callPath('get_weather'), { body: '{}' });
      assert.equal(answer.status, 401);
      assert.equal(answer.text, '{"error":"Unauthorized"}');
      assert.equal(answer.headers['content-type'], 'application/json');
      assert.match(linesSince(logger, mark, 'warn'), /auth hook denied/);
      await lateNextCalled;
      await turn();
      assert.equal(calls, 0, 'a denied call never reaches the handler');
      await assertStillServing(app);
    });
  }
});
