// The bridge in front of @modelcontextprotocol/server-everything, the reference MCP server, over stdio.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import type { CallResult, Tool } from '../../server/types.js';
import { everythingServer } from '../fixtures/mcp/paths.js';

const req = {} as IncomingMessage;

describe('connectMcp in front of server-everything', () => {
  let bridge: McpBridge;
  let tools: readonly Tool[];
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await bridge.handleCall(name, args, req, { signal: new AbortController().signal })) as CallResult;

  before(async () => {
    bridge = await connectMcp({ stdio: { command: process.execPath, args: [everythingServer] } });
    tools = await (bridge.tools as () => Promise<readonly Tool[]>)();
  });
  after(() => bridge.close());

  it('should list its tools with titles, annotations and output schemas', () => {
    const echo = tools.find((tool) => tool.name === 'echo');
    assert.equal(echo?.title, 'Echo Tool');
    assert.equal(echo?.annotations?.readOnlyHint, true);
    assert.ok(tools.find((tool) => tool.name === 'get-structured-content')?.outputSchema);
  });

  it('should return text', async () => {
    assert.deepEqual((await call('echo', { message: 'hi' })).content, [{ type: 'text', text: 'Echo: hi' }]);
  });

  it('should return an image', async () => {
    const image = (await call('get-tiny-image')).content.find((item) => item.type === 'image');
    assert.equal(image?.mimeType, 'image/png');
    assert.ok(Buffer.from(String(image?.data), 'base64').subarray(1, 4).equals(Buffer.from('PNG')));
  });

  it('should return an embedded resource and resource links', async () => {
    const embedded = await call('get-resource-reference', { resourceType: 'Text', resourceId: 1 });
    assert.ok(embedded.content.some((item) => item.type === 'resource'));
    const links = await call('get-resource-links', { count: 2 });
    assert.equal(links.content.filter((item) => item.type === 'resource_link').length, 2);
  });

  it('should return structured content', async () => {
    const result = await call('get-structured-content', { location: 'Chicago' });
    assert.equal(typeof result.structuredContent?.temperature, 'number');
  });

  it("should report the server's validation errors as an isError result", async () => {
    const result = await call('get-sum', { a: 'one' });
    assert.equal(result.isError, true);
    assert.match((result.content[0] as { text: string }).text, /Invalid arguments for tool get-sum/);
  });
});
