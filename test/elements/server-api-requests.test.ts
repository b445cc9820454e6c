// ServerApi as the Server drawer sees it: the exact request each `/server` route gets (method, URL beside the tools
// collection, headers with the token, body), what each answer becomes (the decoded value, or an ApiError with the
// server's sentence, its status and body), and the live log's events.
import { expect } from '@open-wc/testing';
import { ToolApi } from '../../elements/api.js';
import { ServerApi, type ServerLogEvent } from '../../elements/server-api.js';
import { expectApiError, rejection } from './api-errors.helpers.js';
import { eventStream, json, stubFetch } from './fetch-stub.js';

const ROOT = 'http://example.test/api/';
const STATE = {
  connected: true,
  target: 'node server.js',
  clientCapabilities: {},
  roots: [],
  logLevel: 'debug',
  stderr: [],
};

function server(token = ''): ServerApi {
  const tools = new ToolApi(`${ROOT}tools`);
  tools.token = token;
  return new ServerApi(tools);
}

describe('ServerApi, the routes', () => {
  it('should GET the state and the log as JSON with the token and the signal', async () => {
    const log = { dropped: 2, entries: [] };
    const backend = stubFetch((call) => json(call.url.endsWith('/log') ? log : STATE));
    const signal = new AbortController().signal;
    const api = server('abc');
    expect(await api.state(signal)).to.deep.equal(STATE);
    expect(await api.log(signal)).to.deep.equal(log);
    expect(
      backend.calls.map((call) => [call.method, call.url, call.body, call.signal, call.init?.headers]),
    ).to.deep.equal([
      ['GET', `${ROOT}server`, undefined, signal, { Accept: 'application/json', Authorization: 'Bearer abc' }],
      ['GET', `${ROOT}server/log`, undefined, signal, { Accept: 'application/json', Authorization: 'Bearer abc' }],
    ]);
  });

  it('should POST the level, ping, reconnect and restart as JSON', async () => {
    const backend = stubFetch((call) => json(call.url.endsWith('/ping') ? { ms: 4, extra: true } : STATE));
    const api = server();
    expect(await api.setLogLevel('warning')).to.deep.equal(STATE);
    expect(await api.ping()).to.deep.equal({ ms: 4 });
    expect(await api.reconnect('reconnect')).to.deep.equal(STATE);
    expect(await api.reconnect('restart')).to.deep.equal(STATE);
    const headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    expect(backend.calls.map((call) => [call.method, call.url, call.body, call.init?.headers])).to.deep.equal([
      ['POST', `${ROOT}server/log-level`, { level: 'warning' }, headers],
      ['POST', `${ROOT}server/ping`, {}, headers],
      ['POST', `${ROOT}server/reconnect`, {}, headers],
      ['POST', `${ROOT}server/restart`, {}, headers],
    ]);
  });

  it('should reject an answer that is not what the route gives, saying what it expected', async () => {
    stubFetch(() => json({ connected: 'yes' }));
    const api = server();
    expectApiError(await rejection(api.state()), 200, 'The server state the server sent is not one.', {
      connected: 'yes',
    });
    expectApiError(await rejection(api.log()), 200, 'The protocol log the server sent is not one.', {
      connected: 'yes',
    });
    stubFetch(() => json({ ms: '4' }));
    expectApiError(await rejection(api.ping()), 200, 'The answer to the ping has no round trip.', { ms: '4' });
    stubFetch(() => new Response('pong'));
    expectApiError(await rejection(api.ping()), 200, 'The answer to the ping has no round trip.', null);
  });

  it('should reject a failure with the server’s sentence, or its status when it has none', async () => {
    const body = { error: 'The server could not start: command not found.', diagnosis: { reason: 'enoent' } };
    stubFetch(() => json(body, 502));
    expectApiError(await rejection(server().reconnect('restart')), 502, body.error, body);
    stubFetch(() => json({ error: 42 }, 500));
    expectApiError(await rejection(server().state()), 500, 'The server answered HTTP 500.', { error: 42 });
    stubFetch(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expectApiError(await rejection(server().log()), 502, 'The server answered HTTP 502.', null);
  });
});

describe('ServerApi.watch', () => {
  it('should ask for the log past the entry it has, as a stream with the token, and hand on the events it knows', async () => {
    const stream = eventStream(' Text/Event-Stream; charset=utf-8');
    const backend = stubFetch(() => stream.response);
    const events: ServerLogEvent[] = [];
    const controller = new AbortController();
    const watched = server('abc').watch(7, controller.signal, (event) => events.push(event));
    stream.send('dropped', { dropped: 3 });
    stream.send('stderr', { line: 'listening' });
    stream.send('stderr', { line: 5 });
    stream.send('toString', {});
    stream.send('unknown', { line: 'x' });
    stream.send('state', STATE);
    stream.close();
    expect(await watched).to.equal(undefined);
    expect(events).to.deep.equal([
      { type: 'dropped', data: { dropped: 3 } },
      { type: 'stderr', data: { line: 'listening' } },
      { type: 'state', data: STATE },
    ]);
    const [call] = backend.calls;
    expect([call.method, call.url, call.signal, call.init?.headers]).to.deep.equal([
      'GET',
      `${ROOT}server/log?after=7`,
      controller.signal,
      { Accept: 'text/event-stream', Authorization: 'Bearer abc' },
    ]);
  });

  it('should reject an answer that is not a stream with its status and message', async () => {
    const answers: [() => Response, number, string, unknown][] = [
      [() => json({ error: 'Sign in first' }, 401), 401, 'Sign in first', { error: 'Sign in first' }],
      [() => json({ entries: [] }), 200, 'The server answered HTTP 200.', { entries: [] }],
      [
        () => new Response('{"error":"Busy"}', { status: 503, headers: { 'Content-Type': 'text/event-stream' } }),
        503,
        'Busy',
        { error: 'Busy' },
      ],
      [
        () => new Response(null, { headers: { 'Content-Type': 'text/event-stream' } }),
        200,
        'The server answered HTTP 200.',
        null,
      ],
      [
        () => new Response('', { headers: { 'Content-Type': 'text/event-streams' } }),
        200,
        'The server answered HTTP 200.',
        null,
      ],
    ];
    for (const [answer, status, message, body] of answers) {
      stubFetch(answer);
      const error = await rejection(server().watch(0, new AbortController().signal, () => {}));
      expectApiError(error, status, message, body);
    }
  });
});
