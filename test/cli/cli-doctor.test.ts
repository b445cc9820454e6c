// The CLI prints the doctor's sentence when its MCP server cannot be started or reached: one line, exit code 1; and
// --connect-timeout, the flag the timeout's sentence names, sets the limit it names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exitsAtOnceServer, silentServer } from '../fixtures/mcp/paths.js';
import { runCli } from './run-cli.js';

describe('tool-console and a server that cannot start', { concurrency: true }, () => {
  it('prints why the server exited, with its last stderr lines and what to do', async () => {
    assert.deepEqual(await runCli(['--stdio', `"${process.execPath}" "${exitsAtOnceServer}"`]), {
      code: 1,
      stdout: '',
      stderr:
        `tool-console: Could not connect to the MCP server (${process.execPath} ${exitsAtOnceServer}): it exited ` +
        'with exit code 3 before answering (its last stderr lines: starting | config.json: no such file or ' +
        'directory); run the command in a terminal to see the whole error\n',
    });
  });

  it('gives up after --connect-timeout and names the flag', async () => {
    const started = Date.now();
    const result = await runCli(['--stdio', `"${process.execPath}" "${silentServer}"`, '--connect-timeout', '200']);
    assert.deepEqual(result, {
      code: 1,
      stdout: '',
      stderr:
        `tool-console: Could not connect to the MCP server (${process.execPath} ${silentServer}): it did not answer ` +
        'within 200 ms; if it is slow to start, allow it more time with --connect-timeout <ms> (connectTimeoutMs)\n',
    });
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
