// The CLI serving its built-in demo tools, and its answers to --help, --version and mistakes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { EventReader } from '../support/event-stream.js';
import { close, listen } from '../support/listen.js';
import { callTool, ownStderrLine, runCli, serveCli, type Serving } from './run-cli.js';

const version = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version;

function assertOneLineError(stderr: string, pattern: RegExp) {
  const lines = stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line on stderr, got: ${stderr}`);
  assert.match(lines[0], /^tool-console: /);
  assert.match(lines[0], pattern);
  assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace');
}

describe('tool-console (demo tools)', () => {
  let cli: Serving;
  before(async () => {
    cli = await serveCli(['--title', 'Demo <Console>', '--prefix', '/explorer']);
  });
  after(() => cli?.stop());

  it('should print the URL it serves, under the prefix, with execution enabled on loopback', () => {
    assert.match(cli.url, /^http:\/\/127\.0\.0\.1:\d+\/explorer\/$/);
    assert.match(cli.output.stdout, /execution enabled/);
  });

  it('should serve the page with its title and the demo tools', async () => {
    assert.match(await (await fetch(cli.url)).text(), /Demo &lt;Console&gt;/);
    const tools = (await (await fetch(`${cli.url}tools`)).json()) as { name: string; annotations?: object }[];
    // Exactly the demo tools the README lists.
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [
      'calendar/schedule-meeting',
      'debug/sleep',
      'debug/throw',
      'draw/bar-chart',
      'echo',
      'jobs/process-batch',
      'math/add',
      'math/divide',
      'math/statistics',
      'notes/delete',
      'notes/read',
      'play/dice',
      'questions/book-table',
      'questions/sign-in',
      'sound/tone',
      'text.reverse',
    ]);
    assert.deepEqual(tools.find((tool) => tool.name === 'notes/delete')?.annotations, {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: false,
    });
  });

  it('should run demo tools: text, a drawn image, an error result, a throwing tool', async () => {
    const echo = await callTool(cli, 'echo', { message: 'hi', repeat: 2 });
    assert.equal(echo.status, 200);
    assert.deepEqual(echo.body.content, [{ type: 'text', text: 'hihi' }]);
    const chart = await callTool(cli, 'draw/bar-chart', { values: [1, 2, 3] });
    assert.equal(
      Buffer.from(chart.body.content[0].data ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
      'PNG',
    );
    assert.equal((await callTool(cli, 'math/divide', { a: 1, b: 0 })).status, 500);
    const thrown = await callTool(cli, 'debug/throw', { message: 'on purpose' });
    assert.equal(thrown.status, 500);
    assert.match(JSON.stringify(thrown.body), /on purpose/);
  });

  it('should validate against the rich demo schema', async () => {
    const response = await fetch(`${cli.url}tools/calendar%2Fschedule-meeting/validate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        date: '2025-02-30x',
        organizer: { name: 'Ada', email: 'ada@example.com' },
        attendees: [],
      }),
    });
    const result = (await response.json()) as { valid: boolean; errors: { path: string }[] };
    assert.equal(result.valid, false);
    assert.deepEqual(result.errors.map((error) => error.path).sort(), ['/attendees', '/date']);
  });

  it('should exit 0 on SIGTERM and on SIGINT (Ctrl-C)', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const other = await serveCli([]);
      assert.equal(await other.stop(signal), 0, signal);
    }
  });
});

// README: "the demo tools may always run when served on loopback"; anywhere else only --allow-execute runs them.
describe('tool-console --host (demo tools)', { concurrency: 3 }, () => {
  async function servedOn(args: string[]) {
    const cli = await serveCli(args);
    const port = new URL(cli.url).port;
    // Reached over loopback whatever the interface, so the answer reflects the flag, not the network.
    const local = { ...cli, url: `http://127.0.0.1:${port}/` };
    const page = await (await fetch(local.url)).text();
    return { cli, page, echo: await callTool(local, 'echo', { message: 'hi' }) };
  }

  it('should not run demo tools on a non-loopback interface without --allow-execute', async () => {
    const { cli, page, echo } = await servedOn(['--host', '0.0.0.0']);
    try {
      assert.match(cli.url, /^http:\/\/0\.0\.0\.0:\d+\/$/);
      assert.match(cli.output.stdout, /\(demo tools, execution disabled; --allow-execute enables it\)/);
      assert.match(page, /<tool-console\s[^>]*execution="false"/);
      assert.deepEqual(echo, { status: 403, body: { error: 'Tool execution is disabled.' } });
    } finally {
      await cli.stop();
    }
  });

  it('should run them there with --allow-execute', async () => {
    const { cli, page, echo } = await servedOn(['--host', '0.0.0.0', '--allow-execute']);
    try {
      assert.match(cli.output.stdout, /\(demo tools, execution enabled\)/);
      assert.match(page, /<tool-console\s[^>]*execution="true"/);
      assert.equal(echo.status, 200);
    } finally {
      await cli.stop();
    }
  });

  it('should run them on a loopback name without --allow-execute', async () => {
    const { cli, echo } = await servedOn(['--host', 'localhost']);
    try {
      assert.match(cli.output.stdout, /\(demo tools, execution enabled\)/);
      assert.equal(echo.status, 200);
    } finally {
      await cli.stop();
    }
  });
});

