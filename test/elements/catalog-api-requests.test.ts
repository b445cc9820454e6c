// CatalogApi as the Resources and Prompts sections see it: the URLs beside the tools collection, the exact request
// each method sends (method, URL with its encoded parts and cursor, headers with the token, body), and what each kind
// of answer becomes (the page, or an ApiError with its status, message and body).
import { expect } from '@open-wc/testing';
import { ApiError, ToolApi } from '../../elements/api.js';
import { CatalogApi } from '../../elements/catalog-api.js';
import { expectApiError, rejection } from './api-errors.helpers.js';
import { eventStream, json, stubFetch } from './fetch-stub.js';

const ROOT = 'http://example.test/api/';
const JSON_POST = { 'Content-Type': 'application/json' };

function catalog(token = ''): CatalogApi {
  const tools = new ToolApi(`${ROOT}tools/`);
  tools.token = token;
  return new CatalogApi(tools);
}

describe('CatalogApi, the lists', () => {
  it('should GET each list beside the tools as JSON, with the cursor encoded, and resolve with the page', async () => {
    const pages: Record<string, unknown> = {
      resources: { resources: [{ uri: 'file:///a' }], nextCursor: 'n/1' },
      'resource-templates': { resourceTemplates: [] },
      prompts: { prompts: [{ name: 'greet' }] },
    };
    const backend = stubFetch((call) => json(pages[new URL(call.url).pathname.slice('/api/'.length)]));
    const api = catalog('abc');
    const signal = new AbortController().signal;
    expect(await api.listResources(undefined, signal)).to.deep.equal(pages.resources);
    expect(await api.listResources('n/1 &x')).to.deep.equal(pages.resources);
    expect(await api.listResourceTemplates('')).to.deep.equal(pages['resource-templates']);
    expect(await api.listPrompts('p', signal)).to.deep.equal(pages.prompts);
    expect(backend.calls.map((call) => [call.method, call.url, call.signal])).to.deep.equal([
      ['GET', `${ROOT}resources`, signal],
      ['GET', `${ROOT}resources?cursor=n%2F1%20%26x`, undefined],
      ['GET', `${ROOT}resource-templates?cursor=`, undefined],
      ['GET', `${ROOT}prompts?cursor=p`, signal],
    ]);
    expect(backend.calls[0].init?.headers).to.deep.equal({ Accept: 'application/json' });
  });

  it('should reject a page without its list, naming what it expected', async () => {
    stubFetch(() => json({ resources: {} }));
    const api = catalog();
    expectApiError(await rejection(api.listResources()), 200, 'The resource list answer has no “resources” list.', {
      resources: {},
    });
    stubFetch(() => json(null));
    expectApiError(
      await rejection(api.listResourceTemplates()),
      200,
      'The resource template list answer has no “resourceTemplates” list.',
      null,
    );
    stubFetch(() => json('prompts'));
    expectApiError(await rejection(api.listPrompts()), 200, 'The prompt list answer has no “prompts” list.', 'prompts');
  });

  it('should reject a failure with the server’s message, or its status for a page that is not JSON', async () => {
    stubFetch(() => json({ error: 'Sign in first' }, 401));
    expectApiError(await rejection(catalog().listPrompts()), 401, 'Sign in first', { error: 'Sign in first' });
    stubFetch(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expectApiError(
      await rejection(catalog().listResources()),
      502,
      'The server answered HTTP 502.',
      '<h1>Bad gateway</h1>',
    );
  });
});

describe('CatalogApi, one prompt', () => {
  const MESSAGES = { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }] };

  it('should GET the prompt’s detail at its encoded name, and reject another prompt’s', async () => {
    const backend = stubFetch(() => json({ name: 'a/b', arguments: [] }));
    expect(await catalog().getPromptDetail('a/b')).to.deep.equal({ name: 'a/b', arguments: [] });
    expect(backend.calls[0].url).to.equal(`${ROOT}prompts/a%2Fb`);
    expect(catalog().promptUrl('..')).to.equal(`${ROOT}prompts/%FF..`);
    for (const body of [{ name: 'other' }, null, 'a/b']) {
      stubFetch(() => json(body));
      const error = await rejection(catalog().getPromptDetail('a/b'));
      expectApiError(error, 200, "The server's answer for “a/b” is not that prompt.", body);
    }
  });

  it('should POST the arguments with the token, asking for a stream only with a listener', async () => {
    const backend = stubFetch(() => json(MESSAGES));
    const signal = new AbortController().signal;
    expect(await catalog('abc').getPrompt('a/b', { who: 'me' }, signal)).to.deep.equal(MESSAGES);
    await catalog().getPrompt('greet', {}, undefined, () => {});
    expect(
      backend.calls.map((call) => [call.method, call.url, call.body, call.signal, call.init?.headers]),
    ).to.deep.equal([
      [
        'POST',
        `${ROOT}prompts/a%2Fb/get`,
        { arguments: { who: 'me' } },
        signal,
        { ...JSON_POST, Authorization: 'Bearer abc' },
      ],
      ['POST', `${ROOT}prompts/greet/get`, { arguments: {} }, undefined, { ...JSON_POST, Accept: 'text/event-stream' }],
    ]);
  });

  it('should read a streamed get: its events to the listener, then the messages of the result event', async () => {
    const stream = eventStream(' Text/Event-Stream;charset=utf-8');
    stubFetch(() => stream.response);
    const events: unknown[] = [];
    const got = catalog().getPrompt('greet', {}, undefined, (event) => events.push(event));
    stream.send('request-closed', { id: 'q1', reason: 'completed' });
    stream.send('result', { status: 200, result: MESSAGES });
    expect(await got).to.deep.equal(MESSAGES);
    expect(events).to.deep.equal([{ type: 'request-closed', id: 'q1', reason: 'completed' }]);
  });

  it('should read the get as a stream only for a body of the stream type, in any spelling', async () => {
    const sse = `event: result\ndata: ${JSON.stringify({ status: 200, result: MESSAGES })}\n\n`;
    const types: [string, BodyInit | null, unknown][] = [
      ['text/event-stream', sse, MESSAGES],
      ['text/event-streams', sse, 'no messages'],
      ['application/json; profile=text/event-stream', sse, 'no messages'],
      ['text/event-stream', null, 'no messages'],
    ];
    for (const [type, body, expected] of types) {
      stubFetch(() => new Response(body, { headers: { 'Content-Type': type } }));
      const answer = await catalog()
        .getPrompt('greet', {}, undefined, () => {})
        .catch((error: unknown) =>
          error instanceof ApiError && error.message === 'The answer to getting the prompt has no messages.'
            ? 'no messages'
            : error,
        );
      expect(answer, `${type} ${body}`).to.deep.equal(expected);
    }
  });

  it('should reject a status outside 2xx, streamed or plain, and an answer without messages', async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const got = catalog().getPrompt('greet', {}, undefined, () => {});
    stream.send('result', { status: 199, result: { error: 'Early' } });
    expectApiError(await rejection(got), 199, 'Early', { error: 'Early' });
    stubFetch(() => json({ error: 'Moved' }, 300));
    expectApiError(await rejection(catalog().getPrompt('greet', {})), 300, 'Moved', { error: 'Moved' });
    stubFetch(() => json(MESSAGES, 299));
    expect(await catalog().getPrompt('greet', {})).to.deep.equal(MESSAGES);
    stubFetch(
      () => new Response('{"error":"Gone"}', { status: 410, headers: { 'Content-Type': 'text/event-stream' } }),
    );
    expectApiError(await rejection(catalog().getPrompt('greet', {}, undefined, () => {})), 410, 'Gone', {
      error: 'Gone',
    });
    for (const body of [{ messages: 'Hi' }, null]) {
      stubFetch(() => json(body, 201));
      const error = await rejection(catalog().getPrompt('greet', {}));
      expectApiError(error, 200, 'The answer to getting the prompt has no messages.', body);
    }
  });

  it('should POST an answer to the prompt’s question with the token, and reject a refusal', async () => {
    const backend = stubFetch(() => new Response(null, { status: 204 }));
    const answer = { action: 'decline' as const };
    expect(await catalog('abc').answerPrompt('a/b', 'q/1', answer)).to.equal(undefined);
    const [call] = backend.calls;
    expect([call.method, call.url, call.body, call.init?.headers]).to.deep.equal([
      'POST',
      `${ROOT}prompts/a%2Fb/requests/q%2F1`,
      answer,
      { ...JSON_POST, Authorization: 'Bearer abc' },
    ]);
    stubFetch(() => json({ error: 'No such question' }, 404));
    expectApiError(await rejection(catalog().answerPrompt('greet', 'q1', answer)), 404, 'No such question', {
      error: 'No such question',
    });
  });
});

