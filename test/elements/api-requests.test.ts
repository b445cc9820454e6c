// ToolApi as an embedding page sees it: the URLs it derives from `src`, the exact request each method sends (method,
// URL, headers, body), and what each kind of answer becomes (the value, or an ApiError with its status, message, body).
import { expect } from '@open-wc/testing';
import { ToolApi, bearer, errorMessage, readJson } from '../../elements/api.js';
import { expectApiError, rejection } from './api-errors.helpers.js';
import { eventStream, json, stubFetch } from './fetch-stub.js';

const BASE = 'http://example.test/app/';
const TOOLS = 'http://example.test/app/api/tools';
const RESULT = { content: [{ type: 'text', text: 'ok' }] };

function api(token = ''): ToolApi {
  const tools = new ToolApi('api/tools', BASE);
  tools.token = token;
  return tools;
}

describe('ToolApi URLs', () => {
  it('should resolve src against the base and drop its trailing slashes', () => {
    expect(new ToolApi('api/tools///', BASE).toolsUrl).to.equal(TOOLS);
    expect(new ToolApi('/api/tools/').toolsUrl).to.equal(new URL('/api/tools', document.baseURI).href);
  });

  it('should name a tool, its call, its validation and its questions in one encoded segment each', () => {
    const tools = api();
    expect(tools.toolUrl('a/b c')).to.equal(`${TOOLS}/a%2Fb%20c`);
    expect(tools.toolUrl('..')).to.equal(`${TOOLS}/%FF..`);
    expect(tools.callUrl('a/b')).to.equal(`${TOOLS}/a%2Fb/call`);
    expect(tools.validateUrl('a/b')).to.equal(`${TOOLS}/a%2Fb/validate`);
    expect(tools.answerUrl('a/b', 'q/1?')).to.equal(`${TOOLS}/a%2Fb/requests/q%2F1%3F`);
    expect(tools.resourcesUrl).to.equal('http://example.test/app/api/resources/read');
  });
});

describe('bearer, readJson, errorMessage', () => {
  it('should add the Bearer scheme once, whatever the user pasted', () => {
    expect(bearer(' abc ')).to.equal('Bearer abc');
    expect(bearer('bearer   abc ')).to.equal('Bearer abc');
    expect(bearer('BEARER\tabc')).to.equal('Bearer abc');
    expect(bearer('Bearerabc')).to.equal('Bearer Bearerabc');
  });

  it('should read a body as JSON, or as its text when it is not JSON', async () => {
    expect(await readJson(new Response('{"a":[1]}'))).to.deep.equal({ a: [1] });
    expect(await readJson(new Response('<h1>Bad gateway</h1>'))).to.equal('<h1>Bad gateway</h1>');
  });

  it('should say the server’s error, or its status when it gave none', () => {
    expect(errorMessage(418, { error: 'I am a teapot' })).to.equal('I am a teapot');
    expect(errorMessage(502, '<h1>Bad gateway</h1>')).to.equal('The server answered HTTP 502.');
  });
});

