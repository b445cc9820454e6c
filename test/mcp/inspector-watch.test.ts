// The bridge's inspector as the console's /server routes use it, on real stdio servers: a watcher hears each message,
// the log's dropped count when it grows, each stderr line and each open or failure (with the doctor's diagnosis while
// a failure stands), and nothing once it has stopped watching.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServerWatcher } from '../../server/core/inspect/server-inspector.js';
import { mcpInspector } from '../../server/mcp/inspector.js';
import type { ServerState } from '../../protocol/server-state.js';
import { exitsAtOnceServer, fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { observedConnection } from './observed-connection.js';

function recordingWatcher() {
  const heard = { entries: 0, dropped: [] as number[], stderr: [] as string[], states: [] as ServerState[] };
  const watcher: ServerWatcher = {
    entry: () => void heard.entries++,
    dropped: (dropped) => void heard.dropped.push(dropped),
    stderr: (line) => void heard.stderr.push(line),
    state: (state) => void heard.states.push(state),
  };
  return { watcher, heard };
}

describe('mcpInspector', () => {
  it('tells a watcher of each message and of the open, and nothing once it stops watching', async () => {
    const connection = observedConnection({ stdio: { command: process.execPath, args: [fixtureStdioServer] } });
    try {
      const inspector = mcpInspector(connection);
      const { watcher, heard } = recordingWatcher();
      const stop = inspector.watch(watcher);
      await inspector.ping();
      assert.ok(heard.entries >= 4, `the handshake and the ping were heard (${heard.entries})`);
      assert.equal(heard.states.length, 1, 'told of the open');
      assert.equal(heard.states[0]!.diagnosis, undefined, 'no diagnosis while the connection stands');
      assert.deepEqual(heard.dropped, [], 'nothing dropped yet');

      stop();
      const before = { entries: heard.entries, states: heard.states.length };
      await inspector.ping();
      await inspector.reconnect();
      assert.equal(heard.entries, before.entries, 'no message after it stopped watching');
      assert.equal(heard.states.length, before.states, 'no state after it stopped watching');
      assert.equal(inspector.log().entries.length > before.entries, true, 'the log itself went on');
    } finally {
      await connection.close();
    }
  });

  it('tells a watcher how many messages the log has dropped, each time that grows', async () => {
    const connection = observedConnection({ stdio: { command: process.execPath, args: [fixtureStdioServer] } });
    try {
      const inspector = mcpInspector(connection);
      const { watcher, heard } = recordingWatcher();
      inspector.watch(watcher);
      // The log keeps the last 2,000 messages: 1,001 pings and their answers are 2,002 of them, after the handshake.
      const client = await connection.client();
      for (let i = 0; i < 1_001; i++) await client.ping();
      assert.ok(heard.dropped.length > 0, 'told of the drops');
      assert.deepEqual(
        heard.dropped,
        heard.dropped.map((_, index) => heard.dropped[0]! + index),
        'once for each message dropped, counting up',
      );
      assert.equal(heard.dropped.at(-1), inspector.log().dropped);
    } finally {
      await connection.close();
    }
  });

  it("puts the doctor's diagnosis in the state while a failure stands, and tells the watcher its stderr", async () => {
    const connection = observedConnection({ stdio: { command: process.execPath, args: [exitsAtOnceServer] } });
    try {
      const inspector = mcpInspector(connection);
      const { watcher, heard } = recordingWatcher();
      inspector.watch(watcher);
      await assert.rejects(connection.client());
      const { diagnosis } = inspector.state();
      assert.ok(diagnosis, 'a diagnosis while the failure stands');
      assert.match(JSON.stringify(diagnosis), /exit|code 3/i);
      assert.deepEqual(heard.states.at(-1)!.diagnosis, diagnosis, 'the watcher got the same state');
      assert.ok(heard.stderr.includes('config.json: no such file or directory'), heard.stderr.join('|'));
    } finally {
      await connection.close();
    }
  });
});
