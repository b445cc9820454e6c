// The flags of `tool-console list|call|read|prompt|run`: the plan each command line gives, and the one line each
// mistake is said in, before anything starts.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { isOneShotCommand, parseOneShot, type OneShotPlan } from '../../server/cli/commands/one-shot-args.js';
import type { Surroundings } from '../../server/cli/config/servers-from-flags.js';
import { UsageError } from '../../server/cli/usage-error.js';

const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** An empty temporary folder as the working directory and the home, with `files` (relative paths) written into it. */
function surroundings(files: Record<string, string> = {}): Surroundings {
  const cwd = mkdtempSync(join(tmpdir(), 'tool-console-one-shot-'));
  folders.push(cwd);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(cwd, path, '..'), { recursive: true });
    writeFileSync(join(cwd, path), text);
  }
  return { cwd, home: cwd, platform: 'linux', env: {} };
}

const nowhere = surroundings();
const noStdin = () => assert.fail('stdin was read');
const plan = (argv: string[], stdin: () => string = noStdin, where = nowhere): OneShotPlan =>
  parseOneShot(argv, stdin, where);

/** The one line a command line is refused with. */
function refusal(argv: string[], stdin: () => string = noStdin, where = nowhere): string {
  try {
    parseOneShot(argv, stdin, where);
  } catch (error) {
    assert.ok(error instanceof UsageError, `a UsageError, not ${String(error)}`);
    return error.message;
  }
  return assert.fail(`accepted: ${argv.join(' ')}`);
}

const stdio = ['--stdio', 'node server.js --flag'];
const url = ['--url', 'http://127.0.0.1:9/mcp'];

describe('parseOneShot', () => {
  it('knows its five commands', () => {
    for (const word of ['list', 'call', 'read', 'prompt', 'run']) assert.equal(isOneShotCommand(word), true, word);
    for (const word of ['serve', 'LIST', '', undefined]) assert.equal(isOneShotCommand(word), false, String(word));
  });

  it('lists tools, resources or prompts of the --stdio server, with the defaults every command shares', () => {
    const listed = plan(['list', 'tools', ...stdio]);
    assert.equal(listed.command === 'list' && listed.what, 'tools');
    assert.deepEqual(
      listed.target && 'stdio' in listed.target && [listed.target.stdio.command, listed.target.stdio.args],
      ['node', ['server.js', '--flag']],
    );
    assert.deepEqual(
      {
        tokenStore: listed.tokenStore,
        clientId: listed.clientId,
        clientSecret: listed.clientSecret,
        json: listed.json,
        timeoutMs: listed.timeoutMs,
        connectTimeoutMs: listed.connectTimeoutMs,
        answers: listed.answers,
      },
      {
        tokenStore: undefined,
        clientId: undefined,
        clientSecret: undefined,
        json: false,
        timeoutMs: 60_000,
        connectTimeoutMs: undefined,
        answers: [],
      },
    );
    for (const what of ['resources', 'prompts'] as const) {
      const each = plan(['list', what, ...url]);
      assert.equal(each.command === 'list' && each.what, what);
    }
    assert.equal(refusal(['list', 'things', ...stdio]), 'list tools, resources or prompts, not "things"');
    assert.equal(refusal(['list', ...stdio]), 'list takes one of tools, resources or prompts, got none');
    assert.equal(
      refusal(['list', 'tools', 'prompts', ...stdio]),
      'list takes one of tools, resources or prompts, got 2',
    );
  });

  it('takes --json, --timeout (0 for none), --connect-timeout and the --answer values in order', () => {
    const given = plan([
      'read',
      'file:///a',
      ...stdio,
      '--json',
      '--timeout',
      '1500',
      '--connect-timeout',
      '700',
      '--answer',
      'b',
      '--answer',
      'a',
    ]);
    assert.equal(given.command === 'read' && given.uri, 'file:///a');
    assert.deepEqual(
      [given.json, given.timeoutMs, given.connectTimeoutMs, given.answers],
      [true, 1500, 700, ['b', 'a']],
    );
    assert.equal(plan(['read', 'x:/', ...stdio, '--timeout', '0']).timeoutMs, Infinity);
    assert.match(refusal(['read', 'x:/', ...stdio, '--timeout', 'soon']), /^--timeout must be a whole number/);
    assert.match(refusal(['read', 'x:/', ...stdio, '--connect-timeout', '0']), /^--connect-timeout must be/);
    assert.equal(refusal(['read', ...stdio]), 'read takes one resource URI, got none');
  });

  it('needs a command and a server for every command but run', () => {
    assert.equal(refusal([...stdio]), 'a command is needed');
    for (const command of ['list', 'call', 'read', 'prompt']) {
      assert.equal(
        refusal([command, 'x']),
        `${command} needs --stdio or --url (or --config <file> with --server <name>)`,
        command,
      );
    }
    const run = plan(['run', 'calls.json']);
    assert.equal(run.target, undefined);
    assert.deepEqual(run.command === 'run' && [run.file, run.parallel, run.junit], ['calls.json', 1, undefined]);
  });

  it('says a flag is unknown in its first sentence, without a final stop', () => {
    const said = refusal(['list', 'tools', ...stdio, '--nope']);
    assert.match(said, /^Unknown option '--nope'$/);
    assert.equal(refusal(['list', 'tools', '--stdio', '--json']), "Option '--stdio' argument is ambiguous");
    const missing = refusal(['list', 'tools', '--stdio']);
    assert.match(missing, /--stdio/);
    assert.doesNotMatch(missing, /\.$|\.\s/);
  });

  it("answers --help (or -h) whatever the command's other flags, before checking them", () => {
    for (const help of ['--help', '-h']) {
      const asked = plan(['call', help, '--parallel', '2']);
      assert.equal(asked.command, 'help');
    }
    assert.equal(refusal(['--help']), 'a command is needed');
  });

  it("refuses a command's flag given to another command, naming both", () => {
    const wrong: [string[], string][] = [
      [['list', 'tools', '--arg', 'a=1'], '--arg does not apply to list'],
      [['list', 'tools', '--args', '{}'], '--args does not apply to list'],
      [['read', 'x:/', '--expect', 'no-error'], '--expect does not apply to read'],
      [['prompt', 'p', '--expect', 'no-error'], '--expect does not apply to prompt'],
      [['call', 't', '--parallel', '2'], '--parallel does not apply to call'],
      [['call', 't', '--junit', 'r.xml'], '--junit does not apply to call'],
      [['run', 'c.json', '--arg', 'a=1'], '--arg does not apply to run'],
    ];
    for (const [argv, said] of wrong) assert.equal(refusal([...argv, ...stdio]), said);
  });

  it('refuses OAuth flags for a server not reached by URL, and a client secret without its client', () => {
    assert.equal(
      refusal(['list', 'tools', ...stdio, '--token-store', 't.json']),
      '--token-store only applies to --url',
    );
    assert.equal(refusal(['list', 'tools', ...stdio, '--client-id', 'c']), '--client-id only applies to --url');
    assert.equal(refusal(['run', 'c.json', '--client-secret', 's']), '--client-secret only applies to --url');
    assert.equal(refusal(['list', 'tools', ...url, '--client-secret', 's']), '--client-secret needs --client-id');
    const oauth = plan([
      'list',
      'tools',
      ...url,
      '--token-store',
      't.json',
      '--client-id',
      'c',
      '--client-secret',
      's',
    ]);
    assert.deepEqual([oauth.tokenStore, oauth.clientId, oauth.clientSecret], [resolve('t.json'), 'c', 's']);
    assert.deepEqual(oauth.target && 'url' in oauth.target && String(oauth.target.url), 'http://127.0.0.1:9/mcp');
  });
});

