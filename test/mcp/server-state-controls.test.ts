// The server panel's state and controls (ServerControls) in front of small fixture servers: what it shows before and
// after connecting and after the server died, and which log level requests reach the server (only a 2025 server that
// logs is sent logging/setLevel); a ping's round trip; restart refused for a URL.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ServerControls } from '../../server/mcp/server-state.js';
import { modernServer } from '../fixtures/mcp/paths.js';
import { TALKATIVE, talkativeServer } from '../fixtures/mcp/talkative.js';
import { observedConnection } from './observed-connection.js';

const loggingServer = fileURLToPath(new URL('../fixtures/mcp/logging-server.js', import.meta.url));
const stdio = (path: string) => ({ stdio: { command: process.execPath, args: [path] } });
const setLevelsSent = (connection: ReturnType<typeof observedConnection>) =>
  connection.protocolLog
    .entries()
    .filter((entry) => entry.method === 'logging/setLevel' && entry.kind === 'request')
    .map((entry) => (entry.message as { params: { level: string } }).params.level);

// One server for the whole describe, in order: the state before connecting, then after, then after its crash.
describe('ServerControls in front of a server that does not log', { timeout: 20_000 }, () => {
  const connection = observedConnection(stdio(talkativeServer), { logLevel: 'notice' });
  const controls = new ServerControls(connection);
  const offered = { clientCapabilities: controls.state().clientCapabilities };
  after(() => connection.close());

  it('should show only the target and what the console offers before connecting', () => {
    assert.equal('roots' in offered.clientCapabilities, false);
    assert.ok(offered.clientCapabilities.elicitation, 'elicitation offered');
    assert.deepEqual(controls.state(), {
      connected: false,
      target: `${process.execPath} ${talkativeServer}`,
      ...offered,
      roots: [],
      logLevel: 'notice',
      stderr: [],
    });
  });

  it('should refuse a log level that does not exist with a 400, keep the one it had, and not connect', async () => {
    await assert.rejects(controls.setLogLevel('loud'), { name: 'ServerControlError', status: 400 });
    assert.equal(controls.state().logLevel, 'notice');
    assert.equal(controls.state().connected, false);
  });

  it('should connect to set a level, and keep it without sending logging/setLevel to a server that does not log', async () => {
    await controls.setLogLevel('critical');
    assert.deepEqual(setLevelsSent(connection), []);
    assert.equal(controls.state().connected, true);
    assert.equal(controls.state().logLevel, 'critical');
  });

  it('should show who the server is once connected', () => {
    const initialize = connection.protocolLog.entries().find((entry) => entry.method === 'initialize');
    const introduced = (initialize?.message as { params: { clientInfo: { name: string } } }).params.clientInfo;
    assert.equal(introduced.name, 'tool-console', 'the console introduced itself by its name');
    const { stderr, ...state } = controls.state();
    assert.ok(Array.isArray(stderr));
    assert.deepEqual(state, {
      connected: true,
      name: TALKATIVE.serverInfo.name,
      title: TALKATIVE.serverInfo.title,
      version: TALKATIVE.serverInfo.version,
      protocolVersion: '2025-11-25',
      transport: 'stdio',
      target: `${process.execPath} ${talkativeServer}`,
      serverCapabilities: { tools: {} },
      ...offered,
      roots: [],
      instructions: TALKATIVE.instructions,
      logLevel: 'critical',
    });
  });

  it('should ping, answering the round trip in milliseconds to a tenth', async () => {
    const started = performance.now();
    const { ms } = await controls.ping();
    const elapsed = performance.now() - started;
    assert.ok(ms > 0 && ms <= elapsed + 0.05, `${ms} of ${elapsed}`);
    assert.equal(Math.round(ms * 10), ms * 10);
    const pings = connection.protocolLog.entries().filter((entry) => entry.method === 'ping');
    assert.equal(pings.length, 2, 'the ping and its answer');
  });

  it('should show how the server exited once it died', async () => {
    const client = await connection.client();
    const exited = new Promise<void>((resolve) => {
      const stop = connection.followState(() => {
        if (!controls.state().exit) return;
        stop();
        resolve();
      });
    });
    await client.callTool({ name: 'crash', arguments: {} }).catch(() => {});
    await exited;
    assert.deepEqual(controls.state().exit, { code: 3, signal: null });
  });
});

describe('ServerControls and the log level of other servers', { timeout: 20_000 }, () => {
  it('should send logging/setLevel to a 2025 server that logs, on connecting and when the level is set', async () => {
    const connection = observedConnection(stdio(loggingServer));
    try {
      await connection.tools();
      await new ServerControls(connection).setLogLevel('error');
      // The level it was started with, asked for as soon as it connected, then the one set.
      assert.deepEqual(setLevelsSent(connection), ['info', 'error']);
    } finally {
      await connection.close();
    }
  });

  it('should not send logging/setLevel to a 2026-07-28 server: the level rides in each request', async () => {
    const connection = observedConnection(stdio(modernServer));
    const controls = new ServerControls(connection);
    try {
      await controls.setLogLevel('alert');
      assert.equal(controls.state().protocolVersion, '2026-07-28');
      assert.deepEqual(setLevelsSent(connection), []);
      assert.equal(controls.state().logLevel, 'alert');
    } finally {
      await connection.close();
    }
  });

  it('should refuse to restart a URL with a 409, saying to reconnect instead', async () => {
    const connection = observedConnection({ url: 'http://127.0.0.1:9/mcp' });
    try {
      await assert.rejects(new ServerControls(connection).restart(), {
        name: 'ServerControlError',
        status: 409,
        message: 'Only a stdio server can be restarted; reconnect to a URL instead.',
      });
    } finally {
      await connection.close();
    }
  });
});
