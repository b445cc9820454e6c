// Streamed calls (`Accept: text/event-stream`) through both adapters: progress and log events as the tool runs, the
// result last, preconditions still plain JSON, progress that keeps a call alive, and a client that leaves mid-call.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createAdaptorServer } from '@hono/node-server';
import { createFetchHandler } from '../../server/fetch.js';
import { createServer, type CallContext, type Tool, type ToolConsoleOptions } from '../../server/index.js';
import { EventReader, type StreamedEvent } from '../support/event-stream.js';
import { close, listen } from '../support/listen.js';
import { recordingLogger, type RecordingLogger } from './helpers.js';

const tool = (name: string): Tool => ({ name, inputSchema: { type: 'object' } });
const tools = [
  'flood',
  'tasked',
  'job',
  'gated',
  'thrower',
  'bad-progress',
  'odd-log',
  'steady',
  'endless',
  'waits',
  'mode',
].map(tool);
const text = (value: string) => ({ content: [{ type: 'text', text: value }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise the test settles: lets a tool wait at a point until the test has seen what it wants. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

interface Harness {
  port: number;
  logger: RecordingLogger;
  gate: ReturnType<typeof gate>;
  /** Fires when the `waits` tool's signal aborts. */
  aborted: Promise<string>;
  close(): Promise<void>;
}

async function startHarness(
  adapter: 'node' | 'fetch',
  extra: Partial<ToolConsoleOptions<unknown>> = {},
): Promise<Harness> {
  const logger = recordingLogger();
  const toolGate = gate();
  let reportAbort: (reason: string) => void = () => {};
  const aborted = new Promise<string>((resolve) => (reportAbort = resolve));
  const handleCall = async (name: string, _args: unknown, _req: unknown, ctx: CallContext) => {
    switch (name) {
      case 'flood':
        // Writes log lines for as long as anyone takes them (64 KiB each, a macrotask apart).
        while (!ctx.signal.aborted) {
          ctx.log('info', 'x'.repeat(64 * 1024));
          await new Promise((resolve) => setImmediate(resolve));
        }
        reportAbort(String((ctx.signal.reason as Error).message));
        return text('flooded');
      case 'mode':
        return text(ctx.asTask ? 'as a task' : 'plainly');
      case 'tasked':
        ctx.task({ taskId: 't-1', status: 'working', statusMessage: 'Gathering sources...' });
        ctx.task({ taskId: 't-1', status: 'completed' });
        return text('found');
      case 'job':
        ctx.progress(1, 2, 'Half way');
        ctx.log('info', 'Working on it', 'job');
        ctx.log('warning', { disk: 'nearly full' });
        ctx.progress(2, 2);
        return text('done');
      case 'gated':
        ctx.progress(1);
        await toolGate.opened;
        return text('through the gate');
      case 'thrower':
        ctx.log('error', 'About to fail');
        throw new Error('The job broke.');
      case 'bad-progress':
        ctx.progress('half' as never);
        return text('unreachable');
      case 'odd-log':
        ctx.log('info', 10n);
        return text('logged');
      case 'steady':
        // Longer than the time limit in all, but never longer than it between two reports.
        for (let step = 1; step <= 8; step++) {
          await sleep(200);
          ctx.progress(step, 8);
        }
        return text('steady wins');
      case 'endless':
        for (let step = 1; !ctx.signal.aborted; step++) {
          await sleep(200);
          ctx.progress(step);
        }
        return text('stopped');
      case 'waits':
        ctx.progress(0);
        await new Promise<void>((resolve) =>
          ctx.signal.addEventListener('abort', () => {
            reportAbort(String((ctx.signal.reason as Error).message));
            resolve();
          }),
        );
        return text('left');
      default:
        throw new Error(`no tool ${name}`);
    }
  };
  const options = { tools, handleCall, allowExecute: true, logger, ...extra };
  const server: Server =
    adapter === 'node'
      ? createServer(options as ToolConsoleOptions)
      : (createAdaptorServer({ fetch: createFetchHandler(options as ToolConsoleOptions<Request>) }) as Server);
  const port = await listen(server);
  return { port, logger, gate: toolGate, aborted, close: () => close(server) };
}

function streamCall(port: number, name: string, init: { headers?: Record<string, string>; signal?: AbortSignal } = {}) {
  return fetch(`http://127.0.0.1:${port}/tools/${name}/call`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...init.headers },
    body: '{}',
    signal: init.signal,
  });
}

async function eventsOf(response: Response): Promise<StreamedEvent[]> {
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/event-stream');
  return new EventReader(response.body!).rest();
}

for (const adapter of ['node', 'fetch'] as const) {
  describe(`streamed calls (${adapter} adapter)`, () => {
    let harness: Harness;
    before(async () => (harness = await startHarness(adapter)));
    after(() => harness.close());

    it('should send progress and log events in order, then the result', async () => {
      const response = await streamCall(harness.port, 'job');
      assert.equal(response.headers.get('cache-control'), 'no-cache, no-transform');
      assert.deepEqual(await eventsOf(response), [
        { event: 'progress', data: { progress: 1, total: 2, message: 'Half way' } },
        { event: 'log', data: { level: 'info', logger: 'job', data: 'Working on it' } },
        { event: 'log', data: { level: 'warning', data: { disk: 'nearly full' } } },
        { event: 'progress', data: { progress: 2, total: 2 } },
        {
          event: 'result',
          data: { status: 200, result: { content: [{ type: 'text', text: 'done' }], isError: false } },
        },
      ]);
    });

    it("should send a task's statuses as task events", async () => {
      const events = await eventsOf(await streamCall(harness.port, 'tasked'));
      assert.deepEqual(events.slice(0, 2), [
        { event: 'task', data: { taskId: 't-1', status: 'working', statusMessage: 'Gathering sources...' } },
        { event: 'task', data: { taskId: 't-1', status: 'completed' } },
      ]);
    });

    it('should send progress while the tool still runs', async () => {
      const reader = new EventReader((await streamCall(harness.port, 'gated')).body!);
      assert.deepEqual(await reader.next(), { event: 'progress', data: { progress: 1 } });
      harness.gate.open();
      const rest = await reader.rest();
      assert.deepEqual(rest.at(-1), {
        event: 'result',
        data: { status: 200, result: { content: [{ type: 'text', text: 'through the gate' }], isError: false } },
      });
    });

    it('should end with the status the plain answer would have had when the tool fails', async () => {
      const events = await eventsOf(await streamCall(harness.port, 'thrower'));
      assert.deepEqual(events[0], { event: 'log', data: { level: 'error', data: 'About to fail' } });
      assert.deepEqual(events[1], {
        event: 'result',
        data: { status: 500, result: { content: [{ type: 'text', text: 'The job broke.' }], isError: true } },
      });
    });

    it('should turn a misused ctx.progress into an error result that says how to call it', async () => {
      const [result] = await eventsOf(await streamCall(harness.port, 'bad-progress'));
      assert.equal((result.data as { status: number }).status, 500);
      assert.match(JSON.stringify(result.data), /ctx\.progress\(progress, total\?, message\?\) takes finite numbers/);
    });

    it('should send log data JSON cannot express as its text', async () => {
      const [log] = await eventsOf(await streamCall(harness.port, 'odd-log'));
      assert.deepEqual(log, { event: 'log', data: { level: 'info', data: '10' } });
    });

    it('should tell the handler whether the client asked for a task (Tool-Call-Mode: task), streamed or not', async () => {
      const resultText = (events: StreamedEvent[]) =>
        (events.at(-1)!.data as { result: { content: { text: string }[] } }).result.content[0]!.text;
      assert.equal(resultText(await eventsOf(await streamCall(harness.port, 'mode'))), 'plainly');
      const asked = await streamCall(harness.port, 'mode', { headers: { 'Tool-Call-Mode': 'task' } });
      assert.equal(resultText(await eventsOf(asked)), 'as a task');
      const plain = await fetch(`http://127.0.0.1:${harness.port}/tools/mode/call`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Tool-Call-Mode': 'task' },
        body: '{}',
      });
      assert.deepEqual(await plain.json(), { content: [{ type: 'text', text: 'as a task' }], isError: false });
      const other = await streamCall(harness.port, 'mode', { headers: { 'Tool-Call-Mode': 'background' } });
      assert.equal(resultText(await eventsOf(other)), 'plainly');
    });

    it('should answer a call without the Accept header with one JSON answer, as before', async () => {
      const response = await streamCall(harness.port, 'job', { headers: { Accept: 'application/json' } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/json');
      assert.deepEqual(await response.json(), { content: [{ type: 'text', text: 'done' }], isError: false });
    });

    it('should answer an unknown tool with a plain 404, before any stream', async () => {
      const response = await streamCall(harness.port, 'nope');
      assert.equal(response.status, 404);
      assert.equal(response.headers.get('content-type'), 'application/json');
      assert.deepEqual(await response.json(), { error: 'Tool not found: nope' });
    });

    it('should stop the call when its client goes away mid-stream', async () => {
      const abort = new AbortController();
      const reader = new EventReader((await streamCall(harness.port, 'waits', { signal: abort.signal })).body!);
      assert.deepEqual(await reader.next(), { event: 'progress', data: { progress: 0 } });
      abort.abort();
      assert.equal(await harness.aborted, 'The client disconnected.');
      await harness.logger.waitFor('info', /call of "waits" aborted: the client disconnected/);
    });
  });

  describe(`streamed calls and a client that stops reading (${adapter} adapter)`, () => {
    it('should drop a client that reads none of the stream, ending its call', async () => {
      const flooded = await startHarness(adapter, { writeTimeoutMs: 300 });
      const socket = connect(flooded.port, '127.0.0.1');
      try {
        socket.pause(); // reads nothing, ever
        socket.write(
          'POST /tools/flood/call HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            'Accept: text/event-stream\r\nContent-Length: 2\r\n\r\n{}',
        );
        assert.equal(await flooded.aborted, 'The client disconnected.');
      } finally {
        socket.destroy();
        await flooded.close();
      }
    });
  });

  describe(`streamed calls, preconditions and time limits (${adapter} adapter)`, () => {
    it('should refuse with a plain 403 when execution is off, and a plain 401 when the hook denies', async () => {
      const off = await startHarness(adapter, { allowExecute: false });
      const denied = await startHarness(adapter, {
        authHook: (_req: unknown, next: (e?: unknown) => void) => next(new Error('no')),
      });
      try {
        const forbidden = await streamCall(off.port, 'job');
        assert.equal(forbidden.status, 403);
        assert.deepEqual(await forbidden.json(), { error: 'Tool execution is disabled.' });
        const unauthorized = await streamCall(denied.port, 'job');
        assert.equal(unauthorized.status, 401);
        assert.deepEqual(await unauthorized.json(), { error: 'Unauthorized' });
      } finally {
        await Promise.all([off.close(), denied.close()]);
      }
    });

    it('should let a call that keeps reporting progress outlive its time limit, up to the total cap', async () => {
      const limited = await startHarness(adapter, { callTimeoutMs: 1000, callTotalTimeoutMs: 3000 });
      try {
        // 8 reports 200 ms apart: 1.6 s in all, more than the 1 s limit, but never 1 s without progress.
        const steady = await eventsOf(await streamCall(limited.port, 'steady'));
        assert.equal(steady.filter((event) => event.event === 'progress').length, 8);
        assert.deepEqual(steady.at(-1)?.data, {
          status: 200,
          result: { content: [{ type: 'text', text: 'steady wins' }], isError: false },
        });
        const endless = (await eventsOf(await streamCall(limited.port, 'endless'))).at(-1);
        assert.deepEqual(endless, {
          event: 'result',
          data: {
            status: 504,
            result: {
              content: [{ type: 'text', text: 'The tool call timed out at its total limit of 3000 ms.' }],
              isError: true,
            },
          },
        });
      } finally {
        await limited.close();
      }
    });
  });
}