describe('parseOneShot call and prompt arguments', () => {
  it('reads --arg values as JSON when they parse, strings otherwise, on top of --args', () => {
    const called = plan([
      'call',
      'get-sum',
      ...stdio,
      '--args',
      '{"a":1,"b":2,"c":"keep"}',
      '--arg',
      'a=5',
      '--arg',
      'b=two',
      '--arg',
      'eq=x=y',
      '--arg',
      'empty=',
      '--arg',
      'list=[1,"x"]',
    ]);
    assert.equal(called.command === 'call' && called.tool, 'get-sum');
    assert.deepEqual(called.command === 'call' && called.args, {
      a: 5,
      b: 'two',
      c: 'keep',
      eq: 'x=y',
      empty: '',
      list: [1, 'x'],
    });
    assert.deepEqual(called.command === 'call' && called.expectations, []);
    const bare = plan(['call', 'get-sum', ...stdio]);
    assert.deepEqual(bare.command === 'call' && bare.args, {});
    assert.equal(refusal(['call', ...stdio]), 'call takes one tool name, got none');
  });

  it('refuses an --arg without a key', () => {
    assert.equal(refusal(['call', 't', ...stdio, '--arg', 'novalue']), '--arg must look like key=value, got "novalue"');
    assert.equal(refusal(['call', 't', ...stdio, '--arg', '=5']), '--arg must look like key=value, got "=5"');
  });

  it('reads --args from stdin (-) or a file (@path), and says which when it is no JSON object', () => {
    const fromStdin = plan(['call', 't', ...stdio, '--args', '-'], () => '{"text":"piped"}');
    assert.deepEqual(fromStdin.command === 'call' && fromStdin.args, { text: 'piped' });
    const where = surroundings({ 'args.json': '{"n":[1]}', 'list.json': '[1]' });
    const fromFile = plan(['call', 't', ...stdio, '--args', `@${join(where.cwd, 'args.json')}`]);
    assert.deepEqual(fromFile.command === 'call' && fromFile.args, { n: [1] });

    assert.match(refusal(['call', 't', ...stdio, '--args', '{nope']), /^--args is not JSON: \S/);
    assert.match(
      refusal(['call', 't', ...stdio, '--args', '-'], () => 'nope'),
      /^--args - \(stdin\) is not JSON: \S/,
    );
    assert.equal(refusal(['call', 't', ...stdio, '--args', '"text"']), '--args must be a JSON object of arguments');
    const list = `@${join(where.cwd, 'list.json')}`;
    assert.equal(refusal(['call', 't', ...stdio, '--args', list]), `--args ${list} must be a JSON object of arguments`);
    const missing = join(where.cwd, 'missing.json');
    assert.equal(refusal(['call', 't', ...stdio, '--args', `@${missing}`]), `cannot read ${missing}: ENOENT`);
  });

  it('parses each --expect, and refuses one it cannot read', () => {
    const called = plan(['call', 't', ...stdio, '--expect', 'no-error', '--expect', '/content/0/text=5']);
    assert.deepEqual(called.command === 'call' && called.expectations, [
      { isError: false },
      { pointer: '/content/0/text', equals: 5 },
    ]);
    assert.equal(
      refusal(['call', 't', ...stdio, '--expect', 'whatever']),
      '--expect whatever: expected /pointer=<json>, /pointer~=<regex>, output-schema or no-error',
    );
  });

  it('keeps prompt arguments as strings, and refuses a non-string from --args', () => {
    const prompted = plan(['prompt', 'greet', ...stdio, '--arg', 'n=5', '--args', '{"who":"Ada"}']);
    assert.deepEqual(prompted.command === 'prompt' && [prompted.name, prompted.args], [
      'greet',
      { who: 'Ada', n: '5' },
    ]);
    assert.equal(
      refusal(['prompt', 'greet', ...stdio, '--args', '{"who":"Ada","n":5}']),
      'prompt arguments are strings; "n" is not',
    );
    assert.equal(refusal(['prompt', ...stdio]), 'prompt takes one prompt name, got none');
  });
});

