// On a 2026-07-28 connection the server tells of changed lists, and of a changed resource, only over the stream the
// client listens on, and only for what it asked to hear: the connection asks for each list the server says can change,
// and for the resources subscribed to, and hears each change once (modern-server.ts, over stdio).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { modernServer } from '../fixtures/mcp/paths.js';
import { pollUntil } from './call-bridge.js';
import { observedConnection } from './observed-connection.js';

describe('McpConnection on a 2026-07-28 server: what it listens for', () => {
  it('hears that the resource and prompt lists changed, and that a subscribed resource changed', async () => {
    const heard = { tools: 0, resources: 0, prompts: 0, updated: [] as string[] };
    const connection = observedConnection(
      { stdio: { command: process.execPath, args: [modernServer] } },
      {
        onToolsChanged: () => void heard.tools++,
        onResourcesChanged: () => void heard.resources++,
        onPromptsChanged: () => void heard.prompts++,
        onResourceUpdated: (uri) => void heard.updated.push(uri),
      },
    );
    try {
      const client = await connection.client();
      assert.equal(client.getProtocolEra(), 'modern');

      await client.callTool({ name: 'add-resource', arguments: {} });
      await pollUntil(async () => heard.resources > 0);
      await client.callTool({ name: 'add-prompt', arguments: {} });
      await pollUntil(async () => heard.prompts > 0);
      assert.deepEqual([heard.resources, heard.prompts], [1, 1], 'each list change heard once');

      await client.callTool({ name: 'touch-greeting', arguments: {} });
      await connection.subscribeResource('modern://greeting');
      await client.callTool({ name: 'touch-greeting', arguments: {} });
      await pollUntil(async () => heard.updated.length > 0);
      assert.deepEqual(heard.updated, ['modern://greeting'], 'heard only once subscribed');

      await connection.unsubscribeResource('modern://greeting');
      await client.callTool({ name: 'touch-greeting', arguments: {} });
      // A tool list change after it, heard on the same stream, shows the touch had its chance to arrive.
      await client.callTool({ name: 'add-tool', arguments: {} });
      await pollUntil(async () => heard.tools > 0);
      assert.deepEqual(heard.updated, ['modern://greeting'], 'not heard once unsubscribed');
    } finally {
      await connection.close();
    }
  });
});
