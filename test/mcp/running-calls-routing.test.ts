// Where a server's messages go among the calls the bridge has running: log lines to every call (or to the host
// between calls), questions and sampling requests to the call started last (or declined when none runs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RunningCalls, SamplingRejected, type LogMessage } from '../../server/mcp/running-calls.js';
import type { ElicitAnswer, SampleAnswer } from '../../server/types.js';
import { recordingContext } from './call-bridge.js';

/** A call that runs until `end` is called. */
function openCall() {
  let end!: () => void;
  const ended = new Promise<string>((resolve) => (end = () => resolve('done')));
  return { ended, end: () => end() };
}

const sampleParams = {
  messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Hi' } }],
  maxTokens: 5,
};

describe('the calls the bridge has running', () => {
  it('should send log lines to every running call, and to the host between calls', async () => {
    const between: LogMessage[] = [];
    const calls = new RunningCalls((message) => between.push(message));
    const first = recordingContext();
    const second = recordingContext();
    const one = openCall();
    const two = openCall();
    const tracked = [calls.track(first.ctx, () => one.ended), calls.track(second.ctx, () => two.ended)];
    calls.log({ level: 'info', data: 'both', logger: 'srv' });
    one.end();
    assert.equal(await tracked[0], 'done');
    calls.log({ level: 'warning', data: 'second only' });
    two.end();
    await tracked[1];
    calls.log({ level: 'error', data: 'nobody' });
    assert.deepEqual(first.logs, [{ level: 'info', data: 'both', logger: 'srv' }]);
    assert.deepEqual(second.logs, [
      { level: 'info', data: 'both', logger: 'srv' },
      { level: 'warning', data: 'second only', logger: undefined },
    ]);
    assert.deepEqual(between, [{ level: 'error', data: 'nobody' }]);
  });

  it('should forget a call that failed', async () => {
    const between: LogMessage[] = [];
    const calls = new RunningCalls((message) => between.push(message));
    const { ctx, logs } = recordingContext();
    await assert.rejects(
      calls.track(ctx, () => Promise.reject(new Error('boom'))),
      /boom/,
    );
    calls.log({ level: 'info', data: 'after' });
    assert.deepEqual(logs, []);
    assert.deepEqual(between, [{ level: 'info', data: 'after' }]);
  });

  it('should ask the call started last, as a form or a URL question, with the signal given', async () => {
    const calls = new RunningCalls(() => {});
    const first = recordingContext();
    const answer: ElicitAnswer = { action: 'accept', content: { name: 'Ada' } };
    const second = recordingContext(undefined, () => answer);
    let signal: AbortSignal | undefined;
    const elicit = second.ctx.elicit;
    second.ctx.elicit = (request, options) => ((signal = options?.signal), elicit(request, options));
    const one = openCall();
    const two = openCall();
    void calls.track(first.ctx, () => one.ended);
    const tracked = calls.track(second.ctx, () => two.ended);
    const controller = new AbortController();
    const requestedSchema = { type: 'object' as const, properties: { name: { type: 'string' as const } } };
    assert.deepEqual(
      await calls.elicit({ mode: 'form', message: 'Name?', requestedSchema }, controller.signal),
      answer,
    );
    await calls.elicit(
      { mode: 'url', message: 'Go', url: 'https://a.example', elicitationId: 'e1' },
      controller.signal,
    );
    assert.equal(signal, controller.signal);
    assert.deepEqual(first.questions, []);
    assert.deepEqual(second.questions, [
      { mode: 'form', message: 'Name?', requestedSchema },
      { mode: 'url', message: 'Go', url: 'https://a.example', elicitationId: 'e1' },
    ]);
    two.end();
    await tracked;
    // Now the first call is the latest.
    await calls.elicit({ message: 'Again?', requestedSchema }, controller.signal);
    assert.deepEqual(first.questions, [{ mode: 'form', message: 'Again?', requestedSchema }]);
    one.end();
  });

  it('should decline a question when no call runs', async () => {
    const calls = new RunningCalls(() => {});
    const requestedSchema = { type: 'object' as const, properties: {} };
    assert.deepEqual(await calls.elicit({ message: 'Anyone?', requestedSchema }, new AbortController().signal), {
      action: 'cancel',
    });
  });

  it("should answer sampling with the latest call's reply, and reject it when the user gave none", async () => {
    const calls = new RunningCalls(() => {});
    const reply: SampleAnswer = {
      action: 'accept',
      result: { role: 'assistant', content: { type: 'text', text: 'Hello' }, model: 'user' },
    };
    const { ctx, samples } = recordingContext(undefined, undefined, () => reply);
    let signal: AbortSignal | undefined;
    const sample = ctx.sample;
    ctx.sample = (request, options) => ((signal = options?.signal), sample(request, options));
    const controller = new AbortController();
    const declining = recordingContext(undefined, undefined, () => ({ action: 'decline' }));
    const one = openCall();
    const tracked = calls.track(ctx, () => one.ended);
    assert.deepEqual(await calls.sample(sampleParams, controller.signal), reply.result);
    assert.deepEqual(samples, [sampleParams]);
    assert.equal(signal, controller.signal);
    const two = openCall();
    const trackedTwo = calls.track(declining.ctx, () => two.ended);
    await assert.rejects(calls.sample(sampleParams, new AbortController().signal), SamplingRejected);
    two.end();
    one.end();
    await Promise.all([tracked, trackedTwo]);
    const rejected = await calls.sample(sampleParams, new AbortController().signal).catch((error: unknown) => error);
    assert.ok(rejected instanceof SamplingRejected);
    assert.equal(rejected.code, -1);
    assert.match(rejected.message, /User rejected sampling request/);
  });

  it('should tell every running call that a URL question is done with', async () => {
    const calls = new RunningCalls(() => {});
    const done: string[] = [];
    const { ctx } = recordingContext();
    ctx.elicitationComplete = (id) => void done.push(id);
    const other = recordingContext();
    other.ctx.elicitationComplete = (id) => void done.push(`other ${id}`);
    const one = openCall();
    const tracked = [calls.track(ctx, () => one.ended), calls.track(other.ctx, () => one.ended)];
    calls.elicitationComplete('e1');
    one.end();
    await Promise.all(tracked);
    calls.elicitationComplete('e2');
    assert.deepEqual(done, ['e1', 'other e1']);
  });
});
