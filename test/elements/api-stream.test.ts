// ToolApi.call against a backend that streams the call (progress, logs, then the result) and one that answers plain
// JSON as before: the page asks for the stream and takes whichever answer comes.
import { expect, waitUntil } from '@open-wc/testing';
import { ApiError, type CallEvent, ToolApi } from '../../elements/api.js';
import { OUTPUT_CHECK_HEADER } from '../../protocol/index.js';
import { eventStream, json, stubFetch, type EventStreamAnswer } from './fetch-stub.js';

const RESULT = { content: [{ type: 'text', text: '3' }], structuredContent: { sum: 3 } };
const CHECK = { valid: false, errors: [{ path: '/sum', message: 'must be string', keyword: 'type' }] };

/** Calls `add` against one streamed answer; `events` records what the call reported, in order. */
function streamedCall(stream: EventStreamAnswer, signal?: AbortSignal) {
  const backend = stubFetch(() => stream.response);
  const events: CallEvent[] = [];
  const api = new ToolApi('/api/tools');
  api.token = 'abc';
  const outcome = api.call('add', { a: 1, b: 2 }, signal, (event) => events.push(event));
  return { outcome, events, calls: backend.calls, api };
}

describe('ToolApi.call, streamed', () => {
  it('should ask for a stream, and show that in the request it reports (the cURL)', async () => {
    const stream = eventStream();
    const { outcome, calls, api } = streamedCall(stream);
    stream.send('result', { status: 200, result: RESULT });
    const { request } = await outcome;
    expect(calls[0].init!.headers).to.deep.equal({
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      Authorization: 'Bearer abc',
    });
    expect(request.headers).to.deep.equal(calls[0].init!.headers);
    expect(api.callRequest('add', { a: 1, b: 2 })).to.deep.equal(request);
  });

  it('should report progress and log lines as they arrive, then resolve with the result event', async () => {
    const stream = eventStream('text/event-stream; charset=utf-8');
    const { outcome, events } = streamedCall(stream);
    stream.send('progress', { progress: 1, total: 4, message: 'Adding' });
    stream.send('log', { level: 'info', logger: 'math', data: { step: 1 } });
    // Reported before the result exists: the page can draw them while the call runs.
    await waitUntil(() => events.length === 2, 'the progress and the log line are reported');
    stream.write(': keep-alive\n\n');
    stream.send('progress', { progress: 4, total: 4 });
    stream.send('result', { status: 500, result: { ...RESULT, isError: true }, outputCheck: CHECK });
    const answer = await outcome;
    expect(events).to.deep.equal([
      { type: 'progress', progress: { progress: 1, total: 4, message: 'Adding' } },
      { type: 'log', log: { level: 'info', logger: 'math', data: { step: 1 } } },
      { type: 'progress', progress: { progress: 4, total: 4 } },
    ]);
    expect(answer.status).to.equal(500);
    expect(answer.result).to.deep.equal({ ...RESULT, isError: true });
    expect(answer.outputCheck).to.deep.equal(CHECK);
    expect(answer.name).to.equal('add');
    expect(answer.arguments).to.deep.equal({ a: 1, b: 2 });
  });

  it('should skip events it cannot read and events it does not know, and no check that is not one', async () => {
    const stream = eventStream();
    const { outcome, events } = streamedCall(stream);
    stream.write('event: progress\ndata: not json\n\n');
    stream.send('progress', { progress: '3' });
    stream.send('progress', { progress: 2, total: 'ten', message: 7 });
    stream.send('log', { data: 'no level' });
    stream.send('log', { level: 'debug', logger: 5 });
    stream.send('mystery', { taskId: 't1', status: 'working' });
    stream.write('data: {"progress":9}\n\n');
    stream.send('result', { status: 200, result: RESULT, outputCheck: { valid: 'yes' } });
    const answer = await outcome;
    expect(events).to.deep.equal([
      { type: 'progress', progress: { progress: 2 } },
      { type: 'log', log: { level: 'debug', data: undefined } },
    ]);
    expect(answer).not.to.have.property('outputCheck');
  });

  it('should read an answer whose events are cut anywhere into chunks', async () => {
    const stream = eventStream();
    const { outcome, events } = streamedCall(stream);
    const text = `event: log\r\ndata: {"level":"warning","data":"ünïcode"}\r\n\r\nevent: result\r\ndata: ${JSON.stringify({ status: 200, result: RESULT })}\r\n\r\n`;
    for (const byte of new TextEncoder().encode(text)) stream.write(Uint8Array.of(byte));
    expect((await outcome).result).to.deep.equal(RESULT);
    expect(events).to.deep.equal([{ type: 'log', log: { level: 'warning', data: 'ünïcode' } }]);
  });

  it('should fail, saying so, when the stream ends before the result', async () => {
    const stream = eventStream();
    const { outcome, events } = streamedCall(stream);
    stream.send('progress', { progress: 1 });
    stream.close();
    const error = await outcome.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.equal('The connection closed before the tool answered.');
    expect(events).to.have.length(1);
  });

  it('should say the same when the connection is cut mid-answer', async () => {
    const stream = eventStream();
    const { outcome } = streamedCall(stream);
    stream.write('event: progress\ndata: {"progr');
    stream.cut();
    const error = await outcome.catch((reason: unknown) => reason);
    expect([(error as Error).constructor, (error as Error).message]).to.deep.equal([
      Error,
      'The connection closed before the tool answered.',
    ]);
  });

  it('should fail with the status of a result event that carries no tool result', async () => {
    const stream = eventStream();
    const { outcome } = streamedCall(stream);
    stream.send('result', { status: 502, result: { error: 'The MCP server went away.' } });
    const error = await outcome.catch((reason: unknown) => reason);
    expect(error).to.be.instanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).message]).to.deep.equal([502, 'The MCP server went away.']);
  });

  it('should read the events without a listener for them, and resolve with the result', async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const outcome = new ToolApi('/api/tools').call('add', { a: 1, b: 2 });
    stream.send('progress', { progress: 1, total: 2 });
    stream.send('log', { level: 'info', data: 'adding' });
    stream.send('result', { status: 200, result: RESULT });
    expect((await outcome).result).to.deep.equal(RESULT);
  });

  it('should reject with the error of a listener that throws, not as a connection that closed', async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const bug = new RangeError('The page could not draw the progress.');
    const outcome = new ToolApi('/api/tools').call('add', {}, undefined, () => {
      throw bug;
    });
    stream.send('progress', { progress: 1 });
    expect(await outcome.catch((reason: unknown) => reason)).to.equal(bug);
  });

  it('should stop reading and reject as aborted when its signal aborts mid-stream', async () => {
    const stream = eventStream();
    const abort = new AbortController();
    const { outcome, events } = streamedCall(stream, abort.signal);
    stream.send('progress', { progress: 1 });
    await waitUntil(() => events.length === 1, 'the progress is reported');
    abort.abort();
    const error = await outcome.catch((reason: unknown) => reason);
    expect((error as DOMException).name).to.equal('AbortError');
    await stream.cancelled;
  });
});

