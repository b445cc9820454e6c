// The CLI's own lines, word for word: what it prints when it serves, the exit code and single line of each kind of
// failure (a server that cannot be started: one line, and it keeps serving), its help and version, and a clean exit
// on Ctrl-C.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { usage } from '../../server/cli/args.js';
import { fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { ownStderrLine, runCli, serveCli } from './run-cli.js';

const version = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version;

describe('tool-console lines', { concurrency: true }, () => {
  it('prints exactly the usage for --help and the version for -v, with exit code 0', async () => {
    assert.deepEqual(await runCli(['--help']), { code: 0, stdout: `${usage}\n`, stderr: '' });
    assert.deepEqual(await runCli(['-v']), { code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('exits 2 for a usage mistake, pointing at --help', async () => {
    assert.deepEqual(await runCli(['--nope']), {
      code: 2,
      stdout: '',
      stderr: "tool-console: Unknown option '--nope' (see tool-console --help)\n",
    });
  });

  it('exits 2 for a flag value the console itself refuses, with its message once and the help hint', async () => {
    assert.deepEqual(await runCli(['--prefix', 'not a path']), {
      code: 2,
      stdout: '',
      stderr:
        'tool-console: --prefix must be a URL path such as "/explorer", got "not a path" (see tool-console --help)\n',
    });
  });

  it('says in one line why the MCP server cannot be started, and keeps serving', async () => {
    const cli = await serveCli(['--stdio', 'no-such-mcp-server --flag']);
    try {
      assert.equal(
        await ownStderrLine(cli),
        'tool-console: Could not connect to the MCP server (no-such-mcp-server --flag): the command ' +
          '"no-such-mcp-server" was not found; install it, or give its full path (it is looked up on PATH)',
      );
    } finally {
      assert.equal(await cli.stop(), 0);
    }
  });

  it('says what it serves and whether tools may run', async () => {
    const demo = await serveCli(['--prefix', '/x/']);
    const fronting = await serveCli(['--stdio', `"${process.execPath}" "${fixtureStdioServer}"`]);
    try {
      // The second line: where tool UIs run (test/cli/cli-apps-sandbox.test.ts): localhost, another site than the console.
      const sandboxLine = /^tool-console: tool UIs run sandboxed at http:\/\/localhost:\d+\n$/m;
      assert.match(demo.output.stdout, sandboxLine);
      assert.equal(
        demo.output.stdout.replace(sandboxLine, ''),
        `tool-console: serving at ${demo.url} (demo tools, execution enabled)\n`,
      );
      assert.match(demo.url, /^http:\/\/127\.0\.0\.1:\d+\/x\/$/);
      assert.equal(
        fronting.output.stdout.replace(sandboxLine, ''),
        `tool-console: serving at ${fronting.url} (tools of ${process.execPath} ${fixtureStdioServer}, execution disabled; --allow-execute enables it)\n`,
      );
    } finally {
      assert.equal(await demo.stop(), 0);
      assert.equal(await fronting.stop(), 0);
    }
  });

  it('exits 0 on Ctrl-C (SIGINT)', async () => {
    const cli = await serveCli([]);
    const exited = once(cli.child, 'exit');
    cli.child.kill('SIGINT');
    assert.deepEqual(await exited, [0, null]);
    assert.equal(cli.output.stderr, '');
  });
});
