// --config, --server, --eager and --demo: the plan the CLI makes of a config file, the file found in the usual
// places when nothing else names a server, and the one line each mistake gets.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseCli, usage, UsageError, type CliPlan } from '../../server/cli/args.js';
import type { Surroundings } from '../../server/cli/config/servers-from-flags.js';

type ServePlan = Extract<CliPlan, { kind: 'serve' }>;

const ENV = { PATH: '/usr/bin', HOME: '/home/me' };

const THREE = JSON.stringify({
  mcpServers: {
    everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
    memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
    remote: { url: 'http://127.0.0.1:3001/mcp' },
  },
});

/** Empty temporary folders as the working directory and the home, with `files` written into them. */
function surroundings(files: Record<string, string> = {}): Surroundings {
  const cwd = mkdtempSync(join(tmpdir(), 'tool-console-cwd-'));
  const home = mkdtempSync(join(tmpdir(), 'tool-console-home-'));
  for (const [path, text] of Object.entries(files)) {
    const file = path.replace(/^~/, home).replace(/^\./, cwd);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  }
  return { cwd, home, platform: 'linux', env: ENV };
}

function serve(args: string[], where = surroundings()): ServePlan {
  const plan = parseCli(args, where);
  assert.equal(plan.kind, 'serve');
  return plan as ServePlan;
}

