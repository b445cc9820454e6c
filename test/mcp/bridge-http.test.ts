// The bridge against the fixture MCP server over Streamable HTTP, started in this process on 127.0.0.1.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import { startHttpFixture, type HttpFixture } from '../fixtures/mcp/http-server.js';
import { callTool, listTools, pollUntil, textOf } from './call-bridge.js';

describe('connectMcp over Streamable HTTP', () => {
  let fixture: HttpFixture;
  let bridge: McpBridge;
  before(async () => {
    fixture = await startHttpFixture({ requiredHeader: ['X-Api-Key', 'sesame'] });
    bridge = await connectMcp({ url: fixture.url, headers: { 'X-Api-Key': 'sesame' } });
  });
  after(async () => {
    await bridge?.close();
    await fixture.close();
  });

  it('should send the headers and list every page of tools', async () => {
    assert.equal((await listTools(bridge)).length, 25);
    assert.equal(JSON.parse(textOf(await callTool(bridge, 'headers')))['x-api-key'], 'sesame');
  });

  it('should pass results and protocol errors through', async () => {
    assert.deepEqual((await callTool(bridge, 'rich')).structuredContent, { answer: 42 });
    assert.match(textOf(await callTool(bridge, 'rejects')), /widget must be blue/);
  });

  it('should refresh the tool list on list_changed', async () => {
    // A bridge of its own: a new session is a fresh fixture server, so the added tool stays out of other tests.
    const own = await connectMcp({ url: fixture.url, headers: { 'X-Api-Key': 'sesame' } });
    try {
      const before = (await listTools(own)).length;
      await callTool(own, 'add-tool');
      // Over HTTP the notification travels on the separate GET event stream, so it may land after the call's answer.
      await pollUntil(async () => (await listTools(own)).length === before + 1);
    } finally {
      await own.close();
    }
  });

  it('should answer with an error when the server forgets the session, then reconnect', async () => {
    const own = await startHttpFixture();
    const ownBridge = await connectMcp({ url: own.url });
    try {
      await own.forgetSessions();
      const lost = await callTool(ownBridge, 'pid');
      assert.equal(lost.isError, true);
      assert.match(textOf(lost), /reconnects/);
      const again = await callTool(ownBridge, 'pid');
      assert.equal(again.isError, undefined);
      assert.equal(textOf(again), String(process.pid));
    } finally {
      await ownBridge.close();
      await own.close();
    }
  });

  it('should reject with the HTTP status when the header is missing', async () => {
    await assert.rejects(connectMcp({ url: fixture.url }), /Could not connect to the MCP server .*401/);
  });
});

describe('connectMcp to an HTTP+SSE-only server', () => {
  it('should fall back to the SSE transport', async () => {
    const fixture = await startHttpFixture({ transport: 'sse' });
    const bridge = await connectMcp({ url: fixture.url });
    try {
      assert.equal((await listTools(bridge)).length, 25);
      assert.equal(textOf(await callTool(bridge, 'fails')), 'the widget is broken');
    } finally {
      await bridge.close();
      await fixture.close();
    }
  });
});

describe('connectMcp to nothing', () => {
  it('should reject clearly when nothing listens at the URL', async () => {
    const fixture = await startHttpFixture();
    const url = fixture.url;
    await fixture.close();
    await assert.rejects(connectMcp({ url }), /Could not connect to the MCP server .*ECONNREFUSED/);
  });
});
