// What the bridge promises about one call to a 2025-era server: progress restarts its time limit, the server is asked
// for the log level the host chose, and a server that answers -32042 (URL elicitation required) has its URL put to
// the user as a URL question, then the call runs again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import { pacedServer } from '../fixtures/mcp/paths.js';
import { callTool, recordingContext, textOf } from './call-bridge.js';

const paced = { stdio: { command: process.execPath, args: [pacedServer] } };
const req = {} as never;

describe('connectMcp: progress and the time limit', () => {
  let bridge: McpBridge;
  before(async () => (bridge = await connectMcp(paced, { callTimeoutMs: 300 })));
  after(() => bridge.close());

  it('restarts the time limit on each progress report', async () => {
    const { ctx, progress } = recordingContext();
    const result = await bridge.handleCall('paced', { ms: 700, every: 100 }, req, ctx);
    assert.equal(textOf(result as never), 'done');
    assert.ok(progress.length >= 5, `progress reached the caller: ${JSON.stringify(progress)}`);
  });

  it('still ends a call whose progress comes slower than the limit', async () => {
    const result = await callTool(bridge, 'paced', { ms: 500, every: 500 });
    assert.equal(textOf(result), 'The MCP server did not answer within 300 ms.');
  });
});

describe('connectMcp: the log level a 2025-era server is asked for', () => {
  it('is the one the host chose, info by default', async () => {
    for (const [logLevel, asked] of [
      ['warning', 'warning'],
      ['debug', 'debug'],
      [undefined, 'info'],
    ] as const) {
      const bridge = await connectMcp(paced, { logLevel });
      try {
        assert.equal(textOf(await callTool(bridge, 'log-level')), asked);
      } finally {
        await bridge.close();
      }
    }
  });
});

describe('connectMcp: a call the server answers with -32042 (URL elicitation required)', () => {
  const url = 'https://accounts.example/connect?session=42';

  it('asks the user the URL question, and runs the call again once they have followed it', async () => {
    const bridge = await connectMcp(paced);
    try {
      const { ctx, questions } = recordingContext(undefined, () => ({ action: 'accept' }));
      const result = await bridge.handleCall('needs-url', {}, req, ctx);
      assert.deepEqual(questions, [
        { mode: 'url', message: 'Connect your account first.', url, elicitationId: 'connect-42' },
      ]);
      assert.deepEqual(result, { content: [{ type: 'text', text: 'connected' }] });
    } finally {
      await bridge.close();
    }
  });

  it('says where to go, once, when the user does not follow it', async () => {
    const bridge = await connectMcp(paced);
    try {
      const { ctx, questions } = recordingContext();
      const result = (await bridge.handleCall('needs-url', {}, req, ctx)) as { isError?: boolean };
      assert.equal(questions.length, 1);
      assert.equal(result.isError, true);
      assert.equal(
        textOf(result as never),
        `The MCP server needs you to open ${url} first (Connect your account first.); open it, then run the call again.`,
      );
    } finally {
      await bridge.close();
    }
  });
});
