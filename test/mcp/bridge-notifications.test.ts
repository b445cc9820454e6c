// The bridge plugged into a console: a page watching the tool list sees the MCP server's list change without a reload.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServer, type Tool } from '../../server/index.js';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import { fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { EventReader } from '../support/event-stream.js';
import { close, listen } from '../support/listen.js';

describe('connectMcp plugged into a console, with pages watching', () => {
  let bridge: McpBridge;
  let server: ReturnType<typeof createServer>;
  let base: string;
  before(async () => {
    bridge = await connectMcp({ stdio: { command: process.execPath, args: [fixtureStdioServer] } });
    server = createServer({
      tools: bridge.tools,
      handleCall: bridge.handleCall,
      notifications: bridge.notifications,
      allowExecute: true,
    });
    base = `http://127.0.0.1:${await listen(server)}`;
  });
  after(async () => {
    await close(server);
    await bridge.close();
  });

  it("should push the server's new tool list when it says the list changed", async () => {
    const response = await fetch(`${base}/tools`, { headers: { Accept: 'text/event-stream' } });
    const reader = new EventReader(response.body!);
    const first = (await reader.next())!.data as Tool[];
    const added = await fetch(`${base}/tools/add-tool/call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal(added.status, 200);
    const next = await reader.next();
    assert.equal(next?.event, 'tools');
    const names = (next!.data as Tool[]).map((tool) => tool.name);
    assert.equal(names.length, first.length + 1);
    assert.ok(
      names.some((name) => name.startsWith('added-')),
      'the added tool is listed',
    );
    await reader.cancel();
  });
});
