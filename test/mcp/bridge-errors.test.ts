// What the bridge says when something goes wrong, word for word: a server that cannot be started or reached, one
// that hangs, a call the server rejects, a server that dies mid-call, and a bridge used after close().
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { connectMcp, describeTarget, McpConnectionError, type McpTarget } from '../../server/mcp/index.js';
import { fixtureStdioServer, futureServer } from '../fixtures/mcp/paths.js';
import { startScriptedServer } from '../fixtures/mcp/scripted-server.js';
import { callTool, listTools, textOf } from './call-bridge.js';

const fixture: McpTarget = { stdio: { command: process.execPath, args: [fixtureStdioServer] } };

async function connectFailure(target: McpTarget, options?: Parameters<typeof connectMcp>[1]): Promise<string> {
  const error = await connectMcp(target, options).then(
    async (bridge) => {
      await bridge.close();
      assert.fail('connected');
    },
    (thrown: unknown) => thrown,
  );
  assert.ok(error instanceof McpConnectionError, `an McpConnectionError, got ${String(error)}`);
  return error.message;
}

/** A stdio target running `script` with node. */
const nodeScript = (script: string): McpTarget => ({ stdio: { command: process.execPath, args: ['-e', script] } });

describe('connecting fails with a message that says why', () => {
  it("names both sides' protocol versions when they do not meet", { timeout: 5_000 }, async () => {
    // It ignores the 2026-07-28 probe, so the bridge falls back to `initialize` only once the probe times out; the
    // limit leaves a busy machine time to start the server.
    const message = await connectFailure(
      { stdio: { command: process.execPath, args: [futureServer] } },
      { connectTimeoutMs: 1_000 },
    );
    assert.equal(
      message,
      `Could not connect to the MCP server (${process.execPath} ${futureServer}): it answered protocol version ` +
        '2099-01-01, which tool-console does not speak (it speaks 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, ' +
        '2024-11-05, 2024-10-07); use a version of the server that speaks one of these',
    );
  });

  it('names a command that does not exist', async () => {
    assert.equal(
      await connectFailure({ stdio: { command: 'no-such-command-xyz', args: ['--flag'] } }),
      'Could not connect to the MCP server (no-such-command-xyz --flag): the command "no-such-command-xyz" was not ' +
        'found; install it, or give its full path (it is looked up on PATH)',
    );
  });

  it('says how a server ended and quotes its last lines, and hands everything it printed on', async () => {
    let printed = '';
    const message = await connectFailure(
      nodeScript('console.error("loading\\nno config found in  /etc/x  \\n"); process.exit(2)'),
      {
        onStderr: (text) => (printed += text),
      },
    );
    assert.match(
      message,
      /^Could not connect to the MCP server \(.+\): it exited with exit code 2 before answering \(its last stderr lines: loading \| no config found in {2}\/etc\/x\); run the command in a terminal to see the whole error$/,
    );
    assert.equal(printed, 'loading\nno config found in  /etc/x  \n\n');
  });

  it('quotes at most the first 1000 characters of its last line', async () => {
    const message = await connectFailure(
      nodeScript('process.stderr.write("y".repeat(500) + "\\n" + "x".repeat(2500)); process.exit(2)'),
    );
    assert.ok(
      message.endsWith(
        `exit code 2 before answering (its last stderr lines: ${'y'.repeat(500)} | ${'x'.repeat(1000)}...); run the ` +
          'command in a terminal to see the whole error',
      ),
      message.slice(-80),
    );
  });

  it('quotes nothing from a server that printed nothing, and says how it ended', async () => {
    assert.equal(
      await connectFailure({ stdio: { command: process.execPath, args: ['-e', 'process.exit(3)'] } }),
      `Could not connect to the MCP server (${process.execPath} -e process.exit(3)): it exited with exit code 3 before ` +
        'answering, printing nothing on stderr; run the command in a terminal to see why',
    );
  });

  it('gives the network reason when nothing listens at the URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/mcp`;
    await new Promise((resolve) => closed.close(resolve));
    assert.equal(
      await connectFailure({ url }),
      `Could not connect to the MCP server (${url}): nothing is listening at ${new URL(url).host} (ECONNREFUSED); ` +
        'start the server, or correct --url',
    );
  });

  it('gives the HTTP status when the server refuses, without trying the old SSE transport', async () => {
    const server = await startScriptedServer({ requiredHeader: ['X-Api-Key', 'sesame'] });
    try {
      assert.equal(
        await connectFailure({ url: server.url }),
        `Could not connect to the MCP server (${server.url}): it requires authorization (HTTP 401); pass a token with ` +
          '--header "Authorization: Bearer <token>", or leave that header out and let tool-console authorize with OAuth',
      );
    } finally {
      await server.close();
    }
  });

  it('gives up on a server that never answers after connectTimeoutMs', { timeout: 10_000 }, async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
    try {
      assert.equal(
        await connectFailure({ url }, { connectTimeoutMs: 200 }),
        `Could not connect to the MCP server (${url}): it did not answer within 200 ms; if it is slow to start, allow ` +
          'it more time with --connect-timeout <ms> (connectTimeoutMs)',
      );
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe('the old HTTP+SSE transport', () => {
  it('sends the configured headers on the event stream and its posts', async () => {
    const server = await startScriptedServer({ sseOnly: true, requiredHeader: ['X-Api-Key', 'sesame'] });
    try {
      const bridge = await connectMcp({ url: server.url, headers: { 'X-Api-Key': 'sesame' } });
      assert.deepEqual(
        (await listTools(bridge)).map((tool) => tool.name),
        ['only'],
      );
      await bridge.close();
    } finally {
      await server.close();
    }
  });
});

describe('calls that fail', () => {
  it('quote the server when it rejects a call, with or without a signal, and wait as long as the console allows', async () => {
    const bridge = await connectMcp(fixture, { callTimeoutMs: 0 });
    try {
      const expected = {
        content: [
          {
            type: 'text',
            text: 'The MCP server rejected the call: MCP error -32602: widget must be blue',
          },
        ],
        isError: true,
      };
      assert.deepEqual(await callTool(bridge, 'rejects'), expected);
      assert.deepEqual(await bridge.handleCall('rejects', {}, undefined as never, undefined as never), expected);
      // callTimeoutMs 0 leaves the time limit to the console: a call of a moment is not cut short.
      assert.deepEqual(await callTool(bridge, 'slow', { ms: 50 }), { content: [{ type: 'text', text: 'done' }] });
    } finally {
      await bridge.close();
    }
  });

  it('say the connection was lost when the server dies mid-call', async () => {
    const bridge = await connectMcp(fixture);
    try {
      assert.deepEqual(await callTool(bridge, 'die'), {
        content: [
          {
            type: 'text',
            text: 'Lost the connection to the MCP server during the call (Connection closed); the next request reconnects.',
          },
        ],
        isError: true,
      });
    } finally {
      await bridge.close();
    }
  });

  it('say the bridge is closed after close(), for calls and listings alike', async () => {
    const bridge = await connectMcp(fixture);
    await bridge.close();
    assert.deepEqual(await callTool(bridge, 'pid'), {
      content: [{ type: 'text', text: 'The MCP connection is closed.' }],
      isError: true,
    });
    await assert.rejects(Promise.resolve(listTools(bridge)), {
      name: 'McpConnectionError',
      message: 'The MCP connection is closed.',
    });
  });

  it('say the bridge is closed when close() comes while a reconnect is under way', async () => {
    const bridge = await connectMcp(fixture);
    await callTool(bridge, 'die');
    const reconnecting = callTool(bridge, 'pid');
    await bridge.close();
    assert.equal(textOf(await reconnecting), 'The MCP connection is closed.');
  });
});

describe('describeTarget', () => {
  it('shows a command line or a URL', () => {
    assert.equal(describeTarget({ stdio: { command: 'node' } }), 'node');
    assert.equal(describeTarget({ stdio: { command: 'npx', args: ['-y', 'server'] } }), 'npx -y server');
    assert.equal(describeTarget({ url: new URL('http://127.0.0.1:3001/mcp') }), 'http://127.0.0.1:3001/mcp');
  });
});