describe('ToolApi.call, plain JSON', () => {
  it('should take a plain JSON answer as before, though it asked for a stream', async () => {
    const events: CallEvent[] = [];
    stubFetch(
      () =>
        new Response(JSON.stringify({ ...RESULT, isError: true }), {
          status: 504,
          headers: { 'Content-Type': 'application/json', [OUTPUT_CHECK_HEADER]: '{"valid":true}' },
        }),
    );
    const answer = await new ToolApi('/api/tools').call('add', {}, undefined, (event) => events.push(event));
    expect([answer.status, answer.result.isError, answer.outputCheck]).to.deep.equal([504, true, { valid: true }]);
    expect(events).to.deep.equal([]);
  });

  it('should still turn a precondition answer into an ApiError with the server’s message', async () => {
    stubFetch(() => json({ error: 'Unauthorized' }, 401));
    const error = await new ToolApi('/api/tools').call('add', {}).catch((reason: unknown) => reason);
    expect(error).to.be.instanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).message]).to.deep.equal([401, 'Unauthorized']);
  });

  it('should not read an error status as a stream, whatever its type says', async () => {
    const stream = eventStream();
    stubFetch(
      () => new Response(stream.response.body, { status: 403, headers: { 'Content-Type': 'text/event-stream' } }),
    );
    stream.write('{"error":"Tool execution is disabled."}');
    stream.close();
    const error = await new ToolApi('/api/tools').call('add', {}).catch((reason: unknown) => reason);
    expect([(error as ApiError).status, (error as ApiError).message]).to.deep.equal([
      403,
      'Tool execution is disabled.',
    ]);
  });
});

describe('ToolApi.watchTools', () => {
  it('should fail (so the watch is tried again later) when the server has too many watchers (503)', async () => {
    stubFetch(() => json({ error: 'Too many pages are watching the tool list' }, 503));
    const error = await new ToolApi('/api/tools').watchTools(new AbortController().signal, () => {}).catch((e) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).status).to.equal(503);
    expect((error as ApiError).message).to.equal('Too many pages are watching the tool list');
  });

  it('should hand on only the events it knows, whatever data an unknown one carries', async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const events: unknown[] = [];
    const watched = new ToolApi('/api/tools').watchTools(new AbortController().signal, (event) => events.push(event));
    stream.send('resource-moved', { uri: 'file:///a.txt' });
    stream.send('resource-updated', { uri: 'file:///b.txt' });
    stream.close();
    expect(await watched).to.equal('ended');
    expect(events).to.deep.equal([{ type: 'resource-updated', uri: 'file:///b.txt' }]);
  });

  it('should give up for good on a backend that answers the watch with something else than a stream', async () => {
    stubFetch(() => json([]));
    expect(await new ToolApi('/api/tools').watchTools(new AbortController().signal, () => {})).to.equal('unsupported');
  });
});
