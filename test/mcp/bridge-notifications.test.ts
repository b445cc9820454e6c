// The bridge plugged into a console: a page watching the tool list hears that the MCP server's list changed, without a
// reload.
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

  it('should tell watching pages when the server says its tool list changed, and list the new one', async () => {
    const response = await fetch(`${base}/tools`, { headers: { Accept: 'text/event-stream' } });
    const reader = new EventReader(response.body!);
    const listed = async () => (await (await fetch(`${base}/tools`)).json()) as Tool[];
    assert.equal((await reader.next())?.event, 'tools-changed');
    const first = await listed();
    const added = await fetch(`${base}/tools/add-tool/call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal(added.status, 200);
    // The stream says that the list changed; the page then loads it.
    const next = await reader.next();
    assert.equal(next?.event, 'tools-changed');
    const names = (await listed()).map((tool) => tool.name);
    assert.equal(names.length, first.length + 1);
    assert.ok(
      names.some((name) => name.startsWith('added-')),
      'the added tool is listed',
    );
    await reader.cancel();
  });
});

describe('connectMcp plugged into a console, when the server dies mid-question', () => {
  let bridge: McpBridge;
  let server: ReturnType<typeof createServer>;
  let base: string;
  before(async () => {
    bridge = await connectMcp({ stdio: { command: process.execPath, args: [fixtureStdioServer] } });
    server = createServer({ tools: bridge.tools, handleCall: bridge.handleCall, allowExecute: true });
    base = `http://127.0.0.1:${await listen(server)}`;
  });
  after(async () => {
    await close(server);
    await bridge.close();
  });

  it('should end the call with the lost connection and close its question', async () => {
    const response = await fetch(`${base}/tools/ask-then-die/call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: '{}',
    });
    const reader = new EventReader(response.body!);
    const question = await reader.next();
    assert.equal(question?.event, 'request');
    const { id, params } = question!.data as { id: string; params: { message: string } };
    assert.equal(params.message, 'Still there?');
    const rest = await reader.rest();
    assert.deepEqual(rest[0], { event: 'request-closed', data: { id, reason: 'cancelled' } }, 'the page closes it');
    const { status, result: body } = rest.at(-1)!.data as { status: number; result: { content: { text: string }[] } };
    assert.equal(status, 500);
    assert.match(body.content[0].text, /Lost the connection to the MCP server during the call/);
    const late = await fetch(`${base}/tools/ask-then-die/requests/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"action":"decline"}',
    });
    assert.equal(late.status, 404, 'the question ended with its call');
  });
});
