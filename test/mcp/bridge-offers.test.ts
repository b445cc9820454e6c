// What connectMcp hands a host for a server that has tools and nothing else: no resources, templates, subscriptions,
// prompts or completion (so the page shows no such sections), a call forwarded without a ctx, the server's stderr
// lines with the secrets blanked, and its state for the inspector.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import { TALKATIVE, talkativeServer } from '../fixtures/mcp/talkative.js';

describe('connectMcp in front of a server with tools only', { timeout: 20_000 }, () => {
  let bridge: McpBridge;
  const lines: string[] = [];
  let heard: (line: string) => void = () => {};
  before(async () => {
    bridge = await connectMcp(
      { stdio: { command: process.execPath, args: [talkativeServer] } },
      {
        secrets: ['hunter2-secret'],
        onStderrLine: (line) => {
          lines.push(line);
          heard(line);
        },
      },
    );
  });
  after(() => bridge.close());

  it('should offer no resources, templates, subscriptions, prompts or completion', () => {
    const { resources, resourceTemplates, subscribeResource, unsubscribeResource, prompts, getPrompt, complete } =
      bridge;
    const offered = {
      resources,
      resourceTemplates,
      subscribeResource,
      unsubscribeResource,
      prompts,
      getPrompt,
      complete,
    };
    assert.deepEqual(Object.values(offered), Array(7).fill(undefined));
  });

  it('should list its tools and say who it is', async () => {
    const tools = await (bridge.tools as () => Promise<{ name: string }[]>)();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      ['talk', 'crash'],
    );
    assert.equal(bridge.serverInfo?.name, TALKATIVE.serverInfo.name);
  });

  it("should forward a call made without a ctx, and hand on the server's stderr lines with secrets blanked", async () => {
    const said = new Promise<void>((resolve) => {
      heard = (line) => line.startsWith('talk:') && resolve();
    });
    // A host that calls handleCall itself may pass no ctx (the type asks for one: the console always has it).
    const result = await bridge.handleCall('talk', { message: 'my hunter2-secret' }, {} as never, undefined as never);
    assert.deepEqual(result, { content: [{ type: 'text', text: 'said my hunter2-secret' }] });
    await said;
    assert.ok(lines.includes('talk: my [redacted]'), `${lines}`);
    assert.ok(!lines.some((line) => line.includes('hunter2-secret')));
  });

  it("should show the server's state to the inspector, naming the console's target", () => {
    const state = bridge.inspector.state();
    assert.equal(state.connected, true);
    assert.equal(state.name, TALKATIVE.serverInfo.name);
    assert.equal(state.target, `${process.execPath} ${talkativeServer}`);
  });
});
