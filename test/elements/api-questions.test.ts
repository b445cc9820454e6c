// The API side of questions a server asks during a streamed call (MCP elicitation): the `request` and
// `request-closed` events as the page reads them, and `ToolApi.answer`, which posts the user's answer.
import { expect } from '@open-wc/testing';
import { ApiError, type CallEvent, ToolApi, answerErrors } from '../../elements/api.js';
import { eventStream, json, stubFetch } from './fetch-stub.js';

const RESULT = { content: [{ type: 'text', text: 'ok' }] };
const SCHEMA = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };

describe('ToolApi.call, questions', () => {
  it('should report the questions it can show and their closing, and skip the rest', async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const events: CallEvent[] = [];
    const outcome = new ToolApi('/api/tools').call('ask', {}, undefined, (event) => events.push(event));
    stream.send('request', {
      id: 'f1',
      kind: 'elicitation',
      params: { mode: 'form', message: 'Name?', requestedSchema: SCHEMA },
    });
    // Form mode is the default; a schema that is not an object is kept as an empty one.
    stream.send('request', { id: 'f2', kind: 'elicitation', params: { message: 'Sure?', requestedSchema: [1] } });
    stream.send('request', {
      id: 'u1',
      kind: 'elicitation',
      params: { mode: 'url', message: 'Sign in', url: 'https://example.com/in', elicitationId: 'e1' },
    });
    // Not questions the page can show: another kind, no id, a URL question without a URL, an unknown mode, a sampling
    // request without messages.
    stream.send('request', { id: 's1', kind: 'roots', params: { messages: [] } });
    stream.send('request', { id: 's2', kind: 'sampling', params: { messages: 'Hi' } });
    stream.send('request', { kind: 'elicitation', params: { message: 'Who?', requestedSchema: SCHEMA } });
    stream.send('request', { id: 'u2', kind: 'elicitation', params: { mode: 'url', message: 'Go' } });
    stream.send('request', { id: 'x1', kind: 'elicitation', params: { mode: 'voice', message: 'Say it' } });
    stream.send('request-closed', { id: 'u1', reason: 'completed' });
    stream.send('request-closed', { id: 'f1', reason: 'whatever' });
    stream.send('request-closed', { reason: 'completed' });
    stream.send('result', { status: 200, result: RESULT });
    await outcome;
    expect(events).to.deep.equal([
      {
        type: 'request',
        question: { id: 'f1', params: { mode: 'form', message: 'Name?', requestedSchema: SCHEMA } },
      },
      { type: 'request', question: { id: 'f2', params: { mode: 'form', message: 'Sure?', requestedSchema: {} } } },
      {
        type: 'request',
        question: {
          id: 'u1',
          params: { mode: 'url', message: 'Sign in', url: 'https://example.com/in', elicitationId: 'e1' },
        },
      },
      { type: 'request-closed', id: 'u1', reason: 'completed' },
      { type: 'request-closed', id: 'f1', reason: 'cancelled' },
    ]);
  });
});

describe('ToolApi.call, sampling requests', () => {
  it('should read a sampling request: content as a list, settings by name, wrong types left out', async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const events: CallEvent[] = [];
    const outcome = new ToolApi('/api/tools').call('ask', {}, undefined, (event) => events.push(event));
    const image = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };
    stream.send('request', {
      id: 's1',
      kind: 'sampling',
      params: {
        messages: [
          { role: 'user', content: { type: 'text', text: 'Hi' } },
          { role: 'assistant', content: [image, { text: 'no type' }, 'loose text'] },
          { role: 'system', content: [{ type: 'tool_use', id: 't1', name: 'search', input: { q: 'x' } }] },
          'not a message',
        ],
        systemPrompt: 'Be brief.',
        maxTokens: 100,
        temperature: 'hot',
        stopSequences: ['END', 7],
        includeContext: 'thisServer',
        modelPreferences: { hints: [{ name: 'claude' }, { family: 'x' }], costPriority: 0.2, speedPriority: '1' },
        tools: [{ name: 'search', inputSchema: { type: 'object' } }],
        toolChoice: { mode: 'auto' },
        metadata: { secret: 'not kept' },
      },
    });
    stream.send('result', { status: 200, result: RESULT });
    await outcome;
    expect(events).to.deep.equal([
      {
        type: 'request',
        question: {
          id: 's1',
          params: {
            mode: 'sampling',
            messages: [
              { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
              { role: 'assistant', content: [image] },
              // A role that is neither is read as the user's.
              { role: 'user', content: [{ type: 'tool_use', id: 't1', name: 'search', input: { q: 'x' } }] },
            ],
            systemPrompt: 'Be brief.',
            maxTokens: 100,
            stopSequences: ['END'],
            includeContext: 'thisServer',
            modelHints: ['claude'],
            costPriority: 0.2,
            tools: ['search'],
            toolChoice: 'auto',
          },
        },
      },
    ]);
  });
});

describe('ToolApi.answer', () => {
  it('should post the answer to the question’s URL, with the token as calls send it', async () => {
    const { calls } = stubFetch(() => new Response(null, { status: 204 }));
    const api = new ToolApi('/api/tools/');
    api.token = 's3cret';
    await api.answer('fs/read file', 'id/1 ?', { action: 'accept', content: { name: 'Ada' } });
    await new ToolApi('/api/tools').answer('echo', 'x', { action: 'decline' });
    expect(calls.map(({ url, method, init, body }) => [url, method, init!.headers, body])).to.deep.equal([
      [
        `${location.origin}/api/tools/fs%2Fread%20file/requests/id%2F1%20%3F`,
        'POST',
        { 'Content-Type': 'application/json', Authorization: 'Bearer s3cret' },
        { action: 'accept', content: { name: 'Ada' } },
      ],
      [
        `${location.origin}/api/tools/echo/requests/x`,
        'POST',
        { 'Content-Type': 'application/json' },
        { action: 'decline' },
      ],
    ]);
  });

  it('should reject with the status, the server’s message and its body, and read the field errors of a 400', async () => {
    const body = {
      error: 'The answer does not match the requested schema.',
      errors: [
        { path: '/name', message: 'must be string', keyword: 'type' },
        { path: 3 },
        'x',
        { path: '', message: 'm' },
      ],
    };
    stubFetch(() => json(body, 400));
    const error = await new ToolApi('/api/tools')
      .answer('echo', 'q', { action: 'accept', content: {} })
      .catch((e) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect([error.status, error.message]).to.deep.equal([400, 'The answer does not match the requested schema.']);
    expect(answerErrors(error.body)).to.deep.equal([
      { path: '/name', message: 'must be string', keyword: 'type' },
      { path: '', message: 'm', keyword: '' },
    ]);
    expect(answerErrors('Bad Request')).to.deep.equal([]);
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const proxy = await new ToolApi('/api/tools').answer('echo', 'q', { action: 'cancel' }).catch((e) => e);
    expect([proxy.status, proxy.message]).to.deep.equal([502, 'The server answered HTTP 502.']);
  });

  it('should reject as fetch does when nothing answers', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await new ToolApi('/api/tools').answer('echo', 'q', { action: 'cancel' }).catch((e) => e);
    expect(error).to.be.instanceOf(TypeError);
  });
});
