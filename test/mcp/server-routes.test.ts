// The /server routes of a console in front of real MCP servers (bridge.inspector): server-everything over stdio (the
// log traffic of a call, live and as JSON, a notification it caused, the log level set and the simulated log obeying
// it, ping, reconnect, restart with its stderr followed live, an export that parses and matches the calls made), and a
// --url server behind OAuth whose tokens never reach the log.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createServer } from '../../server/index.js';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import type { ProtocolEntry, ProtocolLogExport, ServerState } from '../../protocol/index.js';
import { everythingServer } from '../fixtures/mcp/paths.js';
import { startProtectedMcp, stopStarted } from '../fixtures/oauth/oauth-setup.js';
import { EventReader, type StreamedEvent } from '../support/event-stream.js';
import { close, listen } from '../support/listen.js';

/** A console with the bridge's inspector, execution allowed. */
async function consoleFor(bridge: McpBridge): Promise<{ base: string; server: Server }> {
  const server = createServer({ ...bridge, inspect: bridge.inspector, allowExecute: true, callTimeoutMs: 10_000 });
  return { base: `http://127.0.0.1:${await listen(server)}`, server };
}

const post = async (base: string, path: string, body: unknown = {}) => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever came back
  return { status: response.status, json: (await response.json()) as any };
};

const getLog = async (base: string, query = ''): Promise<ProtocolLogExport> =>
  (await fetch(`${base}/server/log${query}`)).json() as Promise<ProtocolLogExport>;

/** The next event of `events` that `wanted` picks, skipping others. */
async function nextWhere(events: EventReader, wanted: (event: StreamedEvent) => boolean): Promise<StreamedEvent> {
  for (let event = await events.next(); event; event = await events.next()) if (wanted(event)) return event;
  throw new Error('the stream ended');
}

