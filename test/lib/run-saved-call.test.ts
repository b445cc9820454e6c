// A saved call run from its list, against a real console: the line says passed, or why it did not run (a question the
// tool asked, the user's stop, an HTTP error, a backend that is not there), and never throws.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ToolApi } from '../../elements/api.js';
import { runSavedCall, runSummary, verdictText } from '../../elements/saved-calls/run-saved-call.js';
import type { CallContext } from '../../server/index.js';
import type { SavedCall } from '../../protocol/collections.js';
import { startConsole, type RunningConsole } from '../server/helpers.js';

/** The console's real client, which lets the test know when the page has been told of a call's progress. */
class WatchedApi extends ToolApi {
  progressed: () => void = () => {};
  override call(...[name, args, signal, onEvent, mode]: Parameters<ToolApi['call']>) {
    return super.call(
      name,
      args,
      signal,
      (event) => {
        onEvent?.(event);
        if (event.type === 'progress') this.progressed();
      },
      mode,
    );
  }
}

const tools = ['sum', 'ask', 'hold'].map((name) => ({ name, inputSchema: { type: 'object' } }));
const sumCall: SavedCall = {
  name: 'sum',
  tool: 'sum',
  arguments: { a: 2, b: 3 },
  expect: [{ isError: false }, { pointer: '/structuredContent/sum', equals: 5 }],
};

describe('runSavedCall', () => {
  let app: RunningConsole;
  let api: WatchedApi;
  /** Resolves when the `hold` tool has started, so the test stops a call that is really running. */
  let holding: () => void = () => {};

  before(async () => {
    app = await startConsole({
      allowExecute: true,
      tools,
      handleCall: async (name: string, args: unknown, _req: unknown, ctx: CallContext) => {
        if (name === 'sum') {
          // Progress and a log come first, and the page has them while the call still runs: events that are not
          // questions must not stop the run.
          const seen = new Promise<void>((resolve) => (api.progressed = resolve));
          ctx.log('info', 'adding up');
          ctx.progress(1, 2, 'adding');
          await seen;
          const { a, b } = args as { a: number; b: number };
          return { content: [{ type: 'text', text: `${a + b}` }], structuredContent: { sum: a + b } };
        }
        if (name === 'ask') {
          const answer = await ctx.elicit({ message: 'Which one?', requestedSchema: { type: 'object' } });
          return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
        }
        // hold: runs until the call is stopped.
        holding();
        await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
        return { content: [{ type: 'text', text: 'stopped' }] };
      },
    });
    api = new WatchedApi('tools', `http://127.0.0.1:${app.port}/`);
  });
  after(() => app.close());

  it('should pass a call whose expectations hold, through its progress and logs', async () => {
    const verdict = await runSavedCall(api, sumCall, new AbortController().signal);
    assert.deepEqual(verdict, { kind: 'passed' });
    assert.equal(verdictText(verdict), 'passed');
  });

  it('should fail a call whose expectation does not hold, saying which', async () => {
    const call = { ...sumCall, arguments: { a: 2, b: 2 } };
    const verdict = await runSavedCall(api, call, new AbortController().signal);
    assert.equal(verdictText(verdict), 'failed expectation: /structuredContent/sum: expected 5, got 4');
  });

  it('should not run on a question the tool asks, and say to run it in its form', { timeout: 5000 }, async () => {
    const verdict = await runSavedCall(api, { name: 'ask', tool: 'ask', arguments: {} }, new AbortController().signal);
    assert.equal(verdictText(verdict), 'not run: the tool asked a question: open the call and run it in its form');
  });

  it("should stop a running call when the user stops the run, and say 'stopped'", { timeout: 5000 }, async () => {
    const stop = new AbortController();
    const started = new Promise<void>((resolve) => (holding = resolve));
    const running = runSavedCall(api, { name: 'hold', tool: 'hold', arguments: {} }, stop.signal);
    await started;
    stop.abort();
    assert.equal(verdictText(await running), 'not run: stopped');
  });

  it("should give the backend's HTTP status and message when it refuses the call", async () => {
    const verdict = await runSavedCall(api, { name: 'x', tool: 'nope', arguments: {} }, new AbortController().signal);
    assert.equal(verdictText(verdict), 'not run: HTTP 404: Tool not found: nope');
  });

  it('should say why when the backend cannot be reached', async () => {
    const gone = await startConsole();
    await gone.close();
    const unreachable = new ToolApi('tools', `http://127.0.0.1:${gone.port}/`);
    const verdict = await runSavedCall(unreachable, sumCall, new AbortController().signal);
    assert.equal(verdictText(verdict), 'not run: fetch failed');
  });
});

describe('runSummary', () => {
  it('should count every kind of verdict', () => {
    assert.equal(
      runSummary([
        { kind: 'is-error', message: 'a' },
        { kind: 'is-error', message: 'b' },
        { kind: 'passed' },
        { kind: 'not-run', message: 'c' },
      ]),
      '4 calls: 1 passed, 0 failed, 2 isError, 1 not run',
    );
  });
});
