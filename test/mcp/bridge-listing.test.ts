// How the bridge lists a server's tools: following cursors, stopping at a server that repeats or never ends them,
// retrying a listing that failed, and introducing itself in initialize.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { connectMcp, McpConnectionError, type McpBridge } from '../../server/mcp/index.js';
import { startScriptedServer, type ListPage } from '../fixtures/mcp/scripted-server.js';
import { listTools } from './call-bridge.js';

const version = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version;

const endlessPagesServer = fileURLToPath(new URL('../fixtures/mcp/endless-pages-server.js', import.meta.url));

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });

async function withServer(listPage: ListPage, use: (url: string, server: { listCalls: number }) => Promise<void>) {
  const server = await startScriptedServer({ listPage });
  try {
    await use(server.url, server);
  } finally {
    await server.close();
  }
}

async function names(bridge: McpBridge): Promise<string[]> {
  return (await listTools(bridge)).map((entry) => entry.name);
}

describe('listing tools page by page', () => {
  it('asks for each next page with its cursor', async () => {
    const pages: Record<string, { tools: ReturnType<typeof tool>[]; nextCursor?: string }> = {
      start: { tools: [tool('a'), tool('b')], nextCursor: 'p2' },
      p2: { tools: [tool('c')], nextCursor: 'p3' },
      p3: { tools: [tool('d')] },
    };
    await withServer(
      (cursor) => pages[cursor ?? 'start'],
      async (url) => {
        const bridge = await connectMcp({ url });
        try {
          assert.deepEqual(await names(bridge), ['a', 'b', 'c', 'd']);
        } finally {
          await bridge.close();
        }
      },
    );
  });

  it('stops when the server hands back the cursor it was given', async () => {
    await withServer(
      (cursor) => ({ tools: [tool(cursor ?? 'first')], nextCursor: 'same' }),
      async (url, server) => {
        const bridge = await connectMcp({ url });
        try {
          assert.deepEqual(await names(bridge), ['first', 'same']);
          assert.equal(server.listCalls, 2);
        } finally {
          await bridge.close();
        }
      },
    );
  });

  it('lists again after a failed listing instead of keeping the failure', async () => {
    let failNext = false;
    const listPage: ListPage = () => {
      if (!failNext) return { tools: [tool('a')] };
      failNext = false;
      throw new Error('listing broke');
    };
    const server = await startScriptedServer({ listPage });
    const bridge = await connectMcp({ url: server.url });
    try {
      failNext = true;
      await server.notifyToolsChanged();
      // The notification travels on its own event stream: list until the bridge has asked again (and failed).
      for (let tries = 0; server.listCalls < 2 && tries < 300; tries++) {
        await listTools(bridge).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      assert.equal(server.listCalls, 2);
      assert.deepEqual(await names(bridge), ['a']);
      assert.equal(server.listCalls, 3);
    } finally {
      await bridge.close();
      await server.close();
    }
  });
});

describe('how the bridge introduces itself', () => {
  it('as tool-console with the package version, unless told otherwise', async () => {
    const server = await startScriptedServer();
    try {
      const bridge = await connectMcp({ url: server.url });
      await bridge.close();
      assert.deepEqual(server.clientInfo, { name: 'tool-console', version });
      const custom = await connectMcp({ url: server.url }, { clientInfo: { name: 'my-host', version: '9.9.9' } });
      await custom.close();
      assert.deepEqual(server.clientInfo, { name: 'my-host', version: '9.9.9' });
    } finally {
      await server.close();
    }
  });
});

// Last: a thousand round trips take seconds on a busy machine.
describe('a server that never stops paging', () => {
  it('gives up after 1000 pages from a server whose cursors never end', async () => {
    const countFile = join(mkdtempSync(join(tmpdir(), 'endless-pages-')), 'listings');
    const failure = await connectMcp({
      stdio: { command: process.execPath, args: [endlessPagesServer, countFile] },
    }).then(
      () => assert.fail('connected'),
      (error: unknown) => error,
    );
    assert.ok(failure instanceof McpConnectionError);
    assert.equal(failure.name, 'McpConnectionError');
    assert.equal(failure.message, 'The MCP server returned more than 1000 pages of tools.');
    assert.equal(readFileSync(countFile, 'utf8'), '1000');
    rmSync(dirname(countFile), { recursive: true, force: true });
  });
});