describe('ToolApi.listTools', () => {
  it('should GET the collection as JSON with the signal, and resolve with the list', async () => {
    const backend = stubFetch(() => json([{ name: 'add' }]));
    const signal = new AbortController().signal;
    expect(await api('abc').listTools(signal)).to.deep.equal([{ name: 'add' }]);
    const [call] = backend.calls;
    expect([call.url, call.method, call.signal]).to.deep.equal([TOOLS, 'GET', signal]);
    expect(call.init?.headers).to.deep.equal({ Accept: 'application/json' });
  });

  it('should reject with the status and the server’s message, or the status alone for a page', async () => {
    stubFetch(() => json({ error: 'Sign in first' }, 401));
    expectApiError(await rejection(api().listTools()), 401, 'Sign in first', { error: 'Sign in first' });
    stubFetch(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expectApiError(await rejection(api().listTools()), 502, 'The server answered HTTP 502.', '<h1>Bad gateway</h1>');
  });

  it('should reject an answer that is not a JSON array', async () => {
    stubFetch(() => json({ tools: [] }));
    expectApiError(await rejection(api().listTools()), 200, 'The tools list is not a JSON array.', { tools: [] });
  });
});

describe('ToolApi.consoleInfo', () => {
  it('should GET /console beside the collection and resolve with its description', async () => {
    const info = { offers: 'tools', title: 'Demo' };
    const backend = stubFetch(() => json(info));
    expect(await api().consoleInfo()).to.deep.equal(info);
    expect(backend.calls[0].url).to.equal('http://example.test/app/api/console');
    expect(backend.calls[0].init?.headers).to.deep.equal({ Accept: 'application/json' });
  });

  it('should reject a description without offers, or no description at all', async () => {
    stubFetch(() => json({ offers: 3 }));
    expectApiError(await rejection(api().consoleInfo()), 200, 'The console description has no offers.', { offers: 3 });
    stubFetch(() => json(null));
    expectApiError(await rejection(api().consoleInfo()), 200, 'The console description has no offers.', null);
    stubFetch(() => json({ error: 'Not here' }, 404));
    expectApiError(await rejection(api().consoleInfo()), 404, 'Not here', { error: 'Not here' });
  });
});

describe('ToolApi.getTool', () => {
  it('should GET the tool’s URL and resolve with its detail', async () => {
    const detail = { name: 'a/b', inputSchema: { type: 'object' } };
    const backend = stubFetch(() => json(detail));
    expect(await api().getTool('a/b')).to.deep.equal(detail);
    expect(backend.calls[0].url).to.equal(`${TOOLS}/a%2Fb`);
  });

  it('should reject an answer that is not that tool’s detail', async () => {
    const message = "The server's answer for “add” is not that tool's detail.";
    for (const body of [{ name: 'sub' }, null, 'add', [{ name: 'add' }]]) {
      stubFetch(() => json(body));
      expectApiError(await rejection(api().getTool('add')), 200, message, body);
    }
    stubFetch(() => json({ error: 'No tool “add”.' }, 404));
    expectApiError(await rejection(api().getTool('add')), 404, 'No tool “add”.', { error: 'No tool “add”.' });
  });
});

describe('ToolApi.validate', () => {
  it('should POST the arguments as JSON to the validate URL and resolve with the verdict', async () => {
    const verdict = { valid: false, errors: [{ path: '/a', message: 'must be number', keyword: 'type' }] };
    const backend = stubFetch(() => json(verdict, 400));
    const signal = new AbortController().signal;
    expect(await api().validate('add', { a: 'x' }, signal)).to.deep.equal(verdict);
    const [call] = backend.calls;
    expect([call.url, call.method, call.body, call.signal]).to.deep.equal([
      `${TOOLS}/add/validate`,
      'POST',
      { a: 'x' },
      signal,
    ]);
    expect(call.init?.headers).to.deep.equal({ 'Content-Type': 'application/json' });
  });

  it('should resolve null when the backend has no validate endpoint, or answers no verdict', async () => {
    for (const status of [404, 405, 501]) {
      stubFetch(() => json({ valid: true }, status));
      expect(await api().validate('add', {}), `HTTP ${status}`).to.equal(null);
    }
    for (const body of [{ valid: 'yes' }, null, 'ok']) {
      stubFetch(() => json(body));
      expect(await api().validate('add', {}), JSON.stringify(body)).to.equal(null);
    }
  });

  it('should reject a failure that is no verdict with its status and message', async () => {
    stubFetch(() => json({ error: 'Too large' }, 413));
    expectApiError(await rejection(api().validate('add', {})), 413, 'Too large', { error: 'Too large' });
  });
});

describe('ToolApi.callRequest', () => {
  it('should ask for a stream, with the token, and name the task mode when asked', () => {
    const request = api('abc').callRequest('a/b', { x: 1 }, { asTask: true });
    expect(request).to.deep.equal({
      url: `${TOOLS}/a%2Fb/call`,
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        'Tool-Call-Mode': 'task',
        Authorization: 'Bearer abc',
      },
      body: '{"x":1}',
    });
  });

  it('should send a tool UI’s call as plain JSON, saying who asks, and no token when there is none', () => {
    expect(api().callRequest('add', {}, { caller: 'app' }).headers).to.deep.equal({
      'Content-Type': 'application/json',
      'Tool-Caller': 'app',
    });
    expect(api().callRequest('add', {}).headers).to.deep.equal({
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
    });
  });
});

describe('ToolApi.call, the outcome', () => {
  it('should send the request it reports and resolve with what was asked and answered', async () => {
    const backend = stubFetch(() => json(RESULT));
    const signal = new AbortController().signal;
    const tools = api('abc');
    const before = performance.now();
    const outcome = await tools.call('add', { a: 1 }, signal, undefined, { caller: 'app' });
    const took = performance.now() - before;
    const [call] = backend.calls;
    expect([call.url, call.method, call.body, call.signal]).to.deep.equal([
      `${TOOLS}/add/call`,
      'POST',
      { a: 1 },
      signal,
    ]);
    expect(call.init?.headers).to.deep.equal(outcome.request.headers);
    const { durationMs, ...rest } = outcome;
    expect(rest).to.deep.equal({
      name: 'add',
      arguments: { a: 1 },
      status: 200,
      result: RESULT,
      request: tools.callRequest('add', { a: 1 }, { caller: 'app' }),
    });
    // The time between sending and the answer, within the time the whole call took.
    expect(durationMs).to.be.within(0, took);
  });

  it('should resolve with a tool’s failure (500 with isError), and reject what is no tool result', async () => {
    const failed = { content: [{ type: 'text', text: 'boom' }], isError: true };
    stubFetch(() => json(failed, 500));
    expect((await api().call('add', {})).status).to.equal(500);
    stubFetch(() => json({ error: 'No tool “add”.' }, 404));
    expectApiError(await rejection(api().call('add', {})), 404, 'No tool “add”.', { error: 'No tool “add”.' });
  });
});