function usageError(args: string[], where = surroundings()): string {
  assert.throws(() => parseCli(args, where), UsageError);
  try {
    parseCli(args, where);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

const names = (plan: ServePlan) => plan.servers?.servers.map((server) => server.name);

describe('CLI flags: --config and --server', () => {
  it('serves every server of --config, none started yet, execution off as in front of any MCP server', () => {
    const where = surroundings({ './mcp.json': THREE });
    const plan = serve(['--config', join(where.cwd, 'mcp.json')], where);
    assert.deepEqual(names(plan), ['everything', 'memory', 'remote']);
    assert.equal(plan.servers?.file, join(where.cwd, 'mcp.json'));
    assert.equal(plan.target, undefined);
    assert.equal(plan.eager, false);
    assert.equal(plan.configFound, false);
    assert.equal(plan.allowExecute, false);
    assert.equal(serve(['--config', join(where.cwd, 'mcp.json'), '--eager'], where).eager, true);
    assert.equal(serve(['--config', join(where.cwd, 'mcp.json'), '--allow-execute'], where).allowExecute, true);
  });

  it('picks servers with --server, in the file order, and serves exactly one as --stdio or --url would', () => {
    const where = surroundings({ './mcp.json': THREE });
    const file = join(where.cwd, 'mcp.json');
    const two = serve(['--config', file, '--server', 'remote', '--server', 'everything', '--server', 'remote'], where);
    assert.deepEqual(names(two), ['everything', 'remote']);
    assert.equal(two.target, undefined);
    const one = serve(['--config', file, '--server', 'memory'], where);
    assert.deepEqual(names(one), ['memory']);
    assert.deepEqual(one.target, {
      stdio: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: ENV },
    });
    const remote = serve(['--config', file, '--server', 'remote'], where).target;
    assert.ok(remote && 'url' in remote);
    assert.equal(String(remote.url), 'http://127.0.0.1:3001/mcp');
  });

  it('uses the first config file of the usual places when nothing names a server, and says it was found', () => {
    const where = surroundings({ './.cursor/mcp.json': THREE, '~/.cursor/mcp.json': '{"mcpServers": {"x": 1}}' });
    const plan = serve([], where);
    assert.equal(plan.configFound, true);
    assert.equal(plan.servers?.file, join(where.cwd, '.cursor', 'mcp.json'));
    assert.deepEqual(names(plan), ['everything', 'memory', 'remote']);
    assert.deepEqual(names(serve(['--server', 'memory'], where)), ['memory']);
    // A target on the command line is used as it is; the files are not read (the user's one is broken).
    const stdio = serve(['--stdio', 'node server.js'], where);
    assert.equal(stdio.servers, undefined);
    assert.equal(stdio.configFound, false);
  });

  it('serves the demo tools with --demo even where a config file would be found; a named target still wins', () => {
    const where = surroundings({ './.mcp.json': THREE });
    const demo = serve(['--demo'], where);
    assert.equal(demo.servers, undefined);
    assert.equal(demo.target, undefined);
    assert.equal(demo.allowExecute, true);
    assert.ok(serve(['--demo', '--stdio', 'node server.js'], where).target);
    assert.deepEqual(names(serve(['--demo', '--config', join(where.cwd, '.mcp.json')], where)), [
      'everything',
      'memory',
      'remote',
    ]);
  });

  it('takes the OAuth flags when a server chosen is reached by URL, and only then; a client for one server only', () => {
    const where = surroundings({ './mcp.json': THREE });
    const file = join(where.cwd, 'mcp.json');
    const remote = serve(['--config', file, '--server', 'remote', '--token-store', 't.json', '--open'], where);
    assert.equal(remote.oauth.tokenStore, join(process.cwd(), 't.json'));
    assert.equal(remote.oauth.open, true);
    assert.equal(
      usageError(['--config', file, '--server', 'memory', '--token-store', 't.json'], where),
      '--token-store only applies to --url',
    );
    // Many servers: the flags that apply to every one reached by URL; a client's flags name one server's client.
    const many = serve(['--config', file, '--token-store', 't.json', '--scope', 'a b', '--open'], where);
    assert.deepEqual(
      [many.oauth.tokenStore, many.oauth.scope, many.oauth.open],
      [join(process.cwd(), 't.json'), 'a b', true],
    );
    assert.equal(
      usageError(['--config', file, '--client-id', 'x'], where),
      '--client-id identifies one client: choose its server with --server <name>',
    );
    assert.equal(
      usageError(['--config', file, '--server', 'everything', '--server', 'memory', '--scope', 'a'], where),
      '--scope only applies to --url',
    );
  });

  it('says each mistake in one line', () => {
    const where = surroundings({ './mcp.json': THREE, './bad.json': '{"mcpServers": {"a": {"command": ["npx"]}}}' });
    const file = join(where.cwd, 'mcp.json');
    const cases: [string[], string][] = [
      [['--config', file, '--stdio', 'x'], 'use --config or --stdio, not both'],
      [['--config', file, '--url', 'http://h/'], 'use --config or --url, not both'],
      [['--server', 'a', '--url', 'http://h/'], '--server picks from a config file; it does not apply to --url'],
      [
        ['--config', file, '--server', 'github'],
        `--server: no server named "github" in ${file}; it has everything, memory, remote`,
      ],
      [['--config', file, '--header', 'X-A: b'], '--header only applies to --url'],
      [
        ['--config', join(where.cwd, 'bad.json')],
        `${join(where.cwd, 'bad.json')}: mcpServers.a.command: must be a string, got a list`,
      ],
      [
        ['--config', join(where.cwd, 'none.json')],
        `cannot read the config file ${join(where.cwd, 'none.json')}: no such file`,
      ],
      [['--config'], "Option '--config <value>' argument missing"],
    ];
    for (const [args, message] of cases) assert.equal(usageError(args, where), message, args.join(' '));
    const empty = surroundings();
    assert.equal(usageError(['--eager'], empty), '--eager only applies to the servers of a config file (--config)');
    assert.equal(usageError(['--demo', '--server', 'a'], where), '--server needs --config <file>');
    assert.equal(
      usageError(['--server', 'a'], empty),
      `--server needs --config <file>: no config file in the usual places (${join(empty.cwd, '.vscode', 'mcp.json')}, ` +
        `${join(empty.cwd, '.cursor', 'mcp.json')}, ${join(empty.cwd, '.mcp.json')}, ${join(empty.home, '.cursor', 'mcp.json')}, ` +
        `${join(empty.home, '.config', 'Claude', 'claude_desktop_config.json')})`,
    );
  });

  it('explains the flags in the usage text', () => {
    for (const flag of ['--config <file>', '--server <name>', '--eager', '--demo'])
      assert.ok(usage.includes(`  ${flag} `), flag);
    assert.match(usage, /\.\/\.vscode\/mcp\.json, \.\/\.cursor\/mcp\.json, \.\/\.mcp\.json,\s+~\/\.cursor\/mcp\.json/);
  });
});
