// The bridge in front of a 2026-07-28 server over Streamable HTTP (modern-http.ts: stateless, one server instance per
// request): the version is negotiated by the SDK's probe, and the server's questions (input_required) reach the call.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import type { CallContext, CallResult } from '../../server/types.js';
import { startModernHttpFixture, type ModernHttpFixture } from '../fixtures/mcp/modern-http.js';
import { listTools, recordingContext, textOf } from './call-bridge.js';

const req = {} as IncomingMessage;

describe('connectMcp in front of a 2026-07-28 server over Streamable HTTP', () => {
  let fixture: ModernHttpFixture;
  let bridge: McpBridge;
  const call = async (name: string, ctx: CallContext) => (await bridge.handleCall(name, {}, req, ctx)) as CallResult;

  before(async () => {
    fixture = await startModernHttpFixture();
    bridge = await connectMcp({ url: fixture.url }, { callTimeoutMs: 5_000 });
  });
  after(async () => {
    await bridge.close();
    await fixture.close();
  });

  it('should connect, list the tools and know the server', async () => {
    assert.ok((await listTools(bridge)).some((tool) => tool.name === 'ask-form'));
    assert.equal(bridge.serverInfo?.name, 'modern-server');
  });

  it("should put the server's form question to the call, and give the server the answer", async () => {
    const { ctx, questions } = recordingContext(undefined, () => ({ action: 'accept', content: { name: 'Grace' } }));
    assert.equal(textOf(await call('ask-form', ctx)), 'hello Grace');
    assert.equal(questions[0].message, 'What is your name?');
  });

  it("should put the server's sampling request to the call, and give the server the user's reply", async () => {
    const reply = {
      action: 'accept' as const,
      result: { role: 'assistant' as const, content: { type: 'text', text: 'hi over HTTP' }, model: 'human' },
    };
    const { ctx, samples } = recordingContext(undefined, undefined, () => reply);
    assert.equal(textOf(await call('ask-model', ctx)), 'model said hi over HTTP');
    assert.equal(samples.length, 1);
  });

  it('should answer question after question, the server keeping its state in requestState', async () => {
    const names = ['Grace', 'Alan'];
    const { ctx } = recordingContext(undefined, () => ({ action: 'accept', content: { name: names.shift() } }));
    assert.equal(textOf(await call('ask-twice', ctx)), 'Grace and Alan');
  });

  it("should pass the server's progress on to the call", async () => {
    const { ctx, progress } = recordingContext();
    assert.equal(textOf(await call('count', ctx)), 'counted');
    assert.deepEqual(
      progress.map((each) => each.progress),
      [1, 2, 3],
    );
  });
});
