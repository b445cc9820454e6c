// F4: the auth hook guards only the call endpoint; only next() lets a call through, at once or later from a
// callback; every denial is the same 401.
import assert from 'node:assert/strict';
import { pbkdf2, pbkdf2Sync, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { describe, it, type TestContext } from 'node:test';
import { createHandler, type AuthHook } from '../../server/index.js';
import { close, listen } from '../support/listen.js';
import { ADAPTERS, startAdapter } from './apps-harness.js';
import { callPath, callThenHangUp, rawRequest, recordingLogger, startConsole, validatePath } from './helpers.js';

const UNAUTHORIZED = '{"error":"Unauthorized"}';

function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
}

// A real callback-style check, as a passport strategy would do it: the hook returns at once and calls next() from
// crypto.pbkdf2's callback, once the libuv thread pool has derived the key.
const SALT = 'tool-console-auth-test';
const STORED_KEY = pbkdf2Sync('right-token', SALT, 20_000, 32, 'sha256');
const pbkdf2Hook: AuthHook = (req, next) => {
  const token = bearerToken(req.headers.authorization);
  if (token === undefined) return next(new Error('no Bearer token'));
  pbkdf2(token, SALT, 20_000, 32, 'sha256', (error, key) => {
    if (error) return next(error);
    next(timingSafeEqual(key, STORED_KEY) ? undefined : new Error('the token does not match the stored key'));
  });
};

// The same with an async hook whose promise settles before the decision: scrypt's callback calls next() later.
const SCRYPT_KEY = scryptSync('right-token', SALT, 32);
const asyncScryptHook: AuthHook = async (req, next) => {
  const token = await Promise.resolve(bearerToken(req.headers.authorization) ?? '');
  scrypt(token, SALT, 32, (error, key) =>
    next(error ?? (timingSafeEqual(key, SCRYPT_KEY) ? undefined : 'scrypt mismatch')),
  );
};