describe('ToolApi.readResource', () => {
  const CONTENTS = { contents: [{ uri: 'file:///a.txt', text: 'A' }] };

  it('should POST the URI as JSON to resources/read, with the token, and resolve with the contents', async () => {
    const backend = stubFetch(() => json(CONTENTS));
    const signal = new AbortController().signal;
    expect(await api('abc').readResource('file:///a.txt', signal)).to.deep.equal(CONTENTS);
    const [call] = backend.calls;
    expect([call.url, call.method, call.body, call.signal]).to.deep.equal([
      'http://example.test/app/api/resources/read',
      'POST',
      { uri: 'file:///a.txt' },
      signal,
    ]);
    expect(call.init?.headers).to.deep.equal({ 'Content-Type': 'application/json', Authorization: 'Bearer abc' });
  });

  it('should ask for a stream only for the person’s read with a listener, and say a tool UI asks', async () => {
    const backend = stubFetch(() => json(CONTENTS));
    await api().readResource('file:///a.txt', undefined, undefined, () => {});
    await api().readResource('file:///a.txt', undefined, 'app', () => {});
    await api().readResource('file:///a.txt', undefined, 'app');
    expect(backend.calls.map((call) => call.init?.headers)).to.deep.equal([
      { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      { 'Content-Type': 'application/json', 'Tool-Caller': 'app' },
      { 'Content-Type': 'application/json', 'Tool-Caller': 'app' },
    ]);
  });

  it('should read a streamed answer: its questions to the listener, then the contents of the result event', async () => {
    const stream = eventStream('Text/Event-Stream; charset=utf-8');
    stubFetch(() => stream.response);
    const events: unknown[] = [];
    const read = api().readResource('file:///a.txt', undefined, undefined, (event) => events.push(event));
    stream.send('request-closed', { id: 'q1', reason: 'completed' });
    stream.send('result', { status: 200, result: CONTENTS });
    expect(await read).to.deep.equal(CONTENTS);
    expect(events).to.deep.equal([{ type: 'request-closed', id: 'q1', reason: 'completed' }]);
  });

  it('should reject a status outside 2xx, streamed or plain, with the server’s message', async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const read = api().readResource('file:///a.txt', undefined, undefined, () => {});
    stream.send('result', { status: 199, result: { error: 'Early' } });
    expectApiError(await rejection(read), 199, 'Early', { error: 'Early' });
    stubFetch(() => json({ error: 'Moved' }, 300));
    expectApiError(await rejection(api().readResource('file:///a.txt')), 300, 'Moved', { error: 'Moved' });
    stubFetch(() => json(CONTENTS, 299));
    expect(await api().readResource('file:///a.txt')).to.deep.equal(CONTENTS);
  });

  it('should not read a failed answer as a stream, nor a stream the person did not ask for', async () => {
    stubFetch(
      () => new Response('{"error":"Gone"}', { status: 410, headers: { 'Content-Type': 'text/event-stream' } }),
    );
    const read = api().readResource('file:///a.txt', undefined, undefined, () => {});
    expectApiError(await rejection(read), 410, 'Gone', { error: 'Gone' });
    stubFetch(() => new Response(JSON.stringify(CONTENTS), { headers: { 'Content-Type': 'text/event-stream' } }));
    expect(await api().readResource('file:///a.txt', undefined, 'app', () => {})).to.deep.equal(CONTENTS);
  });

  it('should reject an answer without contents', async () => {
    stubFetch(() => json({ contents: 'A' }, 201));
    const message = 'The answer to reading the resource has no contents.';
    expectApiError(await rejection(api().readResource('file:///a.txt')), 201, message, { contents: 'A' });
    stubFetch(() => json(null));
    expectApiError(await rejection(api().readResource('file:///a.txt')), 200, message, null);
  });
});

describe('ToolApi.answerRead', () => {
  it('should POST the answer beside resources/read with the token, and reject a refusal', async () => {
    const backend = stubFetch(() => new Response(null, { status: 204 }));
    const answer = { action: 'accept' as const, content: { name: 'x' } };
    await api('abc').answerRead('q/1', answer);
    const [call] = backend.calls;
    expect([call.url, call.method, call.body]).to.deep.equal([
      'http://example.test/app/api/resources/requests/q%2F1',
      'POST',
      answer,
    ]);
    expect(call.init?.headers).to.deep.equal({ 'Content-Type': 'application/json', Authorization: 'Bearer abc' });
    stubFetch(() => json({ error: 'No such question' }, 404));
    expectApiError(await rejection(api().answerRead('q1', answer)), 404, 'No such question', {
      error: 'No such question',
    });
  });
});
