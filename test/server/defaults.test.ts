// Every default of the README's option table, and createServer's socket limits, checked exactly as documented:
// a server made with nothing but `tools` and `handleCall` (plus `allowExecute` where a call must run).
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { createServer } from '../../server/index.js';
import { callPath, heldCalls, startConsole, weatherTool } from './helpers.js';

const MiB = 1024 * 1024;

/** A JSON object body of exactly `bytes` bytes. */
function bodyOf(bytes: number): string {
  const body = JSON.stringify({ pad: 'x'.repeat(bytes - '{"pad":""}'.length) });
  assert.equal(Buffer.byteLength(body), bytes);
  return body;
}

describe('option defaults (README table)', () => {
  it('allowExecute: false, so calls answer 403 until a host enables them', async () => {
    const app = await startConsole();
    try {
      const answer = await app.request('POST', callPath('get_weather'), { body: '{}' });
      assert.equal(answer.status, 403);
      assert.deepEqual(answer.json, { error: 'Tool execution is disabled.' });
    } finally {
      await app.close();
    }
  });

  it('authHook: none, so an enabled call runs without credentials', async () => {
    const app = await startConsole({ allowExecute: true });
    try {
      const answer = await app.request('POST', callPath('get_weather'), { body: '{}' });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, { content: [{ type: 'text', text: 'ok' }], isError: false });
    } finally {
      await app.close();
    }
  });

  it('title "MCP Tool Explorer", prefix "" and pageDir the built page: the page at / and the API at /tools', async () => {
    const app = await startConsole();
    try {
      const page = await app.request('GET', '/');
      assert.equal(page.status, 200, 'dist/page is missing: run `npm run build` first');
      assert.match(page.text, /<title>MCP Tool Explorer<\/title>/);
      assert.match(page.text, /<tool-console\s[^>]*execution="false"/);
      assert.equal((await app.request('GET', '/tools')).json.length, 2);
    } finally {
      await app.close();
    }
  });

  it('corsOrigins: none, so no answer carries a CORS header', async () => {
    const app = await startConsole();
    try {
      const answer = await app.request('GET', '/tools', { headers: { Origin: 'https://app.example' } });
      assert.deepEqual(
        Object.keys(answer.headers).filter((name) => name.startsWith('access-control-')),
        [],
      );
    } finally {
      await app.close();
    }
  });

  it('maxBodyBytes: exactly 1 MiB (1,048,576 bytes) accepted, one byte more refused with 413', async () => {
    let received = 0;
    const app = await startConsole({
      allowExecute: true,
      handleCall: async (_name, args) => {
        received = String(args.pad).length;
        return [[], false];
      },
    });
    try {
      const atLimit = await app.request('POST', callPath('get_weather'), { body: bodyOf(MiB) });
      assert.equal(atLimit.status, 200, atLimit.text);
      assert.equal(received, MiB - '{"pad":""}'.length);
      const over = await app.request('POST', callPath('get_weather'), { body: bodyOf(MiB + 1) });
      assert.equal(over.status, 413);
      assert.deepEqual(over.json, { error: 'Request body exceeds 1048576 bytes.', limitBytes: 1048576 });
    } finally {
      await app.close();
    }
  });

  // The call's clock is node's setTimeout: mocked here, so a minute passes in an instant and nothing sleeps. Each case
  // gets a console of its own: a console keeps its calls' timer between calls (deadlines.ts), and a kept timer checks
  // the next call's deadline against performance.now(), which these mocks do not move.
  it('callTimeoutMs: 60 000 — a call still running at 59,999 ms completes, one at 60,000 ms gets 504', async (t: TestContext) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const heldInTime = heldCalls();
    const inTimeApp = await startConsole({ allowExecute: true, handleCall: heldInTime.handleCall });
    try {
      const inTime = inTimeApp.request('POST', callPath('get_weather'), { body: '{}' });
      const release = await heldInTime.started();
      t.mock.timers.tick(59_999);
      release();
      assert.equal((await inTime).status, 200);
    } finally {
      await inTimeApp.close();
    }

    const held = heldCalls();
    const app = await startConsole({ allowExecute: true, handleCall: held.handleCall });
    try {
      const timedOut = app.request('POST', callPath('get_weather'), { body: '{}' });
      await held.started();
      t.mock.timers.tick(60_000);
      const answer = await timedOut;
      assert.equal(answer.status, 504);
      assert.deepEqual(answer.json, {
        content: [{ type: 'text', text: 'The tool call timed out after 60000 ms.' }],
        isError: true,
      });
    } finally {
      await app.close();
    }
  });

  it('callTimeoutMs: 0 disables the limit — a call outlasting any clock still completes', async (t: TestContext) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const held = heldCalls();
    const app = await startConsole({ allowExecute: true, callTimeoutMs: 0, handleCall: held.handleCall });
    try {
      const pending = app.request('POST', callPath('get_weather'), { body: '{}' });
      const release = await held.started();
      t.mock.timers.tick(2 ** 31 - 1); // the longest delay setTimeout knows: about 24.8 days
      release();
      const answer = await pending;
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, { content: [{ type: 'text', text: 'done' }], isError: false });
    } finally {
      await app.close();
    }
  });

  it('logger: console, so warnings and errors reach the terminal', async (t: TestContext) => {
    const warn = t.mock.method(console, 'warn', () => {});
    const error = t.mock.method(console, 'error', () => {});
    const app = await startConsole({
      logger: undefined,
      tools: [weatherTool, { description: 'no name' } as never],
      allowExecute: true,
      handleCall: async () => {
        throw new Error('handler broke');
      },
    });
    try {
      assert.equal((await app.request('GET', '/tools')).status, 200);
      assert.match(
        warn.mock.calls.map((call) => call.arguments.join(' ')).join('\n'),
        /ignoring a tool without a string name/,
      );
      assert.equal((await app.request('POST', callPath('get_weather'), { body: '{}' })).status, 500);
      assert.match(error.mock.calls.map((call) => String(call.arguments.join(' '))).join('\n'), /handler broke/);
    } finally {
      await app.close();
    }
  });
});

describe('createServer socket limits (README: headers within 10 s, the whole request within 30 s)', () => {
  it('sets exactly those limits, and keep-alive 5 s', () => {
    const server = createServer({ tools: [weatherTool], handleCall: async () => [[], false] });
    assert.equal(server.headersTimeout, 10_000);
    assert.equal(server.requestTimeout, 30_000);
    assert.equal(server.keepAliveTimeout, 5_000);
  });

  it('lets serverOptions override each of them', () => {
    const server = createServer(
      { tools: [weatherTool], handleCall: async () => [[], false] },
      { headersTimeout: 1_000, requestTimeout: 2_000, keepAliveTimeout: 500 },
    );
    assert.equal(server.headersTimeout, 1_000);
    assert.equal(server.requestTimeout, 2_000);
    assert.equal(server.keepAliveTimeout, 500);
  });
});
