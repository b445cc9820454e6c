// An McpConnection dropped, reopened and closed on request (the server panel's controls, and the bridge's own close):
// a new process each time, the old one's end never taken for the new one's, and nothing left running after close().
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { McpConnectionError } from '../../server/mcp/connection.js';
import { lockingServer, processGone } from '../fixtures/mcp/paths.js';
import { pollUntil } from './call-bridge.js';
import { observedConnection } from './observed-connection.js';

const folder = mkdtempSync(join(tmpdir(), 'connection-lifecycle-'));
after(() => rmSync(folder, { recursive: true, force: true }));

/** A connection to the locking server; without a `name` it holds no lock, so its processes may overlap. */
function lockedConnection(name?: string) {
  const lock = join(folder, `${name}.lock`);
  const lines: string[] = [];
  const env: Record<string, string> = name === undefined ? {} : { FIXTURE_LOCK: lock };
  const connection = observedConnection(
    { stdio: { command: process.execPath, args: [lockingServer], env } },
    { onStderrLine: (line) => lines.push(line) },
  );
  let states = 0;
  connection.followState(() => states++);
  return { connection, lock, lines, states: () => states };
}

async function pidOf(connection: ReturnType<typeof observedConnection>): Promise<number> {
  const result = await (await connection.client()).callTool({ name: 'pid', arguments: {} });
  return Number((result.content as { text: string }[])[0]!.text);
}

describe('McpConnection: reset, reconnect and close', () => {
  it('on reset() drops the connection and opens a new process; the old one ending is not the new one ending', async () => {
    const { connection } = lockedConnection();
    try {
      const first = await pidOf(connection);
      connection.reset();
      const second = await pidOf(connection);
      assert.notEqual(second, first);
      await pollUntil(async () => processGone(first));
      assert.equal(connection.lastExit, undefined, `${JSON.stringify(connection.lastExit)}`);
      assert.equal(await pidOf(connection), second, 'the old connection closing did not drop the new one');
    } finally {
      await connection.close();
    }
  });

  it('on reconnect() before any connection, opens one and tells its followers once', async () => {
    let toolsChanged = 0;
    const connection = observedConnection(lockedConnection().connection.target, {
      onToolsChanged: () => toolsChanged++,
    });
    let told = 0;
    connection.followState(() => told++);
    try {
      const client = await connection.reconnect();
      assert.equal(connection.connected, client);
      assert.equal(told, 1);
      assert.equal(toolsChanged, 1, 'the page reloads the tools of the new server');
      const again = await connection.reconnect();
      assert.notEqual(again, client);
      assert.equal(connection.connected, again);
      assert.equal(told, 3, 'the old connection going, then the new one opening');
      assert.equal(toolsChanged, 2);
    } finally {
      await connection.close();
    }
  });

  it('after close(), refuses to connect, says so, and leaves no process running', async () => {
    const { connection } = lockedConnection();
    const pid = await pidOf(connection);
    await connection.close();
    assert.equal(connection.connected, undefined);
    await pollUntil(async () => processGone(pid));
    await assert.rejects(connection.client(), {
      name: 'McpConnectionError',
      message: 'The MCP connection is closed.',
      status: 502,
      fields: undefined,
    });
    await assert.rejects(connection.tools(), { message: 'The MCP connection is closed.' });
  });

  it('closes a connection still opening when close() comes, and never hands it out', async () => {
    const { connection, states } = lockedConnection();
    const opening = connection.client();
    await connection.close();
    await assert.rejects(opening, { name: 'McpConnectionError', message: 'The MCP connection is closed.' });
    assert.equal(connection.connected, undefined);
    assert.equal(states(), 0, 'never opened as far as its followers know');
  });
});
