// The CLI given a config file: a malformed one ends in one line and exit 2 (serving or one-shot), a file found in
// the usual places is named on stderr and served, and a one-shot call reaches the server --config --server chose
// (server-everything over stdio), its env filled in from the environment.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { everythingServer, fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { oneShot } from './one-shot-cli.js';
import { runCli, serveCli } from './run-cli.js';

/** A fresh folder with `files` written into it (paths relative to it). */
function folderWith(files: Record<string, unknown>): string {
  const folder = mkdtempSync(join(tmpdir(), 'tool-console-config-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return folder;
}

const everything = { command: process.execPath, args: [everythingServer] };
const twoServers = {
  mcpServers: {
    everything: { ...everything, env: { CONFIG_GREETING: '${env:TEST_GREETING}' } },
    fixture: { command: process.execPath, args: [fixtureStdioServer] },
  },
};
// No usual place of the machine's own home may be found by these tests.
const env = (folder: string, more: NodeJS.ProcessEnv = {}) => ({ ...process.env, HOME: folder, ...more });

describe('tool-console --config', { timeout: 20_000 }, () => {
  it('ends a malformed config file in one line naming the file and the place, exit 2, serving or one-shot', async () => {
    const folder = folderWith({
      'args.json': { mcpServers: { github: { command: 'npx', args: ['-y', 7] } } },
      'input.json': { servers: { key: { type: 'stdio', command: 'x', env: { KEY: '${input:key}' } } } },
      'missing.json': {
        mcpServers: { a: { url: 'https://h/mcp', headers: { Authorization: 'Bearer ${env:NO_SUCH_VAR_32}' } } },
      },
      'syntax.json': '{"mcpServers": {\n  "a": {"command": "x"}\n  "b": {}\n}}',
    });
    const cases: [string[], string][] = [
      [['--config', 'args.json'], 'args.json: mcpServers.github.args[1]: must be a string, got the number 7'],
      [['--config', 'input.json'], 'input.json: servers.key.env.KEY: ${input:key} is asked for by VS Code'],
      [
        ['call', 'x', '--config', 'missing.json'],
        'missing.json: mcpServers.a.headers.Authorization: ${env:NO_SUCH_VAR_32} needs the environment variable NO_SUCH_VAR_32, which is not set',
      ],
      [
        ['list', 'tools', '--config', 'syntax.json'],
        "syntax.json: not JSON: expected ',' between values (line 3, column 3)",
      ],
      [['--config', 'nope.json'], 'cannot read the config file nope.json: no such file'],
    ];
    const runs = await Promise.all(cases.map(([args]) => runCli(args, { cwd: folder, env: env(folder) })));
    runs.forEach((run, index) => {
      const [args, message] = cases[index]!;
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.ok(run.stderr.startsWith(`tool-console: ${message}`), run.stderr);
      assert.equal(run.stderr.split('\n').length, 2, `one line: ${run.stderr}`);
      assert.equal(run.stdout, '');
    });
  });

  it('says which file of the usual places it used, and serves its server', async () => {
    const folder = folderWith({
      '.vscode/mcp.json': `{\n  // the reference server\n  "servers": {"everything": ${JSON.stringify({ type: 'stdio', ...everything })}}\n}`,
    });
    const cli = await serveCli([], { cwd: folder, env: env(folder) });
    try {
      assert.match(cli.output.stderr, new RegExp(`^tool-console: using ${join(folder, '.vscode', 'mcp.json')}$`, 'm'));
      assert.match(cli.output.stdout, /\(tools of .*server-everything.*, execution disabled/);
      const tools = (await (await fetch(`${cli.url}tools`)).json()) as { name: string }[];
      assert.ok(
        tools.some((tool) => tool.name === 'get-sum'),
        JSON.stringify(tools),
      );
    } finally {
      await cli.stop();
    }
  });

  it('blanks out a secret a placeholder put in the command line where it says what it serves', async () => {
    const folder = folderWith({
      'mcp.json': {
        mcpServers: { everything: { ...everything, args: [everythingServer, '--key=${env:SERVICE_API_KEY}'] } },
      },
    });
    const secret = 'sk-live-0123456789abcdef';
    const cli = await serveCli(['--config', join(folder, 'mcp.json')], {
      cwd: folder,
      env: env(folder, { SERVICE_API_KEY: secret }),
    });
    try {
      assert.match(cli.output.stdout, /\(tools of .*server-everything.* --key=\[redacted\], execution disabled/);
      assert.doesNotMatch(cli.output.stdout + cli.output.stderr, new RegExp(secret));
    } finally {
      await cli.stop();
    }
  });

  it('refuses a broken file found in the usual places by its path, and --demo serves the demo tools over it', async () => {
    const folder = folderWith({ '.mcp.json': '{"mcpServers": {"a": {}}}' });
    const broken = await runCli([], { cwd: folder, env: env(folder) });
    assert.equal(broken.code, 2);
    assert.equal(
      broken.stderr,
      `tool-console: ${join(folder, '.mcp.json')}: mcpServers.a: needs "command" (a program to start) or "url" (a server to connect to) (see tool-console --help)\n`,
    );
    const demo = await serveCli(['--demo'], { cwd: folder, env: env(folder) });
    try {
      assert.match(demo.output.stdout, /\(demo tools, execution enabled\)/);
      assert.doesNotMatch(demo.output.stderr, /using/);
    } finally {
      await demo.stop();
    }
  });
});

describe('one-shot commands with --config and --server', { timeout: 20_000 }, () => {
  it('calls a tool of the server --server chooses, its env filled in from ${env:...}', async () => {
    const folder = folderWith({ 'mcp.json': twoServers });
    const options = { cwd: folder, env: env(folder, { TEST_GREETING: 'hello from the environment' }) };
    const [sum, printed] = await Promise.all([
      oneShot(
        ['call', 'get-sum', '--arg', 'a=2', '--arg', 'b=3', '--config', 'mcp.json', '--server', 'everything'],
        options,
      ),
      oneShot(['call', 'get-env', '--json', '--config', 'mcp.json', '--server', 'everything'], options),
    ]);
    assert.equal(sum.code, 0, sum.stderr);
    assert.equal(sum.stdout, 'The sum of 2 and 3 is 5.\n');
    assert.equal(printed.code, 0, printed.stderr);
    const result = JSON.parse(printed.stdout) as { content: { text: string }[] };
    assert.equal(JSON.parse(result.content[0]!.text).CONFIG_GREETING, 'hello from the environment');
  });

  it('needs exactly one server: the names are listed when there are more or the name is unknown', async () => {
    const folder = folderWith({ 'mcp.json': twoServers });
    const options = { cwd: folder, env: env(folder, { TEST_GREETING: 'hi' }) };
    const cases: [string[], string][] = [
      [
        ['list', 'tools', '--config', 'mcp.json'],
        'list talks to one server; choose one of mcp.json with --server: everything, fixture',
      ],
      [
        ['list', 'tools', '--config', 'mcp.json', '--server', 'everything', '--server', 'fixture'],
        'list talks to one server; --server named 2: everything, fixture',
      ],
      [
        ['call', 'echo', '--config', 'mcp.json', '--server', 'github'],
        '--server: no server named "github" in mcp.json; it has everything, fixture',
      ],
      [['call', 'echo', '--config', 'mcp.json', '--stdio', 'x'], 'use --config or --stdio, not both'],
    ];
    const runs = await Promise.all(cases.map(([args]) => oneShot(args, options)));
    runs.forEach((run, index) => {
      assert.equal(run.code, 2, run.stderr);
      assert.equal(run.stderr, `tool-console: ${cases[index]![1]} (see tool-console ${cases[index]![0][0]} --help)\n`);
    });
  });
});
