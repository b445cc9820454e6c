// The bridge against the fixture MCP server, a real child process over stdio.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import { announcements } from '../fixtures/mcp/announcements.js';
import { fixtureStdioServer, processGone } from '../fixtures/mcp/paths.js';
import { callTool as call, listTools, textOf } from './call-bridge.js';

const target = { stdio: { command: process.execPath, args: [fixtureStdioServer] } };

describe('connectMcp over stdio (fixture server)', () => {
  let bridge: McpBridge;
  const announced = announcements();
  before(async () => {
    bridge = await connectMcp(target, { onStderr: announced.onStderr });
  });
  after(() => bridge.close());

  it('should list every page of tools, with title, annotations and outputSchema', async () => {
    const tools = await listTools(bridge);
    assert.equal(tools.length, 25);
    const rich = tools.find((tool) => tool.name === 'rich');
    assert.equal(rich?.title, 'Every content type');
    assert.deepEqual(rich?.annotations, { readOnlyHint: true, openWorldHint: false });
    assert.deepEqual(rich?.outputSchema, {
      type: 'object',
      properties: { answer: { type: 'number' } },
      required: ['answer'],
    });
  });

  it('should pass a CallToolResult through unchanged', async () => {
    const result = await call(bridge, 'rich');
    assert.deepEqual(
      result.content.map((item) => item.type),
      ['text', 'image', 'audio', 'resource', 'resource_link'],
    );
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

  it('should introduce itself as tool-console with the package version by default', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    assert.deepEqual(JSON.parse(textOf(await call(bridge, 'client-info'))), { name: 'tool-console', version });
  });

  it("should hand the server's stderr to onStderr", async () => {
    const since = announced.text.length;
    assert.equal(textOf(await call(bridge, 'slow', { ms: 1 })), 'done');
    await announced.waitFor(/^fixture: slow started as request \S+$/m, since);
  });

  it('should cancel the MCP request with notifications/cancelled, carrying the reason, when the signal aborts', async () => {
    const since = announced.text.length;
    const controller = new AbortController();
    const pending = call(bridge, 'slow', {}, controller.signal);
    const [, id] = await announced.waitFor(/slow started as request (\S+)/, since);
    controller.abort(new Error('the user pressed Cancel'));
    const result = await pending;
    assert.equal(result.isError, true);
    assert.equal(textOf(result), 'The call was cancelled.');
    const [line] = await announced.waitFor(new RegExp(`request ${id} cancelled: .*`), since);
    assert.match(line, /the user pressed Cancel/);
  });

  it('should answer a dead server at once with an error, then reconnect on the next call', async () => {
    const firstPid = Number(textOf(await call(bridge, 'pid')));
    // The bridge's own limit is 60 s: an answer that names the connection came from the close, not a timeout.
    const died = await call(bridge, 'die');
    assert.equal(died.isError, true);
    assert.match(textOf(died), /^Lost the connection to the MCP server during the call/);
    const secondPid = Number(textOf(await call(bridge, 'pid')));
    assert.notEqual(secondPid, firstPid);
    assert.equal((await listTools(bridge)).length, 25, 'the new server has its own (fresh) tool list');
  });
});

describe('connectMcp options and lifecycle', () => {
  it('should apply callTimeoutMs and cancel the request on the server', async () => {
    const announced = announcements();
    const bridge = await connectMcp(target, { callTimeoutMs: 100, onStderr: announced.onStderr });
    try {
      const result = await call(bridge, 'slow');
      assert.equal(result.isError, true);
      assert.equal(textOf(result), 'The MCP server did not answer within 100 ms.');
      const [, id] = await announced.waitFor(/slow started as request (\S+)/);
      await announced.waitFor(new RegExp(`request ${id} cancelled: .*timed out`));
    } finally {
      await bridge.close();
    }
  });

  it('should introduce itself with clientInfo and add env to a minimal environment', async () => {
    process.env.TOOL_CONSOLE_TEST_PARENT_ONLY = 'not for the child';
    const bridge = await connectMcp(
      { stdio: { ...target.stdio, env: { FIXTURE_MARK: 'given' } } },
      { clientInfo: { name: 'my-host', version: '9.9.9' } },
    );
    try {
      assert.deepEqual(JSON.parse(textOf(await call(bridge, 'client-info'))), { name: 'my-host', version: '9.9.9' });
      const env = JSON.parse(textOf(await call(bridge, 'env')));
      assert.equal(env.FIXTURE_MARK, 'given');
      assert.equal(env.PATH, process.env.PATH, 'the SDK passes PATH on');
      assert.equal(env.TOOL_CONSOLE_TEST_PARENT_ONLY, undefined, 'nothing else of the parent leaks in');
    } finally {
      await bridge.close();
      delete process.env.TOOL_CONSOLE_TEST_PARENT_ONLY;
    }
  });

  it('should inherit the whole environment when env is process.env', async () => {
    process.env.TOOL_CONSOLE_TEST_PARENT_ONLY = 'for the child this time';
    const env = Object.fromEntries(
      Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const bridge = await connectMcp({ stdio: { ...target.stdio, env } });
    try {
      assert.equal(
        JSON.parse(textOf(await call(bridge, 'env'))).TOOL_CONSOLE_TEST_PARENT_ONLY,
        'for the child this time',
      );
    } finally {
      await bridge.close();
      delete process.env.TOOL_CONSOLE_TEST_PARENT_ONLY;
    }
  });

  it("should drop the server's stderr without onStderr (neither forwarded nor inherited)", async () => {
    // In a process of its own, so whatever reaches that process's stderr, by any route, is seen.
    const script = `
      const { connectMcp } = await import(${JSON.stringify(new URL('../../server/mcp/index.js', import.meta.url).href)});
      const bridge = await connectMcp(${JSON.stringify(target)});
      const result = await bridge.handleCall('slow', { ms: 1 }, {}, { signal: new AbortController().signal });
      await bridge.close();
      process.stdout.write(result.content[0].text);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk) => (output.stdout += chunk));
    child.stderr.on('data', (chunk) => (output.stderr += chunk));
    const [code] = await once(child, 'exit');
    assert.equal(code, 0, output.stderr);
    assert.equal(output.stdout, 'done', 'the fixture ran the call that announces itself on stderr');
    assert.equal(output.stderr, '');
  });

  it('should stop the child process on close()', async () => {
    const bridge = await connectMcp(target);
    const pid = Number(textOf(await call(bridge, 'pid')));
    await bridge.close();
    assert.ok(processGone(pid));
    assert.match(textOf(await call(bridge, 'pid')), /closed/);
  });

  it('should reject with the last line the server printed when it cannot start', async () => {
    const failing = {
      stdio: { command: process.execPath, args: ['-e', 'console.error("no config found"); process.exit(2)'] },
    };
    await assert.rejects(connectMcp(failing), /Could not connect to the MCP server .*no config found/);
  });

  it('should reject clearly when the command does not exist', async () => {
    await assert.rejects(
      connectMcp({ stdio: { command: 'no-such-command-xyz' } }),
      /the command "no-such-command-xyz" was not found/,
    );
  });
});
