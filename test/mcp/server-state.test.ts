// The server's state and controls, as a page's server panel will show and use them: against real server-everything
// over stdio (who it is, capabilities, roots, log level obeyed, ping, reconnect, restart, its stderr followed live)
// and the fixture server (a secret on its command line blanked; restart refused for a URL).
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ServerControlError, ServerControls } from '../../server/mcp/server-state.js';
import { everythingServer, fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { startHttpFixture } from '../fixtures/mcp/http-server.js';
import { observedConnection } from './observed-connection.js';

describe('server state and controls in front of server-everything', { timeout: 30_000 }, () => {
  const levels: string[] = [];
  let toolsChanged = 0;
  const connection = observedConnection(
    { stdio: { command: process.execPath, args: [everythingServer] } },
    {
      roots: [tmpdir()],
      logLevel: 'debug',
      onLog: (message) => levels.push(message.level),
      onToolsChanged: () => toolsChanged++,
    },
  );
  const controls = new ServerControls(connection);
  before(() => connection.tools());
  after(() => connection.close());

  it('says who the server is, how it is connected, and what both sides declared', () => {
    const state = controls.state();
    assert.equal(state.connected, true);
    assert.equal(state.name, 'mcp-servers/everything');
    assert.equal(typeof state.version, 'string');
    assert.equal(state.protocolVersion, '2025-11-25');
    assert.equal(state.transport, 'stdio');
    assert.equal(state.target, `${process.execPath} ${everythingServer}`);
    assert.ok(state.serverCapabilities?.tools && state.serverCapabilities.logging, 'tools and logging');
    assert.ok(state.clientCapabilities.elicitation && state.clientCapabilities.roots, 'elicitation and roots');
    assert.deepEqual(state.roots, [{ uri: pathToFileURL(tmpdir()).href, name: 'tmp' }]);
    assert.match(state.instructions ?? '', /\S/);
    assert.equal(state.logLevel, 'debug');
    assert.ok(
      state.stderr.some((line) => /Starting/.test(line)),
      `${state.stderr}`,
    );
  });

  it('sets the log level with logging/setLevel, and the simulated log obeys it', async () => {
    await controls.setLogLevel('emergency');
    const sent = connection.protocolLog.entries().filter((entry) => entry.method === 'logging/setLevel');
    assert.deepEqual((sent.at(-2)?.message as { params: unknown }).params, { level: 'emergency' });
    assert.equal(sent.at(-1)?.kind, 'response');
    assert.equal(controls.state().logLevel, 'emergency');
    // Each time simulated logging is turned on it sends one message of a random level at once: five of eight
    // levels are below emergency, so a server that ignored the level would show one here almost surely.
    const client = await connection.client();
    const before = connection.protocolLog.entries().length;
    for (let round = 0; round < 5; round++) {
      await client.callTool({ name: 'toggle-simulated-logging', arguments: {} });
      await client.callTool({ name: 'toggle-simulated-logging', arguments: {} });
    }
    await controls.ping(); // the last message, if any, arrives before the ping's answer
    const logged = connection.protocolLog
      .entries()
      .slice(before)
      .filter((entry) => entry.method === 'notifications/message')
      .map((entry) => (entry.message as { params: { level: string } }).params.level);
    assert.ok(
      logged.every((level) => level === 'emergency'),
      `${logged}`,
    );
  });

  it('refuses a log level that does not exist, saying which ones do', async () => {
    await assert.rejects(controls.setLogLevel('loud'), {
      name: 'ServerControlError',
      message:
        'The log level must be one of debug, info, notice, warning, error, critical, alert, emergency, got "loud".',
    });
  });

  it('pings, with the round trip, and the ping is in the log', async () => {
    const { ms } = await controls.ping();
    assert.ok(ms >= 0 && ms < 5_000, `${ms}`);
    const last = connection.protocolLog.entries().filter((entry) => entry.method === 'ping');
    assert.deepEqual(
      last.slice(-2).map((entry) => `${entry.direction} ${entry.kind}`),
      ['sent request', 'received response'],
    );
  });

  it('restarts the server: a new process, its stderr followed live, the page told to reload the tools', async () => {
    const lines: string[] = [];
    const stop = connection.followStderr((line) => lines.push(line));
    const initializes = () => connection.protocolLog.entries().filter((entry) => entry.method === 'initialize').length;
    const before = { initializes: initializes(), toolsChanged };
    const state = await controls.restart();
    stop();
    assert.equal(state.connected, true);
    assert.equal(initializes(), before.initializes + 2, 'a second initialize, sent and answered');
    assert.equal(toolsChanged, before.toolsChanged + 1);
    assert.ok(
      lines.some((line) => /Starting/.test(line)),
      `${lines}`,
    );
    // The level set before carries over to the new process.
    assert.equal(state.logLevel, 'emergency');
    assert.ok((await connection.tools()).some((tool) => tool.name === 'echo'));
  });
});

describe('server state for other targets', { timeout: 20_000 }, () => {
  it('blanks a secret on the command line and in the known secrets', async () => {
    const connection = observedConnection(
      { stdio: { command: process.execPath, args: [fixtureStdioServer, '--api-key', 'sk-cli-0123456789', '--x=y'] } },
      { secrets: ['sk-cli-0123456789'] },
    );
    try {
      await connection.tools();
      const reconnected = await new ServerControls(connection).reconnect();
      assert.equal(reconnected.target, `${process.execPath} ${fixtureStdioServer} --api-key [redacted] --x=y`);
    } finally {
      await connection.close();
    }
  });

  it('reconnects to a URL but refuses to restart it', async () => {
    const http = await startHttpFixture();
    const connection = observedConnection({ url: `${http.url}?token=abc123456789` });
    try {
      const controls = new ServerControls(connection);
      await assert.rejects(controls.restart(), ServerControlError);
      const state = await controls.reconnect();
      assert.equal(state.connected, true);
      assert.equal(state.transport, 'streamable-http');
      assert.equal(state.target, `${http.url}?token=%5Bredacted%5D`);
    } finally {
      await connection.close();
      await http.close();
    }
  });
});
