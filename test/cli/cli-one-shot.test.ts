// The one-shot commands against the reference server (server-everything) over stdio: `list`, `call`, `read` and
// `prompt` print what a person reads (or the exact result with --json), answer the tool's questions from --answer,
// stop the server as soon as the answer is out, and exit with the code that says how it went (0 to 5).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { everythingServer, fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { everythingStdio, oneShot } from './one-shot-cli.js';

describe('tool-console list|call|read|prompt over stdio', () => {
  it('lists tools, resources and prompts as lines, and tools as the exact MCP result with --json', async () => {
    const tools = await oneShot(['list', 'tools', ...everythingStdio]);
    assert.equal(tools.code, 0, tools.stderr);
    assert.match(tools.stdout, /^get-sum {2}Get Sum Tool: Returns the sum of two numbers$/m);
    const resources = await oneShot(['list', 'resources', ...everythingStdio]);
    assert.match(
      resources.stdout,
      /^demo:\/\/resource\/static\/document\/architecture\.md {2}architecture\.md: text\/markdown$/m,
    );
    const prompts = await oneShot(['list', 'prompts', ...everythingStdio]);
    assert.match(prompts.stdout, /^args-prompt {2}Arguments Prompt: /m);
    const json = await oneShot(['list', 'tools', '--json', ...everythingStdio]);
    const listed = JSON.parse(json.stdout) as { tools: { name: string; inputSchema: object }[] };
    assert.deepEqual(listed.tools.find((tool) => tool.name === 'get-sum')?.inputSchema.constructor, Object);
  });

  it('exits as soon as it has printed the answer, its server stopped (not after the SDK grace of 2 s)', async () => {
    // A server that outlives the end of its stdin, as many do: the SDK's close() waits 2 s for it before SIGTERM.
    const stubborn = `"${process.execPath}" -e "setInterval(() => {}, 1000); import(process.argv[1])" "${everythingServer}"`;
    const run = await oneShot(['list', 'tools', '--stdio', stubborn]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^get-sum /m);
    assert.ok(run.exitAfterOutputMs < 1000, `exited ${Math.round(run.exitAfterOutputMs)} ms after its output`);
  });

  it('calls a tool with --arg, --args JSON, --args @file and --args - (stdin): readable text, or --json', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tool-console-args-'));
    writeFileSync(join(folder, 'args.json'), '{"a": 4, "b": 5}');
    const runs = await Promise.all([
      oneShot(['call', 'get-sum', '--arg', 'a=2', '--arg', 'b=3', ...everythingStdio]),
      oneShot(['call', 'get-sum', '--args', '{"a": 3, "b": 3}', ...everythingStdio]),
      oneShot(['call', 'get-sum', '--args', `@${join(folder, 'args.json')}`, ...everythingStdio]),
      oneShot(['call', 'get-sum', '--args', '-', '--arg', 'b=10', ...everythingStdio], { stdin: '{"a": 1, "b": 2}' }),
    ]);
    assert.deepEqual(
      runs.map((run) => [run.code, run.stdout]),
      [
        [0, 'The sum of 2 and 3 is 5.\n'],
        [0, 'The sum of 3 and 3 is 6.\n'],
        [0, 'The sum of 4 and 5 is 9.\n'],
        [0, 'The sum of 1 and 10 is 11.\n'],
      ],
    );
    const json = await oneShot([
      'call',
      'get-structured-content',
      '--arg',
      'location=Chicago',
      '--json',
      ...everythingStdio,
    ]);
    const result = JSON.parse(json.stdout);
    assert.deepEqual(Object.keys(result).sort(), ['content', 'structuredContent']);
    assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
  });

  it('reads a resource and gets a prompt, and says "no such thing" with exit 2', async () => {
    const read = await oneShot(['read', 'demo://resource/static/document/architecture.md', ...everythingStdio]);
    assert.equal(read.code, 0, read.stderr);
    assert.match(read.stdout, /^# Everything Server/);
    const prompt = await oneShot(['prompt', 'args-prompt', '--arg', 'city=Paris', ...everythingStdio]);
    assert.equal(prompt.code, 0, prompt.stderr);
    assert.equal(prompt.stdout, "user: What's weather in Paris?\n");
    const missing = await oneShot(['read', 'demo://nope', ...everythingStdio]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^tool-console: read demo:\/\/nope: .*not found\n$/);
  });

  it('answers a question from --answer, and declines one it has no answer for, without waiting', async () => {
    const answered = await oneShot([
      'call',
      'trigger-elicitation-request',
      '--answer',
      '{"name": "Ada"}',
      ...everythingStdio,
    ]);
    assert.equal(answered.code, 0, answered.stderr);
    assert.match(answered.stdout, /User provided the requested information!\nUser inputs:\n- Name: Ada\n/);
    assert.match(
      answered.stderr,
      /the tool asked "Please provide inputs for the following fields:": answered from --answer/,
    );
    const sampled = await oneShot([
      'call',
      'trigger-sampling-request',
      '--arg',
      'prompt=hi',
      '--answer',
      'Bonjour',
      ...everythingStdio,
    ]);
    assert.equal(sampled.code, 0, sampled.stderr);
    assert.match(sampled.stdout, /"text": "Bonjour"/);
    const declined = await oneShot(['call', 'trigger-elicitation-request', ...everythingStdio]);
    assert.equal(declined.code, 0);
    assert.match(declined.stdout, /User declined to provide the requested information/);
    assert.match(declined.stderr, /no --answer left: declined/);
  });

  it('exit 5 when an expectation fails, saying what differed; 0 when all hold', async () => {
    const held = await oneShot([
      'call',
      'get-structured-content',
      '--arg',
      'location=Chicago',
      '--expect',
      'output-schema',
      '--expect',
      'no-error',
      '--expect',
      '/structuredContent/temperature~=^\\d+$',
      ...everythingStdio,
    ]);
    assert.equal(held.code, 0, held.stderr);
    const failed = await oneShot([
      'call',
      'get-sum',
      '--arg',
      'a=1',
      '--arg',
      'b=2',
      '--expect',
      '/content/0/text="4"',
      ...everythingStdio,
    ]);
    assert.equal(failed.code, 5);
    assert.equal(failed.stdout, 'The sum of 1 and 2 is 3.\n');
    assert.equal(
      failed.stderr,
      'tool-console: expectation failed: /content/0/text: expected "4", got "The sum of 1 and 2 is 3."\n',
    );
  });

  it('exit 2 in one line, before calling: an unknown tool, an invalid argument, a bad flag, an unreadable file', async () => {
    const cases: [string[], RegExp][] = [
      [['call', 'nope', ...everythingStdio], /^tool-console: unknown tool "nope"; the server has: echo, /],
      [
        ['call', 'get-sum', '--arg', 'a=1', '--arg', 'b=two', ...everythingStdio],
        /^tool-console: invalid arguments for get-sum: \/b must be number\n$/,
      ],
      [
        ['call', 'get-sum', '--arg', 'a=1', ...everythingStdio],
        /^tool-console: invalid arguments for get-sum: \/b must have required property 'b'\n$/,
      ],
      [
        ['call', 'get-sum', '--args', '@/nonexistent/args.json', ...everythingStdio],
        /^tool-console: cannot read \/nonexistent\/args\.json: ENOENT \(see tool-console call --help\)\n$/,
      ],
      [['call', 'get-sum', '--expect', 'sum=3', ...everythingStdio], /^tool-console: --expect sum=3: expected /],
      [['list', 'widgets', ...everythingStdio], /^tool-console: list tools, resources or prompts, not "widgets"/],
      [['call', 'echo'], /^tool-console: call needs --stdio or --url/],
    ];
    const runs = await Promise.all(cases.map(([args]) => oneShot(args)));
    runs.forEach((run, index) => {
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, cases[index]![1]);
      assert.equal(run.stderr.split('\n').length, 2, `one line: ${run.stderr}`);
    });
  });

  it('exit 1 when the tool answers isError, 3 when the server cannot start (the doctor says why), 4 on --timeout', async () => {
    // server-everything has no tool that answers isError; the fixture server's `fails` does.
    const refused = await oneShot(['call', 'fails', '--stdio', `"${process.execPath}" "${fixtureStdioServer}"`]);
    assert.equal(refused.code, 1, refused.stderr);
    assert.equal(refused.stdout, 'the widget is broken\n');
    assert.equal(refused.stderr, 'tool-console: fails answered isError\n');
    const missing = await oneShot(['list', 'tools', '--stdio', 'no-such-mcp-server-command']);
    assert.equal(missing.code, 3);
    assert.match(missing.stderr, /^tool-console: Could not connect to the MCP server \(no-such-mcp-server-command\): /);
    const slow = await oneShot([
      'call',
      'trigger-long-running-operation',
      '--arg',
      'duration=30',
      '--arg',
      'steps=3',
      '--timeout',
      '300',
      ...everythingStdio,
    ]);
    assert.equal(slow.code, 4);
    assert.equal(slow.stderr, 'tool-console: timed out after 300 ms (--timeout)\n');
  });

  it('documents every exit code in --help', async () => {
    for (const help of await Promise.all([oneShot(['call', '--help']), oneShot(['--help'])])) {
      assert.equal(help.code, 0);
      assert.match(help.stdout, /^ {2}(tool-console )?list tools\|resources\|prompts/m);
      for (const code of [0, 1, 2, 3, 4, 5]) assert.match(help.stdout, new RegExp(`^ {2}${code} {2}\\S`, 'm'));
    }
  });
});
