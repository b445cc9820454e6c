// The protocol log: every JSON-RPC message both ways, with its round trip, in a bounded ring, live to subscribers,
// and never a secret. Against real server-everything over stdio, the fixture server over HTTP with headers, and the
// fixture server behind a real OAuth authorization server; the ring's bounds on the log itself.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { McpConnection } from '../../server/mcp/connection.js';
import type { ProtocolEntry } from '../../server/mcp/protocol-log/protocol-entry.js';
import { MessageRing } from '../../server/mcp/protocol-log/message-ring.js';
import { everythingServer } from '../fixtures/mcp/paths.js';
import { startHttpFixture, type HttpFixture } from '../fixtures/mcp/http-server.js';
import { startProtectedMcp, stopStarted } from '../fixtures/oauth/oauth-setup.js';
import { observedConnection } from './observed-connection.js';

/** Resolves with the first entry recorded from now on that `matches`. */
function nextEntry(connection: McpConnection, matches: (entry: ProtocolEntry) => boolean): Promise<ProtocolEntry> {
  return new Promise((resolve) => {
    const stop = connection.protocolLog.subscribe((entry) => {
      if (!matches(entry)) return;
      stop();
      resolve(entry);
    });
  });
}

describe('the protocol log in front of server-everything', { timeout: 20_000 }, () => {
  const connection = observedConnection(
    { stdio: { command: process.execPath, args: [everythingServer] } },
    { logLevel: 'debug' },
  );
  before(() => connection.tools());
  after(() => connection.close());

  it('records the handshake and the tool listing, both ways', () => {
    const seen = connection.protocolLog.entries().map((entry) => `${entry.direction} ${entry.kind} ${entry.method}`);
    assert.deepEqual(seen.slice(0, 3), [
      'sent request initialize',
      'received response initialize',
      'sent notification notifications/initialized',
    ]);
    assert.ok(seen.includes('sent request tools/list') && seen.includes('received response tools/list'), `${seen}`);
  });

  it("records a tools/call's request and response, paired, with the round trip and sizes", async () => {
    const client = await connection.client();
    const from = connection.protocolLog.entries().at(-1)?.seq ?? 0;
    const before = Date.now();
    await client.callTool({ name: 'echo', arguments: { message: 'hello log' } });
    const elapsed = Date.now() - before;
    const call = connection.protocolLog.entries().filter((entry) => entry.seq > from && entry.method === 'tools/call');
    assert.equal(call.length, 2);
    const [request, response] = call;
    assert.deepEqual(
      [request.direction, request.kind, response.direction, response.kind],
      ['sent', 'request', 'received', 'response'],
    );
    assert.equal(response.id, request.id);
    assert.deepEqual((request.message as { params: unknown }).params, {
      name: 'echo',
      arguments: { message: 'hello log' },
    });
    assert.deepEqual((response.message as { result: { content: unknown } }).result.content, [
      { type: 'text', text: 'Echo: hello log' },
    ]);
    assert.equal(typeof response.rttMs, 'number');
    assert.ok(response.rttMs! >= 0 && response.rttMs! <= elapsed + 1, `rtt ${response.rttMs} within ${elapsed}`);
    assert.equal(request.rttMs, undefined);
    assert.equal(request.size, Buffer.byteLength(JSON.stringify(request.message)));
  });

  it('records notifications/message live, and lists it first among the notifications', async () => {
    const client = await connection.client();
    const logged = nextEntry(connection, (entry) => entry.method === 'notifications/message');
    // Simulated logging sends its first message at once (then one every 5 s): turned on, then off again.
    await client.callTool({ name: 'toggle-simulated-logging', arguments: {} });
    const entry = await logged;
    await client.callTool({ name: 'toggle-simulated-logging', arguments: {} });
    assert.deepEqual([entry.direction, entry.kind], ['received', 'notification']);
    assert.match(String((entry.message as { params: { data: unknown } }).params.data), /message/i);
    const notifications = connection.protocolLog.notifications();
    assert.ok(notifications.every((each) => each.direction === 'received' && each.kind === 'notification'));
    assert.deepEqual(
      notifications.map((each) => each.seq),
      [...notifications.map((each) => each.seq)].sort((a, b) => b - a),
      'newest first',
    );
    assert.ok(notifications.some((each) => each.seq === entry.seq));
  });

  it('exports JSON that parses back to what it holds', () => {
    const exported = JSON.parse(JSON.stringify(connection.protocolLog)) as { dropped: number; entries: unknown[] };
    assert.equal(exported.dropped, 0);
    assert.deepEqual(exported.entries, connection.protocolLog.entries());
  });
});