describe('parseOneShot run', () => {
  it('takes --parallel from 1 to 9999 and a --junit path made absolute', () => {
    const run = plan(['run', 'calls.json', '--parallel', '9999', '--junit', 'out/report.xml']);
    assert.deepEqual(run.command === 'run' && [run.parallel, run.junit], [9999, resolve('out/report.xml')]);
    assert.equal(plan(['run', 'calls.json', '--parallel', '1']).command === 'run' && 1, 1);
    for (const bad of ['0', '10000', '2x', 'x2', '1.5', '']) {
      assert.equal(
        refusal(['run', 'calls.json', '--parallel', bad]),
        `--parallel must be a whole number from 1, got "${bad}"`,
        bad,
      );
    }
    assert.equal(refusal(['run', ...stdio]), 'run takes one collection file, got none');
  });
});

describe('parseOneShot --config and --server', () => {
  const config = JSON.stringify({
    mcpServers: {
      local: { command: 'node', args: ['local.js'] },
      remote: { url: 'http://127.0.0.1:7/mcp' },
    },
  });

  it('talks to the server --server names, of --config or of the usual places', () => {
    const where = surroundings({ 'servers.json': config, '.mcp.json': config });
    const named = plan(
      ['list', 'tools', '--config', join(where.cwd, 'servers.json'), '--server', 'local'],
      noStdin,
      where,
    );
    assert.deepEqual(named.target && 'stdio' in named.target && named.target.stdio.args, ['local.js']);
    const found = plan(['list', 'tools', '--server', 'remote'], noStdin, where);
    assert.equal(found.target && 'url' in found.target && String(found.target.url), 'http://127.0.0.1:7/mcp');
    // A server of the file reached by URL authorizes as --url does.
    const withStore = plan(['list', 'tools', '--server', 'remote', '--token-store', 't.json'], noStdin, where);
    assert.equal(withStore.tokenStore, resolve('t.json'));
    assert.equal(
      refusal(['list', 'tools', '--server', 'local', '--client-id', 'c'], noStdin, where),
      '--client-id only applies to --url',
    );
  });

  it('reads no file when the command line names no server: a script says where its server is', () => {
    const where = surroundings({ '.mcp.json': config });
    assert.match(refusal(['list', 'tools'], noStdin, where), /^list needs --stdio or --url/);
    const direct = plan(['list', 'tools', ...stdio], noStdin, where);
    assert.deepEqual(direct.target && 'stdio' in direct.target && direct.target.stdio.command, 'node');
  });

  it('needs one server of a file that has more', () => {
    const where = surroundings({ 'servers.json': config });
    assert.match(
      refusal(['call', 't', '--config', join(where.cwd, 'servers.json')], noStdin, where),
      /^call talks to one server/,
    );
  });
});
