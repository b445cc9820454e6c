// An McpConnection's state as a server panel sees it, against a stdio server that holds a lock file (a crash leaves it
// behind, so the next start fails until it is removed): who is told when a connection opens, drops or fails, how the
// dead process ended, the doctor's diagnosis while the failure stands, and what close() leaves behind.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { describe, it } from 'node:test';
import { McpConnectionError } from '../../server/mcp/connection.js';
import { processGone } from '../fixtures/mcp/paths.js';
import { pollUntil } from './call-bridge.js';
import { lockedConnection } from './locked-connection.js';

describe('McpConnection: opening, dropping and failing', () => {
  it('tells its followers of each open, drop and failure, keeps how the process ended, and the doctor reads it', async () => {
    const { connection, lock, lines, states } = lockedConnection('crash');
    try {
      assert.equal(connection.connected, undefined, 'not connected before the first request');
      assert.equal(connection.transportKind, undefined);
      const client = await connection.client();
      assert.equal(connection.connected, client);
      assert.equal(connection.transportKind, 'stdio');
      assert.equal(connection.diagnosis, undefined);
      assert.equal(states(), 1, 'told of the open');
      assert.equal(await connection.client(), client, 'the same client while the connection stands');

      const closed = new Promise<void>((resolve) => {
        const before = client.onclose;
        client.onclose = () => (before?.(), resolve());
      });
      await assert.rejects(client.callTool({ name: 'die', arguments: {} }));
      await closed;
      assert.equal(connection.connected, undefined, 'forgotten once it dropped');
      assert.equal(states(), 2, 'told of the drop');
      await pollUntil(async () => connection.lastExit !== undefined);
      assert.deepEqual(connection.lastExit, { code: 7, signal: null });

      // Its lock is left behind: the next start fails, and says why.
      const failure = await connection.client().catch((error: unknown) => error);
      assert.ok(failure instanceof McpConnectionError, 'connected although the lock is held');
      // The narrowing above holds for TypeScript, not for the connection: read it afresh.
      const standing = () => connection.diagnosis;
      assert.equal(standing(), failure.diagnosis);
      assert.equal(failure.message, failure.diagnosis?.sentence);
      assert.equal(failure.status, 502);
      assert.deepEqual(failure.fields, { diagnosis: failure.diagnosis }, 'the 502 carries the evidence');
      assert.match(failure.message, /exited with exit code 1 before answering/);
      assert.match(failure.message, /is held by another process/);
      assert.deepEqual(connection.lastExit, { code: 1, signal: null });
      assert.ok(
        connection.stderrLines().some((line) => line.endsWith('is held by another process (token none)')),
        `${connection.stderrLines()}`,
      );
      assert.ok(lines.includes('locking: opening the store'), `${lines}`);
      assert.equal(states(), 3, 'told of the failure');

      // Once the cause is gone the next request connects, and the failure no longer stands.
      rmSync(lock);
      await connection.client();
      assert.equal(standing(), undefined);
      assert.equal(connection.lastExit, undefined, 'the new process has not ended');
      assert.deepEqual(connection.stderrLines(), [], "the new process's tail holds nothing of the last one's");
      assert.equal(states(), 4);
    } finally {
      await connection.close();
    }
  });

  it('stops telling a follower that stopped following, of the state and of stderr', async () => {
    const { connection, lock } = lockedConnection('unfollow');
    let states = 0;
    const lines: string[] = [];
    const stopState = connection.followState(() => states++);
    const stopStderr = connection.followStderr((line) => lines.push(line));
    try {
      const crash = async () => {
        const client = await connection.client();
        await assert.rejects(client.callTool({ name: 'die', arguments: {} }));
        await pollUntil(async () => connection.connected === undefined);
        await assert.rejects(connection.client(), McpConnectionError);
        rmSync(lock);
      };
      await crash();
      assert.equal(states, 3, 'the open, the drop (or the failure) and the failure');
      assert.ok(lines.includes('locking: opening the store'), `${lines}`);
      stopState();
      stopStderr();
      const heard = { states, lines: lines.length };
      await crash();
      assert.deepEqual({ states, lines: lines.length }, heard);
    } finally {
      await connection.close();
    }
  });
});
