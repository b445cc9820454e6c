// The bridge's catalog requests (resources, templates, prompts, completion, subscriptions, reads) in front of a server
// that fails them all: each failure a 502 saying what the server could not do, quoting it once; a request it never
// answers a 504 after the time limit (the list's limit for pages, the call's for the rest); a get given up when the
// page is gone; and subscriptions offered only by a server that offers them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { connectMcp, McpRequestError, type McpBridge } from '../../server/mcp/index.js';

const refusingServer = fileURLToPath(new URL('../fixtures/mcp/refusing-catalog-server.js', import.meta.url));
const REFUSAL = 'Database is down';
const req = {};
// A host that calls the bridge itself may pass no ctx: the get is then nobody's to ask.
const noCtx = undefined as never;
/** One page of a list the bridge offers as a function. */
const list = (provider: unknown, page: { cursor?: string }, request: unknown) =>
  (provider as (page: { cursor?: string }, request: unknown) => Promise<unknown>)(page, request);

/** The status and message a request failed with. */
async function failureOf(request: unknown): Promise<{ status: number; message: string }> {
  const error = await Promise.resolve(request).then(
    () => assert.fail('it succeeded'),
    (thrown: unknown) => thrown,
  );
  assert.ok(error instanceof McpRequestError, String(error));
  return { status: error.status, message: error.message };
}

// The SDK 1.x server words its errors with their code; the bridge quotes them as they are, once.
const refused = (what: string) => ({
  status: 502,
  message: `The MCP server could not ${what}: MCP error -32603: ${REFUSAL}`,
});

describe('the bridge in front of a server that fails every catalog request', { timeout: 20_000 }, () => {
  let bridge: McpBridge;
  before(async () => {
    bridge = await connectMcp(
      { stdio: { command: process.execPath, args: [refusingServer] } },
      { callTimeoutMs: 400, connectTimeoutMs: 2_000 },
    );
  });
  after(() => bridge.close());

  it('should say which list the server could not give', async () => {
    assert.deepEqual(await failureOf(list(bridge.resources, {}, req)), refused('list its resources'));
    assert.deepEqual(await failureOf(list(bridge.resources, { cursor: 'c1' }, req)), refused('list its resources'));
    assert.deepEqual(await failureOf(list(bridge.resourceTemplates, {}, req)), refused('list its resources/templates'));
    assert.deepEqual(await failureOf(list(bridge.prompts, {}, req)), refused('list its prompts'));
  });

  it('should say which prompt, completion, subscription or read the server could not do', async () => {
    assert.deepEqual(await failureOf(bridge.getPrompt?.('echo', {}, req, noCtx)), refused('get the prompt echo'));
    const completion = { ref: { type: 'ref/prompt' as const, name: 'echo' }, argument: { name: 'mood', value: '' } };
    assert.deepEqual(
      await failureOf(bridge.complete?.(completion, req, { signal: new AbortController().signal })),
      refused('complete mood'),
    );
    assert.deepEqual(await failureOf(bridge.subscribeResource?.('x://a', req)), refused('subscribe to x://a'));
    assert.deepEqual(await failureOf(bridge.readResource('x://a', req)), refused('read x://a'));
  });

  it("should give up on a request the server never answers after the call's time limit", async () => {
    const silent = { status: 504, message: 'The MCP server did not answer within 400 ms.' };
    assert.deepEqual(await failureOf(bridge.readResource('x://slow', req)), silent);
    assert.deepEqual(await failureOf(bridge.getPrompt?.('slow', {}, req, noCtx)), silent);
    const completion = { ref: { type: 'ref/prompt' as const, name: 'echo' }, argument: { name: 'slow', value: '' } };
    assert.deepEqual(
      await failureOf(bridge.complete?.(completion, req, { signal: new AbortController().signal })),
      silent,
    );
  });

  it('should give up on a completion once its signal fires, before the time limit', async () => {
    const completion = { ref: { type: 'ref/prompt' as const, name: 'echo' }, argument: { name: 'slow', value: '' } };
    const gone = new AbortController();
    const started = performance.now();
    const failure = failureOf(bridge.complete?.(completion, req, { signal: gone.signal }));
    gone.abort(new Error('The page went away.'));
    await failure;
    assert.ok(performance.now() - started < 300, 'well within the 400 ms limit');
  });

  it("should give up on a list's page the server never answers after the list's time limit", async () => {
    const started = performance.now();
    assert.deepEqual(await failureOf(list(bridge.prompts, { cursor: 'slow' }, req)), {
      status: 504,
      message: 'The MCP server did not answer within 2000 ms.',
    });
    assert.ok(performance.now() - started >= 1_900);
  });
});

describe('the bridge in front of a server that offers resources but no subscriptions', { timeout: 20_000 }, () => {
  it('should offer the resources and no subscriptions', async () => {
    const bridge = await connectMcp({ stdio: { command: process.execPath, args: [refusingServer, '--no-subscribe'] } });
    try {
      assert.equal(typeof bridge.resources, 'function');
      assert.equal(typeof bridge.resourceTemplates, 'function');
      assert.equal(bridge.subscribeResource, undefined);
      assert.equal(bridge.unsubscribeResource, undefined);
    } finally {
      await bridge.close();
    }
  });
});
