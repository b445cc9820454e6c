// The bridge's MCP Apps side against the fixture app server (app-fixture.ts), in both protocol eras: it declares the
// UI extension (in `initialize`, and in every 2026-07-28 request), keeps tools' `_meta`, reads resources with the
// server's "not found" as a 404, keeps tool UIs to the server's own resources (403), and learns of new resources
// when the server says its list changed.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { connectMcp, ResourceReadError, type McpBridge } from '../../server/mcp/index.js';
import type { ResourceReadContext } from '../../server/types.js';
import {
  APP_CSP,
  APP_HTML,
  APP_URI,
  appServerPath,
  BROKEN_URI,
  EXIT_URI,
  NOTES_URI,
  SILENT_URI,
} from '../fixtures/mcp/app-fixture.js';
import { callTool, listTools, pollUntil, textOf } from './call-bridge.js';

const req = {} as IncomingMessage;
const MIME = 'text/html;profile=mcp-app';
const as = (caller: ResourceReadContext['caller']): ResourceReadContext => ({
  signal: new AbortController().signal,
  caller,
});
const refusedToApps = (uri: string) => `Tool UIs may read only the server's own resources; ${uri} is not one of them.`;

/** What a read failed with: its status and message. */
async function failureOf(read: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await read.then(
    () => assert.fail('the read succeeded'),
    (thrown: unknown) => thrown,
  );
  assert.ok(error instanceof ResourceReadError, String(error));
  return { status: error.status, message: error.message };
}

for (const era of ['legacy', 'modern'] as const) {
  describe(`the bridge and tool UIs (${era === 'legacy' ? '2025 initialize' : '2026-07-28 discover'})`, () => {
    let bridge: McpBridge;
    const read = (uri: string, caller: ResourceReadContext['caller'] = 'user') =>
      bridge.readResource(uri, req, as(caller));
    before(async () => {
      bridge = await connectMcp({ stdio: { command: process.execPath, args: [appServerPath, era] } });
    });
    after(() => bridge.close());

    it('should declare the UI extension with the MCP App MIME type', async () => {
      const declared = JSON.parse(textOf(await callTool(bridge, 'client-capabilities')));
      assert.deepEqual(declared.extensions['io.modelcontextprotocol/ui'], { mimeTypes: [MIME] });
    });

    it("should keep each tool's _meta, its UI included", async () => {
      const tools = await listTools(bridge);
      const showView = tools.find((tool) => tool.name === 'show-view')!;
      const modelOnly = tools.find((tool) => tool.name === 'model-only')!;
      assert.deepEqual((showView._meta as { ui: unknown }).ui, { resourceUri: APP_URI });
      assert.deepEqual((modelOnly._meta as { ui: unknown }).ui, { resourceUri: APP_URI, visibility: ['model'] });
    });

    it('should read the UI resource for the person and for the app, with its mimeType and declared CSP', async () => {
      for (const caller of ['user', 'app'] as const) {
        const { contents } = await read(APP_URI, caller);
        assert.equal(contents.length, 1);
        assert.equal(contents[0]!.uri, APP_URI);
        assert.equal(contents[0]!.mimeType, MIME);
        assert.equal(contents[0]!.text, APP_HTML);
        assert.deepEqual(contents[0]!._meta, { ui: { csp: APP_CSP } });
      }
    });

    it("should fail with 404 and the server's message for a resource the server does not have", async () => {
      for (const caller of ['user', 'app'] as const) {
        const missing = 'ui://app-fixture/missing.html';
        assert.deepEqual(await failureOf(read(missing, caller)), {
          status: 404,
          message: `Resource not found: ${missing}`,
        });
      }
      assert.equal((await failureOf(read('file:///nowhere.txt'))).status, 404);
    });

    it('should let the app read what the server lists, and refuse it (403) what the server does not list', async () => {
      assert.equal((await read(NOTES_URI, 'app')).contents[0]!.text, 'listed notes');
      const hidden = 'file:///app-fixture/hidden/secret';
      assert.deepEqual(await failureOf(read(hidden, 'app')), { status: 403, message: refusedToApps(hidden) });
      assert.equal((await read(hidden, 'user')).contents[0]!.text, 'not listed', 'the person may read it');
      for (const uri of [
        'file:///etc/passwd',
        'https://evil.example/x',
        `${NOTES_URI}#x`,
        ' ui://app-fixture/view.html',
      ]) {
        assert.equal((await failureOf(read(uri, 'app'))).status, 403, uri);
      }
    });

    it('should learn of a resource the server adds once it says its list changed', async () => {
      const added = 'file:///app-fixture/added-1.txt';
      // Read (and cache) the list before the resource exists: the app is refused.
      assert.deepEqual(await failureOf(read(added, 'app')), { status: 403, message: refusedToApps(added) });
      assert.equal(textOf(await callTool(bridge, 'add-resource')), added);
      // Only the server's notification makes the cached list go: without it this never passes.
      await pollUntil(async () => (await read(added, 'app').catch(() => undefined)) !== undefined);
      assert.equal((await read(added, 'app')).contents[0]!.text, 'added');
    });
  });
}

describe("the bridge's answer to a read that fails", () => {
  let bridge: McpBridge;
  const read = (uri: string) => bridge.readResource(uri, req, as('user'));
  before(async () => {
    const command = { command: process.execPath, args: [appServerPath] };
    bridge = await connectMcp({ stdio: command }, { callTimeoutMs: 500 });
  });
  after(() => bridge.close());

  it("should answer 502 with the server's error for a read that throws", async () => {
    assert.deepEqual(await failureOf(read(BROKEN_URI)), {
      status: 502,
      message: `The MCP server could not read ${BROKEN_URI}: the disk is gone`,
    });
  });

  it('should answer 504 for a read the server never answers, naming the time limit', async () => {
    assert.deepEqual(await failureOf(read(SILENT_URI)), {
      status: 504,
      message: 'The MCP server did not answer within 500 ms.',
    });
  });

  it('should answer 502 when the server process dies during a read, and reconnect for the next one', async () => {
    const { status, message } = await failureOf(read(EXIT_URI));
    assert.equal(status, 502);
    assert.match(message, /^Lost the connection to the MCP server \(.+\); the next request reconnects\.$/);
    assert.equal((await read(NOTES_URI)).contents[0]!.text, 'listed notes');
  });
});

describe('the bridge spread into a console', () => {
  it('should hand createHandler({...bridge}) its reader with the rest', async () => {
    const bridge = await connectMcp({ stdio: { command: process.execPath, args: [appServerPath] } });
    try {
      const options = { ...bridge };
      assert.equal(typeof options.readResource, 'function');
      assert.equal((await options.readResource(APP_URI, req, as('user'))).contents[0]!.text, APP_HTML);
    } finally {
      await bridge.close();
    }
  });
});
