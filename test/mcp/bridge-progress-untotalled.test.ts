// Progress that names no total (MCP allows it) reaches the call like any other: only the SDK's own notices of a
// 2026-07-28 server's question rounds are kept from the user.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectMcp } from '../../server/mcp/index.js';
import { pacedServer } from '../fixtures/mcp/paths.js';
import { recordingContext } from './call-bridge.js';

const paced = { stdio: { command: process.execPath, args: [pacedServer] } };

describe('connectMcp: progress without a total', () => {
  it('should pass it on to the call', async () => {
    const bridge = await connectMcp(paced);
    try {
      const { ctx, progress } = recordingContext();
      await bridge.handleCall('paced', { ms: 200, every: 100, untotalled: true }, {} as never, ctx);
      // The last notice may lose the race with the answer (the SDK drops progress once a call is answered).
      assert.deepEqual(progress[0], { progress: 100, total: undefined, message: undefined });
    } finally {
      await bridge.close();
    }
  });
});
