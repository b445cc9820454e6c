// The CLI's connection to one MCP server: what the server panel says of it before connecting (its target with the
// secrets blanked out, stdio's transport), its stderr printed marked with its label once it has connected, the
// connect time limit and failures said to `onFailure`, and OAuth asked for only by a server reached by URL.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, it } from 'node:test';
import { deferredMcp } from '../../server/cli/deferred-mcp.js';
import type { McpAuthOptions } from '../../server/mcp/index.js';
import { silentServer } from '../fixtures/mcp/paths.js';
import { fileURLToPath } from 'node:url';
import { talkativeServer } from '../fixtures/mcp/talkative.js';
import { recordingContext } from '../mcp/call-bridge.js';

const SECRET = 'sk-live-0123456789';
const PLAN = { connectTimeoutMs: 10_000, logLevel: 'debug' as const, roots: [] };
const talkative = { stdio: { command: process.execPath, args: [talkativeServer, `--key=${SECRET}`] } };

/** Resolves with the first stderr write that matches `pattern`, and every write seen until then. */
function stderrUntil(pattern: RegExp): { seen: Promise<string[]>; restore: () => void } {
  const write = process.stderr.write;
  const written: string[] = [];
  let found!: (lines: string[]) => void;
  const seen = new Promise<string[]>((resolve) => (found = resolve));
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    written.push(String(chunk));
    if (pattern.test(String(chunk))) found(written);
    return (write as (...args: unknown[]) => boolean).call(process.stderr, chunk, ...rest);
  }) as typeof process.stderr.write;
  return { seen, restore: () => (process.stderr.write = write) };
}

describe('deferredMcp', { timeout: 20_000 }, () => {
  it('describes a stdio server before connecting: its command, secrets blanked, its transport and log level', () => {
    const deferred = deferredMcp(talkative, PLAN, { label: 'tk', secrets: [SECRET] });
    const state = deferred.inspector.state();
    assert.equal(state.connected, false);
    assert.equal(state.transport, 'stdio');
    assert.equal(state.logLevel, 'debug');
    assert.ok(state.target.includes(talkativeServer), state.target);
    assert.ok(!state.target.includes(SECRET), state.target);
    assert.equal(deferred.status, 'idle');
  });

  it('leaves the transport of a URL server to connecting', () => {
    const deferred = deferredMcp({ url: new URL('http://127.0.0.1:9/mcp'), headers: {} }, PLAN, {
      label: 'u',
      secrets: [],
    });
    assert.equal('transport' in deferred.inspector.state(), false);
    assert.equal(deferred.inspector.state().target, 'http://127.0.0.1:9/mcp');
  });

  it("prints the server's stderr marked with the label once connected, secrets blanked", async () => {
    const watching = stderrUntil(/talk: /);
    const deferred = deferredMcp(talkative, PLAN, { label: 'tk', secrets: [SECRET] });
    try {
      const bridge = await deferred.ready();
      const { ctx } = recordingContext();
      await bridge.handleCall('talk', { message: `my key is ${SECRET}` }, {} as IncomingMessage, ctx);
      const lines = await watching.seen;
      assert.equal(lines.at(-1), '[tk] talk: my key is [redacted]\n');
      assert.ok(!lines.some((line) => line.includes('talkative: started')), 'not printed before it connected');
    } finally {
      watching.restore();
      await deferred.close();
    }
  });

  it("prints the server's own log messages marked with the label and level, secrets blanked", async () => {
    const watching = stderrUntil(/retries/);
    const loggingServer = fileURLToPath(new URL('../fixtures/mcp/logging-server.js', import.meta.url));
    const deferred = deferredMcp(
      {
        stdio: { command: process.execPath, args: [loggingServer], env: { ...process.env, FIXTURE_API_TOKEN: SECRET } },
      },
      PLAN,
      { label: 'lg', secrets: [SECRET] },
    );
    try {
      await deferred.ready();
      const lines = await watching.seen;
      assert.deepEqual(lines.slice(-2), ['[lg warning] db: pool low (key [redacted])\n', '[lg error] {"retries":3}\n']);
    } finally {
      watching.restore();
      await deferred.close();
    }
  });

  it('gives up connecting after connectTimeoutMs, and says so to onFailure', async () => {
    const heard: unknown[] = [];
    const started = Date.now();
    const deferred = deferredMcp(
      { stdio: { command: process.execPath, args: [silentServer] } },
      { ...PLAN, connectTimeoutMs: 300 },
      { label: 's', secrets: [], onFailure: (error) => heard.push(error) },
    );
    await assert.rejects(deferred.ready(), /300 ms/);
    assert.ok(Date.now() - started < 5_000);
    assert.equal(heard.length, 1);
    assert.equal(deferred.status, 'failed');
    await deferred.close();
  });

  it('asks for OAuth at each attempt of a URL server, and never for a stdio one', async () => {
    let asked = 0;
    const auth = () => (asked++, {}) as McpAuthOptions;
    const remote = deferredMcp({ url: new URL('http://127.0.0.1:9/mcp'), headers: {} }, PLAN, {
      label: 'u',
      secrets: [],
      auth,
    });
    await assert.rejects(remote.ready());
    await assert.rejects(remote.ready());
    assert.equal(asked, 2);
    const local = deferredMcp(
      { stdio: { command: process.execPath, args: [silentServer] } },
      {
        ...PLAN,
        connectTimeoutMs: 200,
      },
      { label: 's', secrets: [], auth },
    );
    await assert.rejects(local.ready());
    assert.equal(asked, 2);
  });
});
