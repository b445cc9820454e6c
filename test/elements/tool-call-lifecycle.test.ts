// The life of one tool call as its owner (the console, or a form on its own) receives it: the snapshots handed out,
// the `tool-call-end` event, the request shown for the cURL tab, and the questions the server asks along the way —
// answered, answered again, or no longer there. The backend is a ToolApi over a stubbed fetch, its call a stream the
// test writes into.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { type CallEvent, type CallMode, type QuestionAnswer, ToolApi } from '../../elements/api.js';
import type { ToolCall } from '../../elements/call/tool-call.js';
import type { ToolCallEndDetail } from '../../elements/events.js';
import { eventStream, json, stubFetch, type EventStreamAnswer, type FetchCall } from './fetch-stub.js';

// Imported while the tests run, not as the file loads: the mutation runner counts what a module does as it loads
// (the words said when the server completes a question) only for a test file that loads it during its tests.
let startToolCall: typeof import('../../elements/call/tool-call.js').startToolCall;
before(async () => {
  ({ startToolCall } = await import('../../elements/call/tool-call.js'));
});

const RESULT = { content: [{ type: 'text', text: 'done' }] };
const ACCEPT: QuestionAnswer = { action: 'accept', content: {} };
const CANCEL: QuestionAnswer = { action: 'cancel' };
const FORM_PARAMS = { mode: 'form', message: 'Go on?', requestedSchema: { type: 'object', properties: {} } };
const URL_PARAMS = { mode: 'url', message: 'Sign in.', url: 'https://auth.example.com/login', elicitationId: 'e1' };

/** How the backend answers the next answer to a question (204 unless a test says otherwise). */
let answerWith: (call: FetchCall) => Response | Promise<Response>;

interface Started {
  api: ToolApi;
  stream: EventStreamAnswer;
  source: HTMLElement;
  running: ToolCall;
  /** Every snapshot handed out after the running one, in order. */
  snapshots: ToolCall[];
  latest: () => ToolCall;
  calls: FetchCall[];
}

/** Starts `ask` against a backend whose call answer is a stream the test writes into. */
function start(mode?: CallMode): Started {
  const stream = eventStream();
  answerWith = () => new Response(null, { status: 204 });
  const { calls } = stubFetch((call) => {
    const { pathname } = new URL(call.url);
    if (pathname.endsWith('/call')) return stream.response;
    if (pathname.includes('/requests/')) return answerWith(call);
    return json({ error: 'Not found' }, 404);
  });
  const api = new ToolApi('/api/tools');
  const source = document.createElement('div');
  const snapshots: ToolCall[] = [];
  const running = startToolCall(source, api, 'ask', { a: 1 }, (next) => snapshots.push(next), mode)!;
  return { api, stream, source, running, snapshots, latest: () => snapshots.at(-1) ?? running, calls };
}

/** Sends the events, then a log line, and waits until the call has taken the line (so all before it too). */
async function send(started: Started, ...events: [string, unknown][]): Promise<void> {
  for (const [type, data] of events) started.stream.send(type, data);
  const lines = started.latest().logs.length;
  started.stream.send('log', { level: 'debug', data: 'mark' });
  await waitUntil(() => started.latest().logs.length > lines, 'the events are taken');
}

const answersSent = (calls: FetchCall[]) => calls.filter((call) => call.url.includes('/requests/'));
const question = (call: ToolCall, id: string) => call.questions.find((open) => open.id === id);

/** Errors the page would see in its console: a promise nobody handled that rejected. */
function unhandledRejections(): { reasons: unknown[]; stop: () => void } {
  const reasons: unknown[] = [];
  const record = (event: PromiseRejectionEvent) => {
    event.preventDefault();
    reasons.push(event.reason);
  };
  addEventListener('unhandledrejection', record);
  return { reasons, stop: () => removeEventListener('unhandledrejection', record) };
}

