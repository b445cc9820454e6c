// The CLI prints the doctor's sentence when its MCP server cannot be started or reached: one line, and it keeps
// serving (its page shows the same sentence with Retry: GET /tools answers 502 with the sentence and its diagnosis);
// and --connect-timeout, the flag the timeout's sentence names, sets the limit it names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exitsAtOnceServer, silentServer } from '../fixtures/mcp/paths.js';
import { ownStderrLine, runCli, serveCli } from './run-cli.js';

/** What the CLI said on stderr, and what its tool list answers, for a server that cannot be connected to. */
async function failedStart(args: string[]) {
  const cli = await serveCli(args);
  try {
    const line = await ownStderrLine(cli);
    const tools = await fetch(`${cli.url}tools`);
    const body = (await tools.json()) as { error: string; diagnosis?: { reason: string; sentence: string } };
    return { line, status: tools.status, body, stdout: cli.output.stdout };
  } finally {
    assert.equal(await cli.stop(), 0, 'it was still serving');
  }
}

describe('tool-console and a server that cannot start', { concurrency: true }, () => {
  it('prints why the server exited, with its last stderr lines and what to do', async () => {
    const sentence =
      `Could not connect to the MCP server (${process.execPath} ${exitsAtOnceServer}): it exited ` +
      'with exit code 3 before answering (its last stderr lines: starting | config.json: no such file or ' +
      'directory); run the command in a terminal to see the whole error';
    const failed = await failedStart(['--stdio', `"${process.execPath}" "${exitsAtOnceServer}"`]);
    assert.equal(failed.line, `tool-console: ${sentence}`);
    assert.match(failed.stdout, /^tool-console: serving at http/);
    assert.equal(failed.status, 502);
    assert.equal(failed.body.error, sentence);
    assert.deepEqual([failed.body.diagnosis?.reason, failed.body.diagnosis?.sentence], ['exited', sentence]);
  });

  it('gives up after --connect-timeout and names the flag', async () => {
    const started = Date.now();
    const failed = await failedStart([
      '--stdio',
      `"${process.execPath}" "${silentServer}"`,
      '--connect-timeout',
      '200',
    ]);
    assert.equal(
      failed.line,
      `tool-console: Could not connect to the MCP server (${process.execPath} ${silentServer}): it did not answer ` +
        'within 200 ms; if it is slow to start, allow it more time with --connect-timeout <ms> (connectTimeoutMs)',
    );
    assert.equal(failed.body.diagnosis?.reason, 'timeout');
    assert.ok(Date.now() - started < 5_000, 'it did not wait for the default 30 s');
  });

  it('refuses a --connect-timeout that is not a positive number of milliseconds', async () => {
    for (const value of ['0', 'soon']) {
      assert.deepEqual(await runCli(['--connect-timeout', value]), {
        code: 2,
        stdout: '',
        stderr: `tool-console: --connect-timeout must be a positive whole number of milliseconds, got "${value}" (see tool-console --help)\n`,
      });
    }
  });
});
