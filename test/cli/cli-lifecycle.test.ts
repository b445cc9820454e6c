// The CLI in front of MCP servers with awkward habits: one that talks on stderr (shown only once the console
// serves), one that is slow to stop (a second Ctrl-C does not wait for it), one that never finishes starting
// (Ctrl-C still ends the CLI quietly).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { cliPath } from '../fixtures/mcp/paths.js';
import { connected, serveCli } from './run-cli.js';

const wrapped = fileURLToPath(new URL('../fixtures/mcp/wrapped-stdio-server.js', import.meta.url));
const stdio = (...flags: string[]) => [
  '--stdio',
  [process.execPath, wrapped, ...flags].map((word) => `"${word}"`).join(' '),
];

/** Resolves once `check` holds, looking again every 20 ms for up to 10 s. */
async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail('the condition never held');
}

describe('tool-console and awkward MCP servers', { concurrency: true }, () => {
  it("shows the MCP server's stderr once it serves, marked [mcp], not while it starts", async () => {
    const cli = await serveCli([...stdio('--noisy'), '--allow-execute']);
    try {
      await connected(cli);
      // Nothing of its start ("starting up"); the tool list that connected() asked for may already show, as
      // "request seen": that line and the tool list's answer race each other here.
      assert.match(cli.output.stderr, /^(\[mcp\] request seen\n)*$/);
      const call = await fetch(`${cli.url}tools/pid/call`, {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(call.status, 200);
      await eventually(() => cli.output.stderr !== '');
      assert.match(cli.output.stderr, /^(\[mcp\] request seen\n)+$/);
    } finally {
      await cli.stop();
    }
  });

  it('exits 130 on a second Ctrl-C while the MCP server is slow to stop', async () => {
    const cli = await serveCli(stdio('--linger'));
    await connected(cli);
    const exited = once(cli.child, 'exit');
    cli.child.kill('SIGINT');
    // The console closes first; the bridge then waits for the lingering server.
    await eventually(() =>
      fetch(cli.url).then(
        () => false,
        () => true,
      ),
    );
    cli.child.kill('SIGINT');
    assert.deepEqual(await exited, [130, null]);
  });

  it('exits 0 without a word on stderr on Ctrl-C while the MCP server is still starting', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'never-answer-'));
    const marker = join(folder, 'started');
    try {
      const child = spawn(process.execPath, [cliPath, '--port', '0', ...stdio('--never-answer', marker)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      // It serves at once (its page says it is connecting): only its own two lines, on stdout.
      child.stdout.on('data', (chunk) => (output += String(chunk).replace(/^tool-console: .*\n/gm, '')));
      child.stderr.on('data', (chunk) => (output += chunk));
      const exited = once(child, 'exit');
      await eventually(() => existsSync(marker));
      child.kill('SIGINT');
      assert.deepEqual(await exited, [0, null]);
      assert.equal(output, '');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