describe('CatalogApi.complete', () => {
  const REQUEST = { ref: { type: 'ref/prompt' as const, name: 'greet' }, argument: { name: 'who', value: 'a' } };

  it('should POST the request to completion and resolve with its string values and the rest', async () => {
    const backend = stubFetch(() => json({ completion: { values: ['ab', 3, 'ac'], total: 9, hasMore: true } }));
    const signal = new AbortController().signal;
    expect(await catalog('abc').complete(REQUEST as never, signal)).to.deep.equal({
      values: ['ab', 'ac'],
      total: 9,
      hasMore: true,
    });
    const [call] = backend.calls;
    expect([call.method, call.url, call.body, call.signal, call.init?.headers]).to.deep.equal([
      'POST',
      `${ROOT}completion`,
      REQUEST,
      signal,
      { ...JSON_POST, Authorization: 'Bearer abc' },
    ]);
  });

  it('should offer nothing for no completion (404, 204, no values), and reject other failures', async () => {
    for (const answer of [
      () => json({ error: 'No completion' }, 404),
      () => new Response(null, { status: 204 }),
      () => json({ completion: { values: 'ab' } }),
      () => json(null),
    ]) {
      stubFetch(answer);
      expect(await catalog().complete(REQUEST as never)).to.deep.equal({ values: [] });
    }
    stubFetch(() => json({ error: 'Server error' }, 500));
    expectApiError(await rejection(catalog().complete(REQUEST as never)), 500, 'Server error', {
      error: 'Server error',
    });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const failed = await catalog()
      .complete(REQUEST as never)
      .catch((error: unknown) => error);
    expect(failed).to.be.instanceOf(TypeError);
  });
});

describe('CatalogApi, subscriptions', () => {
  it('should POST the URI to subscribe and unsubscribe with the token, and reject a refusal', async () => {
    const backend = stubFetch(() => new Response(null, { status: 204 }));
    const api = catalog('abc');
    expect(await api.subscribe('file:///a')).to.equal(undefined);
    expect(await api.unsubscribe('file:///a')).to.equal(undefined);
    expect(backend.calls.map((call) => [call.method, call.url, call.body, call.init?.headers])).to.deep.equal([
      ['POST', `${ROOT}resources/subscribe`, { uri: 'file:///a' }, { ...JSON_POST, Authorization: 'Bearer abc' }],
      ['POST', `${ROOT}resources/unsubscribe`, { uri: 'file:///a' }, { ...JSON_POST, Authorization: 'Bearer abc' }],
    ]);
    stubFetch(() => json({ error: 'Not subscribable' }, 400));
    expectApiError(await rejection(catalog().subscribe('file:///a')), 400, 'Not subscribable', {
      error: 'Not subscribable',
    });
  });
});
