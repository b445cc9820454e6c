// The end of a call as the handler and the log see it: the signal's reason on timeout and on disconnect, a signal
// asked for only after the call ended, and an auth hook that never decides.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { describe, it, type TestContext } from 'node:test';
import { promisify } from 'node:util';
import type { ToolCallHandler } from '../../server/index.js';
import { EventReader } from '../support/event-stream.js';
import { callPath, callThenHangUp, rawRequest, startConsole } from './helpers.js';

const json = { 'Content-Type': 'application/json' };

/** Resolves once `check` holds, looking again on every turn of the event loop (for log lines written after a reply). */
async function eventually(check: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1000 && !check(); turn++) await new Promise((resolve) => setImmediate(resolve));
  assert.ok(check(), 'the condition never held');
}

describe('the end of a call, as the handler sees it', () => {
  it('hands a handler that asks for the signal after the timeout one that has already fired', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked!: (signal: AbortSignal) => void;
    const seen = new Promise<AbortSignal>((resolve) => (asked = resolve));
    const handleCall: ToolCallHandler = async (_name, _args, _req, ctx) => {
      await gate;
      asked(ctx.signal);
      return [[], false];
    };
    const app = await startConsole({ allowExecute: true, callTimeoutMs: 100, handleCall });
    try {
      const answer = await app.request('POST', callPath('get_weather'), { body: '{}', headers: json });
      assert.equal(answer.status, 504);
      assert.equal(answer.json.content[0].text, 'The tool call timed out after 100 ms.');
      release();
      const signal = await seen;
      assert.equal(signal.aborted, true);
      assert.equal((signal.reason as DOMException).name, 'TimeoutError');
      assert.equal((signal.reason as DOMException).message, 'The tool call timed out after 100 ms.');
      assert.match(app.logger.text('warn'), /^tool-console: "get_weather": The tool call timed out after 100 ms\.$/m);
    } finally {
      await app.close();
    }
  });

  it('aborts with "The client disconnected." when the caller goes away, and notes it in the log', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let aborted!: (reason: unknown) => void;
    const abortReason = new Promise<unknown>((resolve) => (aborted = resolve));
    const app = await startConsole({
      allowExecute: true,
      handleCall: (_name, _args, _req, ctx) => {
        ctx.signal.addEventListener('abort', () => aborted(ctx.signal.reason));
        started();
        return new Promise(() => {});
      },
    });
    try {
      const call = callThenHangUp(app.port, callPath('get_weather'), '{}');
      await running;
      call.hangUp();
      const reason = (await abortReason) as DOMException;
      assert.deepEqual([reason.name, reason.message], ['AbortError', 'The client disconnected.']);
      await eventually(() => app.logger.text('info').includes('aborted'));
      assert.equal(app.logger.text('info'), 'tool-console: call of "get_weather" aborted: the client disconnected');
      assert.equal(app.logger.text('error'), '');
    } finally {
      await app.close();
    }
  });

  it('denies a call whose auth hook has not decided when the time is up, and says so in the log', async () => {
    const app = await startConsole({ allowExecute: true, callTimeoutMs: 100, authHook: () => new Promise(() => {}) });
    try {
      const answer = await app.request('POST', callPath('get_weather'), { body: '{}', headers: json });
      assert.deepEqual([answer.status, answer.text], [401, '{"error":"Unauthorized"}']);
      assert.equal(
        app.logger.text('warn'),
        "tool-console: auth hook denied a call: the hook did not call next() within the call's time limit (callTimeoutMs: 100 ms)",
      );
    } finally {
      await app.close();
    }
  });
});

/**
 * Runs, in a node process of its own, `before`, then a Fetch console with one tool and `callTimeoutMs`, then `after`
 * (which may call `callEcho()`, answering the call's response); resolves with what the process printed once it ended.
 */
async function inFreshProcess(callTimeoutMs: number, before: string, after: string): Promise<string> {
  const fetchEntry = JSON.stringify(new URL('../../server/fetch.js', import.meta.url).href);
  const script = `
    ${before}
    const { createFetchHandler } = await import(${fetchEntry});
    const handler = createFetchHandler({
      tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
      allowExecute: true,
      callTimeoutMs: ${callTimeoutMs},
      handleCall: async () => ({ content: [{ type: 'text', text: 'done' }] }),
    });
    const callEcho = () => handler(new Request('http://127.0.0.1/tools/echo/call', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}',
    }));
    ${after}
  `;
  const ended = await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script], {
    timeout: 60_000,
  });
  return ended.stdout;
}