describe('the protocol ring', () => {
  const message = (id: number, text = '') => ({ jsonrpc: '2.0', id, method: 'ping', params: { text } });

  it('keeps the last maxEntries messages and counts the dropped ones', () => {
    const log = new MessageRing(() => [], { maxEntries: 3 });
    for (let id = 1; id <= 5; id++) log.record('sent', message(id));
    assert.deepEqual(
      log.entries().map((entry) => entry.id),
      [3, 4, 5],
    );
    assert.equal(log.dropped, 2);
    assert.deepEqual(
      log.entries().map((entry) => entry.seq),
      [3, 4, 5],
    );
  });

  it('keeps within maxBytes, dropping the oldest, and notes a message larger than the whole log', () => {
    const log = new MessageRing(() => [], { maxBytes: 1000 });
    for (let id = 1; id <= 4; id++) log.record('sent', message(id, 'x'.repeat(300)));
    assert.deepEqual(
      log.entries().map((entry) => entry.id),
      [3, 4],
    );
    assert.equal(log.dropped, 2);
    const huge = log.record('received', message(9, 'y'.repeat(5000)));
    assert.equal(huge.size, Buffer.byteLength(JSON.stringify(message(9, 'y'.repeat(5000)))));
    assert.equal(huge.message, `[a message of ${huge.size} bytes, larger than the whole log]`);
    assert.ok(log.entries().includes(huge));
  });

  it('pairs a server request with the console response, and stops telling an unsubscribed listener', () => {
    const log = new MessageRing(() => []);
    const heard: number[] = [];
    const stop = log.subscribe((entry) => heard.push(entry.seq));
    log.record('received', { jsonrpc: '2.0', id: 'q1', method: 'elicitation/create', params: {} }, 1000);
    stop();
    const answer = log.record('sent', { jsonrpc: '2.0', id: 'q1', result: { action: 'cancel' } }, 1250);
    assert.deepEqual(heard, [1]);
    assert.deepEqual([answer.kind, answer.method, answer.rttMs], ['response', 'elicitation/create', 250]);
  });
});

describe('the protocol log keeps secrets out', { timeout: 20_000 }, () => {
  let http: HttpFixture | undefined;
  let connection: McpConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    await http?.close();
    await stopStarted();
  });

  it('blanks the Authorization header and every --header value, echoed by the server and sent in arguments', async () => {
    const token = 'tok-header-0123456789';
    const apiKey = 'key-header-0123456789';
    http = await startHttpFixture();
    connection = observedConnection({
      url: http.url,
      headers: { Authorization: `Bearer ${token}`, 'X-Api-Key': apiKey },
    });
    const client = await connection.client();
    // The fixture's `headers` tool answers with the request's headers: the token and the key come back in the result.
    const result = await client.callTool({ name: 'headers', arguments: { note: `${token} and ${apiKey}` } });
    assert.ok(JSON.stringify(result).includes(token), 'the server did echo the token');
    const logged = JSON.stringify(connection.protocolLog);
    for (const secret of [token, apiKey]) assert.ok(!logged.includes(secret), `${secret} in the log`);
    assert.match(logged, /\[redacted\] and \[redacted\]/);
  });

  it('blanks the OAuth access token and the client secret', async () => {
    const secret = 'robot-secret-0123456789';
    const fixture = await startProtectedMcp({ clients: [{ id: 'robot', secret }] });
    connection = observedConnection(
      { url: fixture.mcpUrl },
      { auth: { clientId: 'robot', clientSecret: secret, clientCredentials: true } },
    );
    const client = await connection.client();
    const result = await client.callTool({ name: 'headers', arguments: { note: secret } });
    const accessToken = /Bearer ([^"\\]+)/.exec(JSON.stringify(result))?.[1];
    assert.ok(accessToken && accessToken.length >= 8, `the server echoed a bearer token: ${JSON.stringify(result)}`);
    const logged = JSON.stringify(connection.protocolLog);
    assert.ok(!logged.includes(accessToken), 'the access token in the log');
    assert.ok(!logged.includes(secret), 'the client secret in the log');
    assert.match(logged, /Bearer \[redacted\]/);
  });
});
