// The `tool-console call` line the page copies: a real POSIX shell must hand the CLI exactly the tool name, the JSON
// arguments, the expectations and the server the page holds, whatever characters they contain. A stand-in
// `tool-console` on PATH prints the argv it got, so the test sees what the CLI would.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { callCommand } from '../../elements/display/call-command.js';
import { expectationToFlag, parseExpectationFlag } from '../../protocol/collections.js';
import { parseOneShot } from '../../server/cli/commands/one-shot-args.js';

let bin: string;

/** The argv the command line gives `tool-console`, as a POSIX shell reads it. */
function argvOf(line: string): string[] {
  const output = execFileSync('sh', ['-c', line], {
    encoding: 'utf8',
    env: { PATH: `${bin}:${process.env.PATH}`, HOME: '/nonexistent' },
  });
  return output.split('\0').slice(0, -1);
}

const nasty = `it's $(touch /tmp/pwned) \`id\` \\ "q" \n $HOME '; rm -rf / # ${'${env.X}'} é 🙂`;

describe('callCommand', () => {
  before(() => {
    bin = mkdtempSync(join(tmpdir(), 'tool-console-argv-'));
    writeFileSync(join(bin, 'tool-console'), `#!/bin/sh\nprintf '%s\\0' "$@"\n`);
    chmodSync(join(bin, 'tool-console'), 0o755);
  });
  after(() => rmSync(bin, { recursive: true, force: true }));

  it('should give the CLI the tool and the exact JSON arguments, whatever they hold', () => {
    const args = { text: nasty, nested: { list: [1, null, true], [nasty]: 'key' } };
    const argv = argvOf(callCommand({ tool: `a/b c'd`, arguments: args }));
    assert.deepEqual(argv.slice(0, 3), ['call', `a/b c'd`, '--args']);
    assert.deepEqual(JSON.parse(argv[3]!), args);
    assert.equal(argv.length, 4);
  });

  it('should leave plain tool names bare and quote the rest', () => {
    assert.match(callCommand({ tool: 'get-sum_2', arguments: {} }), /^tool-console call get-sum_2 --args '\{\}'$/);
    assert.match(callCommand({ tool: 'x y', arguments: {} }), /^tool-console call 'x y' /);
    assert.match(callCommand({ tool: '', arguments: {} }), /^tool-console call '' /);
    // A dash ends many tool names and is no concern there; only a leading one reads like an option.
    assert.match(callCommand({ tool: 'sum-', arguments: {} }), /^tool-console call sum- --args /);
  });

  it('should give the CLI a tool whose name starts with a dash as the tool, not as an option', () => {
    const argv = argvOf(
      callCommand({ tool: '-sum', arguments: { a: 1 }, expectFlags: ['no-error'] }, { stdio: 'srv' }),
    );
    const plan = parseOneShot(argv, () => '');
    assert.equal(plan.command, 'call');
    assert.deepEqual(plan.command === 'call' && [plan.tool, plan.args], ['-sum', { a: 1 }]);
  });

  it('should pass each expectation as an --expect the CLI reads back to the same expectation', () => {
    const expect = [
      { isError: false as const },
      { outputSchema: true as const },
      { pointer: '/content/0/text', equals: nasty },
      { pointer: '/structuredContent/a~1b', matches: `^it's \\d+ $` },
      { pointer: '/n', equals: 5 },
    ];
    const argv = argvOf(callCommand({ tool: 't', arguments: {}, expectFlags: expect.map(expectationToFlag) }));
    const flags = argv.slice(4);
    assert.deepEqual(
      flags.filter((_, i) => i % 2 === 0),
      expect.map(() => '--expect'),
    );
    assert.deepEqual(flags.filter((_, i) => i % 2 === 1).map(parseExpectationFlag), expect);
  });

  it('should name the server: a stdio command, or a URL with its headers', () => {
    const stdio = argvOf(callCommand({ tool: 't', arguments: {} }, { stdio: `npx -y "srv" '${nasty}'` }));
    assert.deepEqual(stdio.slice(4), ['--stdio', `npx -y "srv" '${nasty}'`]);
    const url = argvOf(
      callCommand(
        { tool: 't', arguments: {} },
        { url: 'http://127.0.0.1:9/mcp?a=1&b=2', headers: { Authorization: 'Bearer ${env.TOKEN}' } },
      ),
    );
    assert.deepEqual(url.slice(4), [
      '--url',
      'http://127.0.0.1:9/mcp?a=1&b=2',
      '--header',
      'Authorization: Bearer ${env.TOKEN}',
    ]);
  });
});
