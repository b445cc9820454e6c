// ToolApi.watchTools as a page sees it: the request that opens the watch (naming the list it holds), which answers
// count as a stream, and how a `tools-changed` event becomes a new list (asked with If-None-Match) or nothing.
import { expect, waitUntil } from '@open-wc/testing';
import { ApiError, ToolApi, type ToolsEvent } from '../../elements/api.js';
import { eventStream, json, stubFetch, type FetchCall } from './fetch-stub.js';

const TOOLS = 'http://example.test/api/tools';
const LIST = [{ name: 'add' }];
const NEWER = [{ name: 'add' }, { name: 'sub' }];

function tagged(body: unknown, etag: string): Response {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ETag: etag } });
}

/** A watch over one stream, after the list was loaded with `etag`; `reload` answers each reload of the list. */
async function watching(etag: string | undefined, reload: (call: FetchCall) => Response | Promise<Response>) {
  const api = new ToolApi(TOOLS);
  const stream = eventStream();
  let loads = 0;
  const backend = stubFetch((call) => {
    const accept = (call.init?.headers as Record<string, string>).Accept;
    if (accept === 'text/event-stream') return stream.response;
    loads += 1;
    if (loads === 1) return etag === undefined ? json(LIST) : tagged(LIST, etag);
    return reload(call);
  });
  await api.listTools();
  const events: ToolsEvent[] = [];
  const controller = new AbortController();
  const watched = api.watchTools(controller.signal, (event) => events.push(event));
  return { api, stream, backend, events, watched, controller };
}

describe('ToolApi.watchTools, the request', () => {
  it('should ask for a stream of the collection, naming the list it loaded, with the signal', async () => {
    const { backend, stream, watched, controller } = await watching('"v1"', () => json([]));
    stream.close();
    expect(await watched).to.equal('ended');
    const call = backend.calls[1];
    expect([call.url, call.method, call.signal]).to.deep.equal([TOOLS, 'GET', controller.signal]);
    expect(call.init?.headers).to.deep.equal({ Accept: 'text/event-stream', 'If-None-Match': '"v1"' });
  });

  it('should name no list when the one it loaded had no entity tag', async () => {
    const { backend, stream, watched } = await watching(undefined, () => json([]));
    stream.close();
    await watched;
    expect(backend.calls[1].init?.headers).to.deep.equal({ Accept: 'text/event-stream' });
  });

  it('should say the status of a 503 without a message', async () => {
    stubFetch(() => new Response('busy', { status: 503 }));
    const error = await new ToolApi(TOOLS).watchTools(new AbortController().signal, () => {}).catch((e) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect([error.status, error.message, error.body]).to.deep.equal([503, 'The server answered HTTP 503.', 'busy']);
  });

  it('should take any spelling of the stream type, and nothing else, as a stream', async () => {
    const answers: [string, number, string | null, 'ended' | 'unsupported'][] = [
      [' Text/Event-Stream; charset=utf-8', 200, 'event: x\ndata: 1\n\n', 'ended'],
      ['text/event-streams', 200, '', 'unsupported'],
      ['application/json; profile=text/event-stream', 200, '[]', 'unsupported'],
      ['text/event-stream', 500, '', 'unsupported'],
      ['text/event-stream', 200, null, 'unsupported'],
    ];
    for (const [type, status, body, expected] of answers) {
      stubFetch(() => new Response(body, { status, headers: { 'Content-Type': type } }));
      const answer = await new ToolApi(TOOLS).watchTools(new AbortController().signal, () => {});
      expect(answer, `${status} ${type} ${body}`).to.equal(expected);
    }
    stubFetch(() => new Response('', { headers: {} }));
    expect(await new ToolApi(TOOLS).watchTools(new AbortController().signal, () => {})).to.equal('unsupported');
  });

  it('should stop reading an answer that is not a stream', async () => {
    const notStream = eventStream('application/json');
    stubFetch(() => notStream.response);
    expect(await new ToolApi(TOOLS).watchTools(new AbortController().signal, () => {})).to.equal('unsupported');
    await notStream.cancelled;
  });
});

describe('ToolApi.watchTools, tools-changed', () => {
  it('should load the list again naming the one it has, hand it on, and name the new one next time', async () => {
    let version = 1;
    const { backend, stream, events, watched } = await watching('"v1"', () => tagged(NEWER, `"v${++version}"`));
    stream.send('tools-changed', {});
    await waitUntil(() => events.length === 1);
    stream.send('tools-changed', {});
    await waitUntil(() => events.length === 2);
    stream.close();
    expect(await watched).to.equal('ended');
    expect(events).to.deep.equal([
      { type: 'tools', tools: NEWER },
      { type: 'tools', tools: NEWER },
    ]);
    const reloads = backend.calls.slice(2);
    expect(reloads.map((call) => [call.url, call.init?.headers])).to.deep.equal([
      [TOOLS, { Accept: 'application/json', 'If-None-Match': '"v1"' }],
      [TOOLS, { Accept: 'application/json', 'If-None-Match': '"v2"' }],
    ]);
  });

  it('should hand on nothing when the list did not change (304), failed, or is no list, and keep watching', async () => {
    const answers: (() => Response | Promise<Response>)[] = [
      () => new Response(null, { status: 304 }),
      () => json({ error: 'Server error' }, 500),
      () => Promise.reject(new TypeError('Failed to fetch')),
      // Cut while its body is read.
      () => new Response(new ReadableStream({ start: (controller) => controller.error(new TypeError('cut')) })),
      () => json({ tools: NEWER }),
      () => new Response('not json', { headers: { ETag: '"bad"' } }),
      () => json(NEWER),
    ];
    const { backend, stream, events, watched } = await watching('"v1"', () => answers[backend.calls.length - 3]());
    for (let sent = 0; sent < answers.length; sent += 1) stream.send('tools-changed', {});
    await waitUntil(() => events.length === 1);
    stream.close();
    expect(await watched).to.equal('ended');
    expect(events).to.deep.equal([{ type: 'tools', tools: NEWER }]);
    // Each reload named the list loaded first: none of the failures replaced its tag.
    expect(
      backend.calls.slice(2).map((call) => (call.init?.headers as Record<string, string>)['If-None-Match']),
    ).to.deep.equal(Array(answers.length).fill('"v1"'));
  });

  it('should stop reading a failed reload’s body (the connection is freed)', async () => {
    let cancelled!: () => void;
    const freed = new Promise<void>((resolve) => (cancelled = resolve));
    const body = new ReadableStream({ cancel: () => cancelled() });
    const { stream, watched } = await watching('"v1"', () => new Response(body, { status: 500 }));
    stream.send('tools-changed', {});
    await freed;
    stream.close();
    expect(await watched).to.equal('ended');
  });

  it('should drop the tag of a new list that came without one', async () => {
    let reloads = 0;
    const { backend, stream, events, watched } = await watching('"v1"', () =>
      ++reloads === 1 ? json(NEWER) : json(LIST),
    );
    stream.send('tools-changed', {});
    await waitUntil(() => events.length === 1);
    stream.send('tools-changed', {});
    await waitUntil(() => events.length === 2);
    stream.close();
    await watched;
    expect(backend.calls[3].init?.headers).to.deep.equal({ Accept: 'application/json' });
  });

  it('should hand on a list the backend pushes whole', async () => {
    const { stream, events, watched } = await watching('"v1"', () => json([]));
    stream.send('tools', NEWER);
    stream.close();
    await watched;
    expect(events).to.deep.equal([{ type: 'tools', tools: NEWER }]);
  });
});