describe('tool-console --max-body', () => {
  it('should refuse a call body over the limit with 413 saying the limit, and tell the page', async () => {
    const cli = await serveCli(['--max-body', '100']);
    try {
      const page = await (await fetch(cli.url)).text();
      assert.match(page, /<tool-console\s[^>]*max-body="100"/);
      assert.equal((await callTool(cli, 'echo', { message: 'x'.repeat(80) })).status, 200);
      assert.deepEqual(await callTool(cli, 'echo', { message: 'x'.repeat(100) }), {
        status: 413,
        body: { error: 'Request body exceeds 100 bytes.', limitBytes: 100 },
      });
    } finally {
      await cli.stop();
    }
  });
});

describe('tool-console --timeout', () => {
  it('should stop a call that is silent for longer, and let one that keeps reporting progress run on', async () => {
    const cli = await serveCli(['--timeout', '1000']);
    try {
      const silent = await callTool(cli, 'debug/sleep', { seconds: 3 });
      assert.equal(silent.status, 504);
      assert.equal(silent.body.content[0].text, 'The tool call timed out after 1000 ms.');
      // 8 items a quarter of a second apart: 2 s in all, never 1 s without progress.
      const reporting = await fetch(`${cli.url}tools/jobs%2Fprocess-batch/call`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({ items: 8, secondsPerItem: 0.25 }),
      });
      const events = await new EventReader(reporting.body!).rest();
      const progress = events.filter((event) => event.event === 'progress').map((event) => event.data);
      assert.deepEqual(progress.at(-1), { progress: 8, total: 8, message: 'Processed item 8 of 8' });
      assert.deepEqual(
        events.filter((event) => event.event === 'log').map((event) => (event.data as { level: string }).level),
        ['info', 'warning', 'warning', 'info'],
      );
      assert.deepEqual(events.at(-1), {
        event: 'result',
        data: { status: 200, result: { content: [{ type: 'text', text: 'Processed 8 items.' }], isError: false } },
      });
    } finally {
      await cli.stop();
    }
  });
});

describe('tool-console answers', { concurrency: 4 }, () => {
  it('should print help and the version', async () => {
    const help = await runCli(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /--stdio "<command>"/);
    assert.match(help.stdout, /--allow-execute/);
    const shown = await runCli(['-v']);
    assert.equal(shown.code, 0);
    assert.equal(shown.stdout, `${version}\n`);
  });

  const mistakes: [string[], RegExp][] = [
    [['--nope'], /Unknown option '--nope'/],
    [['--port', 'abc'], /--port must be a number/],
    [['--port', '70000'], /--port must be a number/],
    [['--port'], /argument missing/],
    [['extra'], /Unexpected argument 'extra'/],
    [['--stdio', 'x', '--url', 'http://127.0.0.1:9/'], /--stdio or --url, not both/],
    [['--header', 'X-A: b'], /--header only applies to --url/],
    [['--url', 'http://127.0.0.1:9/', '--header', 'no colon'], /--header must look like/],
    [['--url', 'ftp://127.0.0.1/'], /--url must be an http/],
    [['--stdio', 'node "unterminated'], /unterminated " quote/],
    [['--prefix', 'not a path'], /--prefix must be a URL path/],
    [['--max-body', '0'], /^tool-console: --max-body must be a positive whole number of bytes, got "0" \(see/],
    [['--max-body', '1kb'], /--max-body must be a positive whole number of bytes, got "1kb"/],
    [['--timeout', '1m'], /--timeout must be a whole number of milliseconds/],
    [['--log-level', 'loud'], /--log-level must be one of debug, info/],
  ];
  for (const [args, message] of mistakes) {
    it(`should reject ${JSON.stringify(args.join(' '))} as a usage error: one line and exit code 2`, async () => {
      const result = await runCli(args);
      assert.equal(result.code, 2);
      assertOneLineError(result.stderr, message);
      assert.match(result.stderr, /\(see tool-console --help\)$/m);
      assert.equal(result.stdout, '');
    });
  }

  it('should say so when the port is taken', async () => {
    const blocker = createServer();
    const port = await listen(blocker);
    try {
      const result = await runCli(['--port', String(port)]);
      assert.equal(result.code, 1);
      assertOneLineError(result.stderr, /already in use/);
    } finally {
      await close(blocker);
    }
  });

  it('should say so when the MCP server cannot be started or reached, and keep serving', async () => {
    for (const [args, pattern] of [
      [
        ['--stdio', 'no-such-mcp-server --flag'],
        /Could not connect to the MCP server \(no-such-mcp-server --flag\).*not found/,
      ],
      [['--url', 'http://127.0.0.1:9/mcp'], /Could not connect to the MCP server/],
    ] as const) {
      const cli = await serveCli([...args]);
      try {
        await ownStderrLine(cli);
        assertOneLineError(cli.output.stderr, pattern);
        assert.equal((await fetch(`${cli.url}tools`)).status, 502, 'the page shows it with Retry');
      } finally {
        assert.equal(await cli.stop(), 0);
      }
    }
  });
});
