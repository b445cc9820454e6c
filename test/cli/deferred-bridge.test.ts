// The bridge the CLI can hand to the console before the MCP server is connected: the page answers at once, the
// tools wait for the connection, a failed connection answers 502 with the doctor's sentence, and the next request
// connects again. Real stdio servers (one that exits at once, then the fixture server) behind a real console.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { DeferredBridge } from '../../server/cli/deferred-bridge.js';
import { createServer } from '../../server/index.js';
import { connectMcp, type McpTarget } from '../../server/mcp/index.js';
import { exitsAtOnceServer, fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { close, listen } from '../support/listen.js';

const node = (script: string): McpTarget => ({ stdio: { command: process.execPath, args: [script] } });

describe('a console in front of a bridge that is still connecting', { timeout: 15_000 }, () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const targets = [node(exitsAtOnceServer), node(fixtureStdioServer)];
  let attempts = 0;
  const deferred = new DeferredBridge(
    async () => {
      await gate;
      return connectMcp(targets[Math.min(attempts++, 1)], { connectTimeoutMs: 5_000 });
    },
    { target: 'the fixture', logLevel: 'info' },
  );
  const server = createServer({
    ...deferred.options,
    allowExecute: true,
    inspect: deferred.inspector,
    serverInfo: () => deferred.serverInfo,
    title: () => deferred.serverInfo?.name,
  });
  let base = '';
  after(async () => {
    await close(server);
    await deferred.close();
  });

  it('answers GET / at once, and the tools once connected (or with the doctor on failure, then again)', async () => {
    base = `http://127.0.0.1:${await listen(server)}`;
    const page = await fetch(`${base}/`);
    assert.equal(page.status, 200, 'the page does not wait for the MCP server');
    assert.equal(attempts, 0, 'nothing connected yet');

    const tools = fetch(`${base}/tools`);
    release();
    const failed = await tools;
    assert.equal(failed.status, 502);
    const sentence =
      `Could not connect to the MCP server (${process.execPath} ${exitsAtOnceServer}): it exited with exit code 3 ` +
      'before answering (its last stderr lines: starting | config.json: no such file or directory); run the ' +
      'command in a terminal to see the whole error';
    // The doctor's evidence rides beside its sentence, for the page to show with Retry.
    const evidence = { exitCode: 3, stderr: ['starting', 'config.json: no such file or directory'] };
    assert.deepEqual(await failed.json(), { error: sentence, diagnosis: { reason: 'exited', sentence, evidence } });
    const state = await fetch(`${base}/server`);
    assert.equal(state.status, 200);
    assert.equal(state.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await state.json(), {
      connected: false,
      target: 'the fixture',
      clientCapabilities: {},
      roots: [],
      logLevel: 'info',
      stderr: evidence.stderr,
      diagnosis: { reason: 'exited', sentence, evidence },
    });
    assert.doesNotMatch(await (await fetch(`${base}/`)).text(), /offers="[^"]*resources/, 'not known yet');

    const retried = await fetch(`${base}/tools`);
    assert.equal(retried.status, 200);
    assert.ok(((await retried.json()) as { name: string }[]).some((tool) => tool.name === 'pid'));
    assert.equal(attempts, 2);
    assert.equal(deferred.serverInfo?.name, 'fixture');
    const connectedPage = await (await fetch(`${base}/`)).text();
    assert.match(connectedPage, /<title>fixture<\/title>/, "the title is the server's, once connected");
    assert.match(connectedPage, /server="\{&quot;name&quot;:&quot;fixture&quot;/);
    assert.match(connectedPage, /offers="[^"]*\binspect\b/);
    const connected = (await (await fetch(`${base}/server`)).json()) as { connected: boolean; name?: string };
    assert.deepEqual([connected.connected, connected.name], [true, 'fixture']);
  });
});
