// The bridge says who the MCP server is: its `serverInfo` and `instructions` from `initialize`, the documented
// string fields and its icons the page may fetch (https: and data: images), for `createHandler({serverInfo})`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectMcp } from '../../server/mcp/index.js';
import { everythingServer } from '../fixtures/mcp/paths.js';
import { TALKATIVE, talkativeServer } from '../fixtures/mcp/talkative.js';

describe('connectMcp: serverInfo', () => {
  it('should carry name, title, version, website, instructions and its https: icon', async () => {
    const bridge = await connectMcp({ stdio: { command: process.execPath, args: [talkativeServer] } });
    try {
      assert.deepEqual(bridge.serverInfo, {
        ...TALKATIVE.serverInfo,
        icons: [{ src: 'https://example.com/icon.png' }],
        instructions: TALKATIVE.instructions,
      });
    } finally {
      await bridge.close();
    }
  });

  it("should carry server-everything's identity", async () => {
    const bridge = await connectMcp({ stdio: { command: process.execPath, args: [everythingServer] } });
    try {
      const { instructions, ...identity } = bridge.serverInfo ?? { name: '' };
      assert.deepEqual(identity, {
        name: 'mcp-servers/everything',
        title: 'Everything Reference Server',
        version: '2.0.0',
      });
      assert.match(instructions ?? '', /^# Everything Server/);
    } finally {
      await bridge.close();
    }
  });
});
