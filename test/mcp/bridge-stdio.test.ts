// The bridge against the fixture MCP server, a real child process over stdio.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import { fixtureStdioServer, processGone } from '../fixtures/mcp/paths.js';
import { callTool as call, listTools, textOf } from './call-bridge.js';

const target = { stdio: { command: process.execPath, args: [fixtureStdioServer] } };

describe('connectMcp over stdio (fixture server)', () => {
  let bridge: McpBridge;
  before(async () => {
    bridge = await connectMcp(target);
  });
  after(() => bridge.close());

  it('should list every page of tools, with title, annotations and outputSchema', async () => {
    const tools = await listTools(bridge);
    assert.equal(tools.length, 25);
    const rich = tools.find((tool) => tool.name === 'rich');
    assert.equal(rich?.title, 'Every content type');
    assert.deepEqual(rich?.annotations, { readOnlyHint: true, openWorldHint: false });
    assert.deepEqual(rich?.outputSchema, { type: 'object', properties: { answer: { type: 'number' } }, required: ['answer'] });
  });

  it('should pass a CallToolResult through unchanged', async () => {
    const result = await call(bridge, 'rich');
    assert.deepEqual(result.content.map((item) => item.type), ['text', 'image', 'audio', 'resource', 'resource_link']);
    assert.deepEqual(result.structuredContent, { answer: 42 });
    assert.deepEqual(result._meta, { 'fixture/trace': 'abc' });
  });

  it('should pass structured content through even when it breaks its own output schema', async () => {
    assert.deepEqual((await call(bridge, 'mismatch')).structuredContent, { answer: 'forty-two' });
  });

  it("should pass the server's isError result through", async () => {
    const result = await call(bridge, 'fails');
    assert.equal(result.isError, true);
    assert.equal(textOf(result), 'the widget is broken');
  });

  it('should turn a protocol error into an isError result that says what the server said', async () => {
    const rejected = await call(bridge, 'rejects');
    assert.equal(rejected.isError, true);
    assert.match(textOf(rejected), /widget must be blue/);
    assert.match(textOf(await call(bridge, 'no-such-tool')), /Unknown tool: no-such-tool/);
  });

  it('should refresh the tool list on notifications/tools/list_changed', async () => {
    const before = (await listTools(bridge)).length;
    await call(bridge, 'add-tool');
    assert.equal((await listTools(bridge)).length, before + 1);
  });

  it('should cancel the MCP request when the signal aborts (notifications/cancelled)', async () => {
    const controller = new AbortController();
    const pending = call(bridge, 'slow', {}, controller.signal);
    setTimeout(() => controller.abort(), 50);
    const result = await pending;
    assert.equal(result.isError, true);
    assert.match(textOf(result), /cancelled/);
    assert.equal(textOf(await call(bridge, 'cancellations')), '1');
  });

  it('should answer a dead server quickly with an error, then reconnect on the next call', async () => {
    const firstPid = Number(textOf(await call(bridge, 'pid')));
    const started = Date.now();
    const died = await call(bridge, 'die');
    assert.equal(died.isError, true);
    assert.match(textOf(died), /connection/i);
    assert.ok(Date.now() - started < 2000, 'the error came quickly');
    const secondPid = Number(textOf(await call(bridge, 'pid')));
    assert.notEqual(secondPid, firstPid);
    assert.equal((await listTools(bridge)).length, 25, 'the new server has its own (fresh) tool list');
  });
});

describe('connectMcp options and lifecycle', () => {
  it('should apply callTimeoutMs and cancel the request on the server', async () => {
    const bridge = await connectMcp(target, { callTimeoutMs: 100 });
    try {
      const result = await call(bridge, 'slow');
      assert.equal(result.isError, true);
      assert.match(textOf(result), /within 100 ms/);
      assert.equal(textOf(await call(bridge, 'cancellations')), '1');
    } finally {
      await bridge.close();
    }
  });

  it('should stop the child process on close()', async () => {
    const bridge = await connectMcp(target);
    const pid = Number(textOf(await call(bridge, 'pid')));
    await bridge.close();
    assert.ok(processGone(pid));
    assert.match(textOf(await call(bridge, 'pid')), /closed/);
  });

  it('should reject with the last line the server printed when it cannot start', async () => {
    const failing = { stdio: { command: process.execPath, args: ['-e', 'console.error("no config found"); process.exit(2)'] } };
    await assert.rejects(connectMcp(failing), /Could not connect to the MCP server .*no config found/);
  });

  it('should reject clearly when the command does not exist', async () => {
    await assert.rejects(connectMcp({ stdio: { command: 'no-such-command-xyz' } }), /no-such-command-xyz.*ENOENT/);
  });
});
