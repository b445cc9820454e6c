// The real MCP Apps example server, @modelcontextprotocol/server-basic-vanillajs, behind the bridge spread into a
// console (`createServer({...bridge})`): its tool's UI reaches the catalog, its UI resource comes back through
// POST /resources/read as the HTML of an MCP App, and a tool UI is kept to the server's own resources.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import { callPath, startConsole, type RunningConsole } from '../server/helpers.js';

const vanillaServer = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js', import.meta.url),
);
const UI = 'ui://get-time/mcp-app.html';
const read = (app: RunningConsole, uri: string, headers: Record<string, string> = {}) =>
  app.request('POST', '/resources/read', { body: JSON.stringify({ uri }), headers });

describe('server-basic-vanillajs behind the bridge', () => {
  let bridge: McpBridge;
  let app: RunningConsole;
  before(async () => {
    bridge = await connectMcp({ stdio: { command: process.execPath, args: [vanillaServer, '--stdio'] } });
    app = await startConsole({ ...bridge, allowExecute: true });
  });
  after(async () => {
    await app.close();
    await bridge.close();
  });

  it("should show get-time's UI in the list and the detail", async () => {
    const summary = ((await app.request('GET', '/tools')).json as { name: string; ui?: unknown }[]).find(
      (tool) => tool.name === 'get-time',
    );
    assert.deepEqual(summary?.ui, { resourceUri: UI });
    assert.deepEqual((await app.request('GET', '/tools/get-time')).json.ui, { resourceUri: UI });
  });

  it('should read its UI resource: the HTML of an MCP App', async () => {
    const callers: Record<string, string>[] = [{}, { 'Tool-Caller': 'app' }];
    for (const headers of callers) {
      const answer = await read(app, UI, headers);
      assert.equal(answer.status, 200);
      const [content] = answer.json.contents;
      assert.equal(content.uri, UI);
      assert.equal(content.mimeType, 'text/html;profile=mcp-app');
      assert.match(content.text, /^<!doctype html>/i);
      assert.match(content.text, /<\/html>\s*$/i);
    }
  });

  it("should answer 404 with the server's message for a UI it does not have", async () => {
    const answer = await read(app, 'ui://get-time/nothing.html');
    assert.equal(answer.status, 404);
    assert.match(answer.json.error, /ui:\/\/get-time\/nothing\.html/);
  });

  it('should refuse a tool UI anything but the server own resources, and let the person try', async () => {
    const answer = await read(app, 'file:///etc/passwd', { 'Tool-Caller': 'app' });
    assert.equal(answer.status, 403);
    assert.deepEqual(answer.json, {
      error: "Tool UIs may read only the server's own resources; file:///etc/passwd is not one of them.",
    });
    assert.equal((await read(app, 'file:///etc/passwd')).status, 404, 'the server itself says it has no such thing');
  });

  it('should let the tool UI call get-time (no visibility: model and app)', async () => {
    const answer = await app.request('POST', callPath('get-time'), { body: '{}', headers: { 'Tool-Caller': 'app' } });
    assert.equal(answer.status, 200);
    assert.match(answer.json.structuredContent.time, /^\d{4}-\d{2}-\d{2}T/);
  });
});
