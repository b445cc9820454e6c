// Handlers that misbehave — throw synchronously, hang, return nonsense or unserialisable results — and clients that
// leave: each gets a clear JSON answer (or a clean abort) and the server keeps serving.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CallContext, ToolCallHandler } from '../../server/index.js';
import { callPath, callThenHangUp, startConsole, type RunningConsole } from './helpers.js';

const cyclic: Record<string, unknown> = { type: 'text', text: 'loop' };
cyclic.self = cyclic;

const malformed: Record<string, unknown> = {
  undefined: undefined,
  string: 'just text',
  'content not an array': { content: 'x' },
  'content item without type': [[{ text: 'x' }], false],
  'isError not a boolean': [[], 'yes'],
  'trace id not a string': [[], false, 42],
  'one-element tuple': [[]],
};

// A result whose fields throw as the console reads them: a failure inside the console, not the tool's own answer.
const unreadable = {
  get content(): never {
    throw new Error('a field that throws when read');
  },
};

describe('handler failures', () => {
  let app: RunningConsole;
  let lastSignal: AbortSignal | undefined;
  let signalled: Promise<void> = Promise.resolve();
  let announceStart = () => {};
  let rejectLate: (error: Error) => void = () => {};
  /** Resolves when the handler next starts. */
  const nextStart = () => new Promise<void>((resolve) => (announceStart = resolve));
  const handleCall: ToolCallHandler = (_name, args, _req, ctx: CallContext) => {
    lastSignal = ctx.signal;
    signalled = new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    announceStart();
    const mode = String(args.mode);
    if (mode === 'sync-throw') throw new TypeError('thrown synchronously');
    if (mode === 'hang') return new Promise(() => {});
    if (mode === 'reject-late') return new Promise((_resolve, reject) => (rejectLate = reject));
    if (mode === 'cycle') return [[cyclic as never], false];
    if (mode === 'bigint') return { content: [], structuredContent: { big: 10n } };
    if (mode in malformed) return malformed[mode] as never;
    if (mode === 'unreadable') return unreadable as never;
    if (mode === 'unreadable-later') return Promise.resolve(unreadable as never);
    if (mode === 'throwing-then') {
      return {
        then() {
          throw new Error('then is broken');
        },
      } as never;
    }
    return [[{ type: 'text', text: 'fine' }], false];
  };
  before(async () => {
    app = await startConsole({ allowExecute: true, handleCall, callTimeoutMs: 200 });
  });
  after(() => app.close());
  const call = (mode: string) => app.request('POST', callPath('get_weather'), { body: JSON.stringify({ mode }) });

  it('turns a synchronous throw into a 500 error result', async () => {
    const answer = await call('sync-throw');
    assert.equal(answer.status, 500);
    assert.deepEqual(answer.json, { content: [{ type: 'text', text: 'thrown synchronously' }], isError: true });
  });

  it('answers 504 with an error result after callTimeoutMs, and fires the AbortSignal', async () => {
    const started = Date.now();
    const answer = await call('hang');
    assert.equal(answer.status, 504);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.deepEqual(answer.json, {
      content: [{ type: 'text', text: 'The tool call timed out after 200 ms.' }],
      isError: true,
    });
    assert.ok(Date.now() - started >= 190);
    assert.equal(lastSignal?.aborted, true);
    assert.equal((lastSignal?.reason as DOMException).name, 'TimeoutError');
  });

  it('ignores a handler that rejects after its timeout, without crashing', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      assert.equal((await call('reject-late')).status, 504);
      const errorsBefore = app.logger.text('error');
      rejectLate(new Error('late'));
      // Node reports an unhandled rejection after the microtask queue drains: one macrotask turn is enough to see it.
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(unhandled, []);
      assert.equal(app.logger.text('error'), errorsBefore, 'the late rejection is not logged as a failure');
      assert.equal((await call('ok')).status, 200);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  for (const [mode, label] of [
    ['cycle', 'a cyclic result'],
    ['bigint', 'a BigInt'],
  ]) {
    it(`answers 500 with a clear message for ${label}`, async () => {
      const answer = await call(mode!);
      assert.equal(answer.status, 500);
      assert.equal(answer.json.isError, true);
      assert.match(answer.json.content[0].text, /^The tool result could not be serialised to JSON: /);
    });
  }

  for (const mode of Object.keys(malformed)) {
    it(`answers 500 with a clear message for a malformed result: ${mode}`, async () => {
      const answer = await call(mode);
      assert.equal(answer.status, 500);
      assert.equal(answer.json.isError, true);
      assert.match(answer.json.content[0].text, /^The tool handler returned a malformed result: /);
    });
  }

  for (const mode of ['unreadable', 'unreadable-later']) {
    it(`answers a plain 500, logged, for a result that throws as it is read (${mode}), and keeps serving`, async () => {
      const answer = await call(mode);
      assert.equal(answer.status, 500);
      assert.deepEqual(answer.json, { error: 'Internal Server Error' });
      assert.match(await app.logger.waitFor('error', /a field that throws when read/), /request failed/);
      assert.equal((await call('ok')).status, 200);
    });
  }

  it('counts a thenable whose then() throws as the handler throwing', async () => {
    const answer = await call('throwing-then');
    assert.equal(answer.status, 500);
    assert.deepEqual(answer.json, { content: [{ type: 'text', text: 'then is broken' }], isError: true });
  });

  it('aborts the signal when the client disconnects, logs it as info, and keeps serving', async () => {
    const errorsBefore = app.logger.text('error');
    const started = nextStart();
    const leaving = callThenHangUp(app.port, callPath('get_weather'), '{"mode":"hang"}');
    await started; // leave once the handler is running
    leaving.hangUp();
    await signalled;
    assert.equal(lastSignal?.aborted, true);
    assert.equal((lastSignal?.reason as DOMException).name, 'AbortError');
    await app.logger.waitFor('info', /client disconnected/);
    assert.equal(app.logger.text('error'), errorsBefore);
    assert.equal((await call('ok')).status, 200);
  });
});
