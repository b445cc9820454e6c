// An McpConnection dropped, reopened and closed on request (the server panel's controls, and the bridge's own close):
// a new process each time, the old one's end never taken for the new one's, and nothing left running after close().
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { McpConnectionError } from '../../server/mcp/connection.js';
import { processGone } from '../fixtures/mcp/paths.js';
import { pollUntil } from './call-bridge.js';
import { lockedConnection, pidOf } from './locked-connection.js';
import { observedConnection } from './observed-connection.js';

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
