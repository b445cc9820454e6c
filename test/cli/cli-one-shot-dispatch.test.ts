// The built CLI's one-shot commands against the fixture servers (fast to start): each command reaches its own job,
// its answer on stdout ending in one line break (never two), every refusal one line on stderr, and the exit code that says how it
// went (the help, a bad command line, a server that cannot start, the time limit).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, it } from 'node:test';
import { oneShotUsage } from '../../server/cli/commands/one-shot-usage.js';
import { PAYLOADS } from '../security/payloads.js';
import { catalogServer, fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { oneShot } from './one-shot-cli.js';

const fixture = ['--stdio', `"${process.execPath}" "${fixtureStdioServer}"`];
const wrapped = fileURLToPath(new URL('../fixtures/mcp/wrapped-stdio-server.js', import.meta.url));
const catalog = ['--stdio', `"${process.execPath}" "${catalogServer}"`];

describe('tool-console list|call|read|prompt, one process each', { concurrency: true }, () => {
  it('prints its help with a closing line break and exits 0', async () => {
    const run = await oneShot(['call', '--help']);
    assert.deepEqual([run.code, run.stdout, run.stderr], [0, `${oneShotUsage}\n`, '']);
  });

  it('refuses a bad command line in one line that points at the help, with exit 2', async () => {
    const run = await oneShot(['call', ...fixture]);
    assert.deepEqual(
      [run.code, run.stdout, run.stderr],
      [2, '', 'tool-console: call takes one tool name, got none (see tool-console call --help)\n'],
    );
  });

  it('lists the tools, one line each and a line break at the end, and stops a lingering server at once', async () => {
    const run = await oneShot(['list', 'tools', '--stdio', `"${process.execPath}" "${wrapped}" --linger`]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /^rich {2}Every content type: .*\n(.+\n){23}numbered-10 {2}Numbered tool 10, to fill the pages\.\n$/,
    );
    assert.equal(run.stderr, '');
    // The server would keep the process 2 s longer (the SDK's grace) if it were only asked to close.
    assert.ok(run.exitAfterOutputMs < 1_500, `exited ${run.exitAfterOutputMs} ms after its output`);
  });

  it('calls a tool: its answer printed, exit 1 and one line on stderr when it answers isError', async () => {
    const run = await oneShot(['call', 'fails', ...fixture]);
    assert.deepEqual(
      [run.code, run.stdout, run.stderr],
      [1, 'the widget is broken\n', 'tool-console: fails answered isError\n'],
    );
  });

  it('reads a resource, and gets a prompt', async () => {
    const [read, prompt] = await Promise.all([
      oneShot(['read', 'fixture://notes/2499', ...catalog]),
      oneShot(['prompt', 'echo', '--arg', 'text=hi\n', ...catalog]),
    ]);
    assert.deepEqual([read.code, read.stdout, read.stderr], [0, `${PAYLOADS.join('\n')}\n`, '']);
    assert.deepEqual([prompt.code, prompt.stdout, prompt.stderr], [0, 'assistant: plain: hi\n', '']);
  });

  it('runs a collection', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tool-console-dispatch-')), 'calls.json');
    writeFileSync(file, JSON.stringify({ version: 1, calls: [{ name: 'pid', tool: 'pid', arguments: {} }] }));
    const run = await oneShot(['run', file, ...fixture]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^ok {4}pid \(\d+ ms\)\n1 passed, 0 failed \([\d.]+ s\)\n$/);
    assert.equal(run.stderr, '');
  });

  it('exits 3 in one line when the server cannot start', async () => {
    const run = await oneShot(['list', 'tools', '--stdio', join(tmpdir(), 'no-such-mcp-server')]);
    assert.equal(run.code, 3);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^tool-console: .*no-such-mcp-server.*\n$/);
  });

  it('ends a call its --timeout ends with exit 4, the time limit its only line', async () => {
    const run = await oneShot(['call', 'slow', '--arg', 'ms=10000', '--timeout', '300', ...fixture]);
    assert.deepEqual([run.code, run.stdout, run.stderr], [4, '', 'tool-console: timed out after 300 ms (--timeout)\n']);
  });
});