describe("a call's time limit, once the call has answered", () => {
  // A console's calls share one timer, kept between calls (deadlines.ts), which must not keep the host's process
  // alive: a script that answers one call and has nothing left to do ends, however long its limit.
  it('lets the process end, though the limit was ten minutes', async () => {
    const printed = await inFreshProcess(
      600_000,
      '',
      'const response = await callEcho(); console.log(response.status, await response.text());',
    );
    assert.equal(printed, '200 {"content":[{"type":"text","text":"done"}],"isError":false}\n');
  });

  it('answers where setTimeout gives numbers, not node timers (Cloudflare Workers, browsers), and leaves none', async () => {
    const numberedTimers = `
      const timers = new Map();
      let nextId = 1;
      const { setTimeout: set, clearTimeout: clear } = globalThis;
      globalThis.setTimeout = (callback, ms, ...rest) => {
        const id = nextId++;
        timers.set(id, set((...args) => (timers.delete(id), callback(...args)), ms, ...rest));
        return id;
      };
      globalThis.clearTimeout = (id) => (clear(timers.get(id)), timers.delete(id));
    `;
    const oneCall = 'const response = await callEcho(); console.log(response.status, timers.size);';
    assert.equal(await inFreshProcess(1_000, numberedTimers, oneCall), '200 0\n');
  });

  it('leaves one timer behind, however many calls have answered', async () => {
    // Counts the timers of the limit's duration that are neither cleared nor fired: the one the calls share.
    const countPendingTimers = `
      const pending = new Set();
      const { setTimeout: set, clearTimeout: clear } = globalThis;
      globalThis.setTimeout = (callback, ms, ...rest) => {
        const timer = set((...args) => (pending.delete(timer), callback(...args)), ms, ...rest);
        if (ms === 123457) pending.add(timer);
        return timer;
      };
      globalThis.clearTimeout = (timer) => (pending.delete(timer), clear(timer));
    `;
    const twentyCalls =
      'for (let call = 0; call < 20; call++) await (await callEcho()).text(); console.log(pending.size);';
    assert.equal(await inFreshProcess(123_457, countPendingTimers, twentyCalls), '1\n');
  });
});

/** A streamed call (`Accept: text/event-stream`) of `get_weather`, its events read as they come. */
function streamedCall(port: number): Promise<EventReader> {
  return new Promise((resolve, reject) => {
    const headers = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: callPath('get_weather'), headers }, (res) =>
      resolve(new EventReader(Readable.toWeb(res) as ReadableStream<Uint8Array>)),
    );
    req.on('error', reject);
    req.end('{}');
  });
}

// What a call does besides progress also starts its time limit again: a task status, and a question to its user
// (a person is slower than a tool). setTimeout is mocked, so a whole limit passes in an instant once the call has done
// it: the call still runs after it only if its limit started again when it did (a moment after the call began).
describe("a call's time limit, started again by what the call does", () => {
  it('starts again when the handler reports a task status', async (t: TestContext) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    let reported!: () => void;
    const statusSent = new Promise<void>((resolve) => (reported = resolve));
    let release!: () => void;
    const app = await startConsole({
      allowExecute: true,
      callTimeoutMs: 1_000,
      handleCall: (_name, _args, _req, ctx) => {
        ctx.task({ taskId: 'task-1', status: 'working' });
        reported();
        return new Promise((resolve) => (release = () => resolve([[{ type: 'text', text: 'done' }], false])));
      },
    });
    try {
      const answer = app.request('POST', callPath('get_weather'), { body: '{}' });
      await statusSent;
      t.mock.timers.tick(1_000);
      release();
      const { status, json } = await answer;
      assert.deepEqual([status, json], [200, { content: [{ type: 'text', text: 'done' }], isError: false }]);
    } finally {
      await app.close();
    }
  });

  it('starts again when the handler asks its user a question', async (t: TestContext) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const app = await startConsole({
      allowExecute: true,
      callTimeoutMs: 1_000,
      handleCall: async (_name, _args, _req, ctx) => {
        const answer = await ctx.elicit({ message: 'Which city?', requestedSchema: { type: 'object' } });
        return [[{ type: 'text', text: answer.action }], false];
      },
    });
    try {
      const events = await streamedCall(app.port);
      const asked = await events.next();
      assert.equal(asked?.event, 'request');
      t.mock.timers.tick(1_000);
      const { id } = asked.data as { id: string };
      const answered = await rawRequest(app.port, 'POST', `/tools/get_weather/requests/${id}`, {
        body: '{"action":"decline"}',
      });
      assert.equal(answered.status, 204, `the question closed with its call: ${answered.text}`);
      const result = (await events.rest()).at(-1);
      assert.deepEqual(result, {
        event: 'result',
        data: { status: 200, result: { content: [{ type: 'text', text: 'decline' }], isError: false } },
      });
    } finally {
      await app.close();
    }
  });
});