async function callWith(
  authHook: AuthHook,
  options: { callTimeoutMs?: number; allowExecute?: boolean; name?: string; authorization?: string } = {},
) {
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
      headers: { Authorization: options.authorization ?? 'Bearer secret-token' },
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
    [
      'throws',
      () => {
        throw new Error('token expired at 12:00 for user 42');
      },
      /token expired/,
    ],
    [
      'rejects',
      async () => {
        throw new Error('bad signature');
      },
      /bad signature/,
    ],
    ['calls next with an error', (_req, next) => next(new Error('scope missing')), /scope missing/],
    [
      'throws a non-Error after calling nothing',
      () => {
        throw 'plain string reason';
      },
      /plain string reason/,
    ], // eslint-disable-line no-throw-literal
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

  for (const [label, hook] of [
    ["returns at once and calls next() from crypto.pbkdf2's callback", pbkdf2Hook],
    ["settles its promise first and calls next() from crypto.scrypt's callback", asyncScryptHook],
  ] as const) {
    it(`waits for a hook that ${label}: the right token runs the call`, async () => {
      const { answer, handlerCalls, warnings } = await callWith(hook, { authorization: 'Bearer right-token' });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json.content[0].text, 'ran');
      assert.equal(handlerCalls, 1);
      assert.doesNotMatch(warnings, /auth hook/);
    });

    it(`waits for a hook that ${label}: a wrong token gets 401 with the reason logged`, async () => {
      const { answer, handlerCalls, warnings } = await callWith(hook, { authorization: 'Bearer wrong-token' });
      assert.equal(answer.status, 401);
      assert.equal(answer.text, UNAUTHORIZED);
      assert.equal(handlerCalls, 0);
      assert.match(warnings, /auth hook denied a call:.*(does not match|mismatch)/);
      assert.ok(!warnings.includes('wrong-token'), 'the refused token stays out of the log');
    });
  }

  for (const [label, hook] of [
    ['returns without ever calling next', () => undefined],
    ['resolves without ever calling next', async () => 'nope'],
    ['never settles', () => new Promise(() => {})],
  ] as [string, AuthHook][]) {
    it(`answers 401 once the call's time limit ends when the hook ${label}, logging why`, async () => {
      const { answer, handlerCalls, warnings } = await callWith(hook, { callTimeoutMs: 100 });
      assert.equal(answer.status, 401);
      assert.equal(answer.text, UNAUTHORIZED);
      assert.equal(handlerCalls, 0);
      assert.match(
        warnings,
        /auth hook denied a call: the hook did not call next\(\) within the call's time limit \(callTimeoutMs: 100 ms\)/,
      );
    });
  }

  it('ignores a next() that comes after the time limit denied the call', async () => {
    let lateNext: (() => void) | undefined;
    const { answer, handlerCalls } = await callWith((_req, next) => void (lateNext = next), { callTimeoutMs: 50 });
    assert.equal(answer.status, 401);
    lateNext!();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(handlerCalls, 0);
  });

  it('denies an undecided hook, with a logged reason, when the client goes away', { timeout: 10_000 }, async () => {
    const logger = recordingLogger();
    const denied = new Promise<void>((resolve) => {
      const warn = logger.warn;
      logger.warn = (...args) => (warn(...args), /auth hook denied/.test(String(args[0])) && resolve());
    });
    let hookCalled!: () => void;
    const asked = new Promise<void>((resolve) => (hookCalled = resolve));
    let handlerCalls = 0;
    const app = await startConsole({
      allowExecute: true,
      callTimeoutMs: 0, // no time limit: only the client's leaving ends the wait
      logger,
      authHook: () => hookCalled(),
      handleCall: async () => {
        handlerCalls++;
        return [[], false];
      },
    });
    try {
      const call = callThenHangUp(app.port, callPath('get_weather'), '{}');
      await asked;
      call.hangUp();
      await denied;
      assert.match(logger.text('warn'), /the hook had not called next\(\) when the client disconnected/);
      assert.equal(handlerCalls, 0);
    } finally {
      await app.close();
    }
  });

  it('comes after 403 and 404: a denying hook is never asked for those', async () => {
    let hookCalls = 0;
    const deny: AuthHook = (_req, next) => {
      hookCalls += 1;
      next(new Error('denied'));
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

// A body is parsed only once the hook has let its call through: one `\u` escape sends a body down the slow parse (the
// reviver that drops `__proto__` keys), ten times the cost of a plain one, which a caller with a wrong token must not
// be able to make the server pay. Counted, not timed: the parses of the body's text, and the host parser's value
// written out.
describe('the body of a call, around the auth hook', () => {
  // For both adapters: node's request (a header record) and the Fetch Request (Headers).
  const tokenHook = (req: { headers: Headers | IncomingMessage['headers'] }, next: (error?: unknown) => void) => {
    const { headers } = req;
    const authorization = headers instanceof Headers ? headers.get('authorization') : headers.authorization;
    next(authorization === 'Bearer right' ? undefined : new Error('wrong token'));
  };
  // `Osloé`, its é written as an escape.
  const slowBody = `{"city":"Oslo\\u00e9","pad":"${'x'.repeat(10_000)}"}`;

  for (const adapter of ADAPTERS) {
    it(`is not parsed for a caller the hook refuses, and is for one it lets through (${adapter} adapter)`, async (t: TestContext) => {
      const parse = t.mock.method(JSON, 'parse');
      const parsesOfBody = () => parse.mock.calls.filter((call) => call.arguments[0] === slowBody).length;
      const app = await startAdapter(adapter, {
        allowExecute: true,
        authHook: tokenHook,
        handleCall: async (_name: string, args: { city: string }) => ({ content: [{ type: 'text', text: args.city }] }),
      });
      try {
        const refused = await app.request('POST', callPath('get_weather'), {
          body: slowBody,
          headers: { Authorization: 'Bearer wrong' },
        });
        assert.deepEqual([refused.status, refused.text], [401, UNAUTHORIZED]);
        assert.equal(parsesOfBody(), 0, 'the body was parsed for a caller the hook refused');
        const allowed = await app.request('POST', callPath('get_weather'), {
          body: slowBody,
          headers: { Authorization: 'Bearer right' },
        });
        assert.equal(allowed.status, 200, allowed.text);
        assert.equal(allowed.json.content[0].text, 'Osloé');
        assert.equal(parsesOfBody(), 1);
        // A body over the limit is still refused before the hook is asked, as before.
        const huge = await app.request('POST', callPath('get_weather'), {
          body: `{"pad":"${'x'.repeat(1024 * 1024)}"}`,
          headers: { Authorization: 'Bearer wrong' },
        });
        assert.equal(huge.status, 413);
        const denials = app.logger.lines.filter((line) => line.level === 'warn');
        assert.equal(denials.length, 1, 'the hook was asked about the 413 body');
      } finally {
        await app.close();
      }
    });
  }

  it("does not write out the host parser's value for a caller the hook refuses (Express's express.json())", async () => {
    let writtenOut = 0;
    const handler = createHandler({
      tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }],
      allowExecute: true,
      logger: recordingLogger(),
      authHook: tokenHook,
      handleCall: async (_name, args) => [[{ type: 'text', text: String(args.city) }], false],
    });
    const server = createHttpServer((req: IncomingMessage & { body?: unknown }, res) => {
      req.resume();
      req.on('end', () => {
        // What the host's parser made of the body; written out (JSON.stringify) only when the console cleans it.
        req.body = {
          city: 'Oslo',
          toJSON() {
            writtenOut += 1;
            return { city: 'Oslo' };
          },
        };
        handler(req, res);
      });
    });
    const port = await listen(server);
    try {
      const refused = await rawRequest(port, 'POST', callPath('get_weather'), {
        body: '{"city":"Oslo"}',
        headers: { Authorization: 'Bearer wrong' },
      });
      assert.deepEqual([refused.status, writtenOut], [401, 0]);
      const allowed = await rawRequest(port, 'POST', callPath('get_weather'), {
        body: '{"city":"Oslo"}',
        headers: { Authorization: 'Bearer right' },
      });
      assert.deepEqual([allowed.status, allowed.json.content[0].text, writtenOut], [200, 'Oslo', 1]);
    } finally {
      await close(server);
    }
  });
});
