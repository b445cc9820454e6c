// A call that reports progress: its time limit starts again with each report, up to callTotalTimeoutMs counted from
// the call's start (never less than one callTimeoutMs), and no cap at all with 0. The clock and setTimeout are both
// mocked, so the limits pass in an instant and exactly where the test says.
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import type { CallContext, ToolConsoleOptions } from '../../server/index.js';
import { callPath, startConsole } from './helpers.js';

/** A console whose one call waits for the test: it reports progress through `ctx` and lets the call answer. */
async function heldCall(t: TestContext, options: Partial<ToolConsoleOptions>) {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  // A whole number, so the limits' sums come out exact.
  let clock = 1_000_000;
  t.mock.method(performance, 'now', () => clock);
  let started!: (ctx: CallContext) => void;
  const running = new Promise<CallContext>((resolve) => (started = resolve));
  let release!: () => void;
  const app = await startConsole({
    allowExecute: true,
    ...options,
    handleCall: (_name, _args, _req, ctx) => {
      started(ctx);
      return new Promise((resolve) => (release = () => resolve([[{ type: 'text', text: 'done' }], false])));
    },
  });
  t.after(() => app.close());
  const answer = app.request('POST', callPath('get_weather'), { body: '{}' });
  const ctx = await running;
  return {
    app,
    ctx,
    /** Moves the clock and the timers on by `ms`. */
    advance(ms: number) {
      clock += ms;
      t.mock.timers.tick(ms);
    },
    /** Lets the handler answer (too late, if the call already ended), then reads the call's answer. */
    async answer() {
      release();
      const { status, json } = await answer;
      return { status, text: json.content[0].text };
    },
  };
}

const done = { status: 200, text: 'done' };
const timedOut = (how: string) => ({ status: 504, text: `The tool call timed out ${how}.` });

describe('a call that reports progress', () => {
  it('gets its whole time limit again from each report, and then says it made no progress', async (t) => {
    const call = await heldCall(t, { callTimeoutMs: 1_000 });
    call.advance(900);
    call.ctx.progress(1);
    call.advance(900);
    call.ctx.progress(2);
    call.advance(999);
    assert.equal(call.app.logger.text('warn'), '', 'not timed out yet');
    call.advance(1);
    assert.deepEqual(await call.answer(), timedOut('with no progress for 1000 ms'));
  });

  it('ends at callTotalTimeoutMs counted from the start, however late its first report', async (t) => {
    const call = await heldCall(t, { callTimeoutMs: 1_000, callTotalTimeoutMs: 1_200 });
    call.advance(800);
    call.ctx.progress(1);
    call.advance(400);
    assert.deepEqual(await call.answer(), timedOut('at its total limit of 1200 ms'));
  });

  it('runs for a whole time limit at least, when the total is set lower', async (t) => {
    const call = await heldCall(t, { callTimeoutMs: 1_000, callTotalTimeoutMs: 300 });
    call.advance(100);
    call.ctx.progress(1);
    call.advance(899);
    assert.equal(call.app.logger.text('warn'), '', 'not timed out yet');
    call.advance(1);
    assert.deepEqual(await call.answer(), timedOut('at its total limit of 1000 ms'));
  });

  it('has no total cap with callTotalTimeoutMs: 0', async (t) => {
    const call = await heldCall(t, { callTimeoutMs: 1_000, callTotalTimeoutMs: 0 });
    for (let report = 0; report < 5; report++) {
      call.advance(900);
      call.ctx.progress(report);
    }
    assert.deepEqual(await call.answer(), done);
  });

  it('leaves the signal alone after it answered, though its total limit passes later', async (t) => {
    const call = await heldCall(t, { callTimeoutMs: 1_000, callTotalTimeoutMs: 2_000 });
    const { signal } = call.ctx;
    call.ctx.progress(1);
    call.advance(500);
    call.ctx.progress(2);
    assert.deepEqual(await call.answer(), done);
    call.advance(5_000);
    assert.equal(signal.aborted, false);
    assert.equal(call.app.logger.text('warn'), '');
  });

  it('takes progress from a call with no time limit at all', async (t) => {
    const call = await heldCall(t, { callTimeoutMs: 0 });
    call.ctx.progress(1);
    call.advance(100_000);
    assert.deepEqual(await call.answer(), done);
  });
});