/** One turn of the event loop: long enough for a rejected promise nobody handles to be reported. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a tool call, as its owner receives it', () => {
  it('should fail a call without a backend with a message saying what to set, after the caller has its start', async () => {
    const source = document.createElement('div');
    const snapshots: ToolCall[] = [];
    const ended = oneEvent(source, 'tool-call-end');
    const running = startToolCall(source, undefined, 'echo', { a: 1 }, (next) => snapshots.push(next))!;
    expect(running.status).to.equal('running');
    // The request it would have sent, for the cURL tab: no URL to send it to.
    expect(running.request).to.deep.equal({ url: '', method: 'POST', headers: {}, body: '{"a":1}' });
    const detail = ((await ended) as CustomEvent<ToolCallEndDetail>).detail;
    expect([detail.name, detail.aborted, detail.error?.message]).to.deep.equal([
      'echo',
      false,
      'No backend: set `api` or `src`.',
    ]);
    expect(snapshots.map((call) => [call.status, call.error?.message])).to.deep.equal([
      ['failed', 'No backend: set `api` or `src`.'],
    ]);
  });

  it('should hold the request the backend gets, for the cURL tab, and number each run after the last', async () => {
    const first = start({ asTask: true });
    const sent = first.calls.find((call) => call.url.endsWith('/call'))!;
    expect(first.running.request).to.deep.equal(first.api.callRequest('ask', { a: 1 }, { asTask: true }));
    expect([first.running.request.url, first.running.request.headers]).to.deep.equal([sent.url, sent.init!.headers]);
    expect(first.running.request.url).to.equal(`${location.origin}/api/tools/ask/call`);
    first.stream.send('result', { status: 200, result: RESULT });
    await waitUntil(() => first.latest().status === 'finished', 'the first call ends');
    const second = start();
    expect(second.running.run).to.equal(first.running.run + 1);
    expect(first.snapshots.every((call) => call.run === first.running.run)).to.equal(true);
  });

  it('should hand out nothing after the end, whatever the backend reports late', async () => {
    let late: ((event: CallEvent) => void) | undefined;
    // A backend of the embedder's own that reports an event after the call's answer.
    class LateApi extends ToolApi {
      override call(...[name, args, signal, onEvent, mode]: Parameters<ToolApi['call']>) {
        late = onEvent;
        return super.call(name, args, signal, undefined, mode);
      }
    }
    stubFetch(() => json(RESULT));
    const snapshots: ToolCall[] = [];
    startToolCall(document.createElement('div'), new LateApi('/api/tools'), 'ask', {}, (next) => snapshots.push(next));
    await waitUntil(() => snapshots.length === 1, 'the call ends');
    late!({ type: 'progress', progress: { progress: 1, total: 2 } });
    late!({ type: 'log', log: { level: 'info', data: 'late' } });
    expect(snapshots.map((call) => [call.status, call.progress, call.logs.length])).to.deep.equal([
      ['finished', undefined, 0],
    ]);
  });

  it('should take a question asked twice as one, and a close of a question never asked as nothing', async () => {
    const call = start();
    const asked = { id: 'q', kind: 'elicitation', params: FORM_PARAMS };
    await send(call, ['request', asked], ['request', asked], ['request-closed', { id: 'nope', reason: 'completed' }]);
    expect(call.latest().questions.map((open) => open.id)).to.deep.equal(['q']);
    expect(call.latest().notice).to.equal(undefined);
  });

  it('should say when the server completes a question, and keep saying it while other questions are answered', async () => {
    const call = start();
    await send(
      call,
      ['request', { id: 'url', kind: 'elicitation', params: URL_PARAMS }],
      ['request', { id: 'next', kind: 'elicitation', params: FORM_PARAMS }],
      ['request-closed', { id: 'url', reason: 'completed' }],
    );
    expect(call.latest().notice).to.equal('The server says this step is complete.');
    expect(call.latest().questions.map((open) => open.id)).to.deep.equal(['next']);
    call.latest().answer('next', ACCEPT);
    await waitUntil(() => call.latest().questions.length === 0, 'the answered question closes');
    expect(call.latest().notice).to.equal('The server says this step is complete.');
  });

  it('should send one answer at a time for the question answered, and none for a question no longer open', async () => {
    const call = start();
    await send(
      call,
      ['request', { id: 'one', kind: 'elicitation', params: FORM_PARAMS }],
      ['request', { id: 'two', kind: 'elicitation', params: FORM_PARAMS }],
    );
    let release!: () => void;
    answerWith = () => new Promise((resolve) => (release = () => resolve(new Response(null, { status: 204 }))));
    const errors = unhandledRejections();
    try {
      call.latest().answer('one', ACCEPT);
      expect([question(call.latest(), 'one')?.sending, question(call.latest(), 'two')?.sending]).to.deep.equal([
        true,
        undefined,
      ]);
      call.latest().answer('one', ACCEPT);
      call.latest().answer('gone', ACCEPT);
      await waitUntil(() => answersSent(call.calls).length === 1, 'the answer is posted');
      release();
      await waitUntil(() => !question(call.latest(), 'one'), 'the answered question closes');
      await nextTask();
      expect(answersSent(call.calls).map((sent) => new URL(sent.url).pathname)).to.deep.equal([
        '/api/tools/ask/requests/one',
      ]);
      expect(call.latest().questions.map((open) => open.id)).to.deep.equal(['two']);
      expect(errors.reasons).to.deep.equal([]);
    } finally {
      errors.stop();
    }
  });

  it('should clear the last refusal while a new answer is on its way', async () => {
    const call = start();
    await send(call, ['request', { id: 'one', kind: 'elicitation', params: FORM_PARAMS }]);
    answerWith = () => json({ error: 'Unauthorized' }, 401);
    call.latest().answer('one', ACCEPT);
    await waitUntil(() => question(call.latest(), 'one')?.problem === 'Unauthorized', 'the refusal is said');
    expect(question(call.latest(), 'one')?.sending).to.equal(false);
    answerWith = () => new Promise(() => {});
    call.latest().answer('one', ACCEPT);
    const { sending, problem } = question(call.latest(), 'one')!;
    expect([sending, problem]).to.deep.equal([true, undefined]);
  });

  it('should keep an accepted link question waiting for its server, and let the user still cancel it', async () => {
    const call = start();
    await send(
      call,
      ['request', { id: 'url', kind: 'elicitation', params: URL_PARAMS }],
      ['request', { id: 'form', kind: 'elicitation', params: FORM_PARAMS }],
    );
    // Accepting the form question closes it, whatever kind of question came first.
    call.latest().answer('form', ACCEPT);
    await waitUntil(() => !question(call.latest(), 'form'), 'the form question closes');
    call.latest().answer('url', ACCEPT);
    await waitUntil(() => question(call.latest(), 'url')?.waiting, 'the link question waits');
    expect(question(call.latest(), 'url')!.sending).to.equal(false);
    call.latest().answer('url', CANCEL);
    await waitUntil(() => call.latest().questions.length === 0, 'the link question closes');
    expect(answersSent(call.calls).map((sent) => [new URL(sent.url).pathname, sent.body])).to.deep.equal([
      ['/api/tools/ask/requests/form', ACCEPT],
      ['/api/tools/ask/requests/url', ACCEPT],
      ['/api/tools/ask/requests/url', CANCEL],
    ]);
  });
});