describe('the /server routes in front of server-everything', { timeout: 30_000 }, () => {
  let bridge: McpBridge;
  let base = '';
  let server: Server;
  before(async () => {
    bridge = await connectMcp(
      { stdio: { command: process.execPath, args: [everythingServer] } },
      { logLevel: 'debug' },
    );
    ({ base, server } = await consoleFor(bridge));
  });
  after(async () => {
    await close(server);
    await bridge.close();
  });

  it('is off for a console made from the bridge alone: the host turns it on by name', async () => {
    const plain = createServer({ ...bridge, allowExecute: true });
    try {
      const plainBase = `http://127.0.0.1:${await listen(plain)}`;
      assert.equal((await fetch(`${plainBase}/server/log`)).status, 404);
      assert.doesNotMatch(await (await fetch(`${plainBase}/`)).text(), /offers="[^"]*inspect/);
    } finally {
      await close(plain);
    }
  });

  it('shows each message of a call, live and in the log, with its round trip', async () => {
    const response = await fetch(`${base}/server/log`, { headers: { Accept: 'text/event-stream' } });
    const events = new EventReader(response.body!);
    assert.equal(((await events.next())?.data as ServerState).name, 'mcp-servers/everything');
    const from = (await getLog(base)).entries.at(-1)!.seq;
    const call = await post(base, '/tools/echo/call', { message: 'hello <log>' });
    assert.equal(call.status, 200);
    const isCall = (event: StreamedEvent) => (event.data as ProtocolEntry).method === 'tools/call';
    const sent = (await nextWhere(events, isCall)).data as ProtocolEntry;
    const answered = (await nextWhere(events, isCall)).data as ProtocolEntry;
    await events.cancel();
    assert.deepEqual([sent.direction, sent.kind], ['sent', 'request']);
    const { name, arguments: args } = (sent.message as { params: { name: string; arguments: unknown } }).params;
    assert.deepEqual([name, args], ['echo', { message: 'hello <log>' }]);
    assert.deepEqual([answered.direction, answered.kind, answered.id], ['received', 'response', sent.id]);
    assert.ok(answered.rttMs! >= 0, `${answered.rttMs}`);
    const logged = await getLog(base, `?after=${from}&method=tools/call`);
    assert.deepEqual(logged.entries, [sent, answered]);
  });

  it('lists the notifications a call caused, newest first', async () => {
    // Turned on, simulated logging sends one message at once.
    await post(base, '/tools/toggle-simulated-logging/call');
    await post(base, '/tools/toggle-simulated-logging/call');
    await post(base, '/server/ping'); // what the server sent before its answer to the ping is in the log by then
    const notifications = (await (await fetch(`${base}/server/notifications`)).json()) as ProtocolEntry[];
    assert.ok(notifications.length > 0);
    assert.ok(notifications.every((entry) => entry.direction === 'received' && entry.kind === 'notification'));
    assert.ok(notifications.some((entry) => entry.method === 'notifications/message'));
    const seqs = notifications.map((entry) => entry.seq);
    assert.deepEqual(
      seqs,
      [...seqs].sort((a, b) => b - a),
    );
  });

  it('sets the log level, and the simulated log obeys it', async () => {
    const set = await post(base, '/server/log-level', { level: 'emergency' });
    assert.equal(set.status, 200);
    assert.equal((set.json as ServerState).logLevel, 'emergency');
    const from = (await getLog(base)).entries.at(-1)!.seq;
    // Five of eight levels are below emergency: a server that ignored the level would show one here almost surely.
    for (let round = 0; round < 5; round++) {
      await post(base, '/tools/toggle-simulated-logging/call');
      await post(base, '/tools/toggle-simulated-logging/call');
    }
    await post(base, '/server/ping');
    const levels = (await getLog(base, `?after=${from}&method=notifications/message`)).entries.map(
      (entry) => (entry.message as { params: { level: string } }).params.level,
    );
    assert.ok(
      levels.every((level) => level === 'emergency'),
      `${levels}`,
    );
  });

  it('pings with the round trip', async () => {
    const ping = await post(base, '/server/ping');
    assert.equal(ping.status, 200);
    assert.ok(ping.json.ms >= 0 && ping.json.ms < 5_000, `${ping.json.ms}`);
  });

  it('reconnects and restarts, telling a follower of the state and the new process’s stderr', async () => {
    const response = await fetch(`${base}/server/log`, { headers: { Accept: 'text/event-stream' } });
    const events = new EventReader(response.body!);
    await events.next(); // the state as of now
    const reconnected = await post(base, '/server/reconnect');
    assert.equal(reconnected.status, 200);
    assert.equal((reconnected.json as ServerState).connected, true);
    const dropped = await nextWhere(events, (event) => event.event === 'state');
    assert.equal((dropped.data as ServerState).connected, false);
    const opened = await nextWhere(events, (event) => event.event === 'state');
    assert.equal((opened.data as ServerState).connected, true);

    const restarted = await post(base, '/server/restart');
    assert.equal(restarted.status, 200);
    const stderr = await nextWhere(events, (event) => event.event === 'stderr');
    assert.match((stderr.data as { line: string }).line, /\S/);
    await events.cancel();
    const tools = (await (await fetch(`${base}/tools`)).json()) as { name: string }[];
    assert.ok(tools.some((tool) => tool.name === 'echo'));
  });

  it('exports the log as a file whose JSON parses and whose calls are the ones made', async () => {
    await post(base, '/tools/echo/call', { message: 'exported' });
    const response = await fetch(`${base}/server/log?download=1`);
    assert.equal(response.headers.get('content-disposition'), 'attachment; filename="mcp-protocol-log.json"');
    const exported = JSON.parse(await response.text()) as ProtocolLogExport;
    const echoes = exported.entries
      .filter((entry) => entry.method === 'tools/call' && entry.kind === 'request')
      .map((entry) => (entry.message as { params: { arguments: { message?: string } } }).params.arguments.message)
      .filter((message) => message !== undefined);
    assert.deepEqual(echoes, ['hello <log>', 'exported']);
  });
});

describe('the /server routes in front of a --url server behind OAuth', { timeout: 20_000 }, () => {
  after(() => stopStarted());

  it('never shows a token or the client secret in the log', async () => {
    const fixture = await startProtectedMcp({ clients: [{ id: 'robot', secret: 'robot-secret-0123' }] });
    const bridge = await connectMcp({
      url: fixture.mcpUrl,
      auth: { clientId: 'robot', clientSecret: 'robot-secret-0123', clientCredentials: true },
    });
    const { base, server } = await consoleFor(bridge);
    try {
      assert.equal((await post(base, '/tools/pid/call')).status, 200);
      const text = await (await fetch(`${base}/server/log`)).text();
      const log = JSON.parse(text) as ProtocolLogExport;
      assert.ok(
        log.entries.some((entry) => entry.method === 'tools/call'),
        'the call is in the log',
      );
      const tokens = [...fixture.as.accessTokens.keys()];
      assert.ok(tokens.length > 0, 'a token was issued and used');
      for (const secret of [...tokens, 'robot-secret-0123']) assert.ok(!text.includes(secret), 'a secret in the log');
      const state = (await (await fetch(`${base}/server`)).json()) as ServerState;
      assert.equal(state.transport, 'streamable-http');
    } finally {
      await close(server);
      await bridge.close();
    }
  });
});
