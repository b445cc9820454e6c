// The CLI's sandbox for tool UIs: a second listener (--sandbox-port, a free one by default) that serves only the
// sandbox page, under the origin it prints (--sandbox-origin when a proxy gives it another), in front of the real
// @modelcontextprotocol/server-basic-vanillajs; and the one-line refusals of bad flag values.
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { parseCli, UsageError, type CliPlan } from '../../server/cli/args.js';
import { close, listen } from '../support/listen.js';
import { runCli, serveCli, type Serving } from './run-cli.js';

const vanillaServer = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js', import.meta.url),
);
const vanilla = ['--stdio', `"${process.execPath}" "${vanillaServer}" --stdio`, '--allow-execute'];
const UI = 'ui://get-time/mcp-app.html';

/** The sandbox origin the CLI printed. */
function printedSandbox(cli: Serving): string {
  const origin = /^tool-console: tool UIs run sandboxed at (\S+)$/m.exec(cli.output.stdout)?.[1];
  assert.ok(origin, `no sandbox line in ${JSON.stringify(cli.output.stdout)}`);
  return origin;
}

/** A GET with the Host header set as given (fetch would not let a test choose it). */
function getWithHost(port: number, path: string, host: string): Promise<{ status: number; csp: unknown }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { Host: host }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, csp: res.headers['content-security-policy'] }));
    })
      .on('error', reject)
      .end();
  });
}

/** A port nothing listens on now (taken and given back). */
async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await close(server);
  return port;
}

describe('tool-console in front of server-basic-vanillajs, with its sandbox', () => {
  let cli: Serving;
  let sandbox: string;
  before(async () => {
    cli = await serveCli(vanilla);
    sandbox = printedSandbox(cli);
  });
  after(() => cli.stop());

  it('should print a sandbox origin on another site than the page (localhost), on a port of its own', () => {
    // Another site: browsers keep it out of the console's process, so a busy app cannot freeze the console's tab.
    assert.equal(new URL(cli.url).hostname, '127.0.0.1');
    assert.match(sandbox, /^http:\/\/localhost:\d+$/);
    assert.notEqual(new URL(sandbox).hostname, new URL(cli.url).hostname);
  });

  it("should list get-time with its UI, and read the UI's HTML", async () => {
    const tools = (await (await fetch(`${cli.url}tools`)).json()) as { name: string; ui?: unknown }[];
    assert.deepEqual(tools.find((tool) => tool.name === 'get-time')?.ui, { resourceUri: UI });
    const answer = await fetch(`${cli.url}resources/read`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ uri: UI }),
    });
    assert.equal(answer.status, 200);
    const { contents } = (await answer.json()) as { contents: { mimeType: string; text: string }[] };
    assert.equal(contents[0]!.mimeType, 'text/html;profile=mcp-app');
    assert.match(contents[0]!.text, /^<!doctype html>/i);
  });

  it('should tell the page where the sandbox is, and let it frame that origin', async () => {
    const page = await fetch(cli.url);
    assert.match(await page.text(), new RegExp(`<tool-console\\s[^>]*sandbox="${sandbox}/sandbox"`));
    assert.match(String(page.headers.get('content-security-policy')), new RegExp(`; frame-src ${sandbox}; `));
  });

  it('should serve the sandbox page on the sandbox port, under the policy the console signed', async () => {
    const read = await fetch(`${cli.url}resources/read`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ uri: UI }),
    });
    const { contents } = (await read.json()) as { contents: { _meta: Record<string, string> }[] };
    const policy = contents[0]!._meta['tool-console/sandbox-policy'];
    assert.equal(typeof policy, 'string');
    const answer = await fetch(`${sandbox}/sandbox?policy=${encodeURIComponent(policy!)}`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.match(String(answer.headers.get('content-security-policy')), /^default-src 'none'; /);
    assert.match(await answer.text(), /ui\/notifications\/sandbox-/);
    // A policy written into the URL is not the console's: the default applies.
    const csp = encodeURIComponent(JSON.stringify({ connectDomains: ['https://api.example.com'] }));
    const written = await fetch(`${sandbox}/sandbox?csp=${csp}`);
    assert.match(String(written.headers.get('content-security-policy')), /; connect-src 'none'; /);
  });

  it('should refuse the console and its API on the sandbox port', async () => {
    for (const path of ['/', '/tools', '/tools/get-time']) {
      const answer = await fetch(`${sandbox}${path}`);
      assert.equal(answer.status, 404, path);
      assert.deepEqual(await answer.json(), { error: 'Not found.' });
    }
    const call = await fetch(`${sandbox}/tools/get-time/call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal(call.status, 404);
  });

  it('should refuse the sandbox page on the console port', async () => {
    const answer = await fetch(`${cli.url}sandbox`);
    assert.equal(answer.status, 404);
    assert.deepEqual(await answer.json(), { error: 'Not found.' });
  });
});

describe('tool-console --sandbox-port and --sandbox-origin', () => {
  it('should listen on the port given, under the origin given, and close both ports on exit', async () => {
    const sandboxPort = await freePort();
    const origin = `http://apps.localhost:${sandboxPort}`;
    const cli = await serveCli(['--sandbox-port', String(sandboxPort), '--sandbox-origin', `${origin}/`]);
    const consolePort = Number(new URL(cli.url).port);
    try {
      assert.equal(printedSandbox(cli), origin);
      // The handler tells the sandbox by its host name, whichever port a proxy forwards it to.
      for (const port of [sandboxPort, consolePort]) {
        const page = await getWithHost(port, '/sandbox', `apps.localhost:${sandboxPort}`);
        assert.equal(page.status, 200, String(port));
        assert.match(String(page.csp), /^default-src 'none'; /);
      }
      assert.equal((await getWithHost(sandboxPort, '/sandbox', `127.0.0.1:${sandboxPort}`)).status, 404);
      assert.match(await (await fetch(cli.url)).text(), new RegExp(`sandbox="${origin}/sandbox"`));
    } finally {
      assert.equal(await cli.stop(), 0);
    }
    for (const port of [sandboxPort, consolePort]) {
      await assert.rejects(fetch(`http://127.0.0.1:${port}/`), TypeError, `port ${port} still answers`);
    }
  });

  it('should put the sandbox on the loopback address when the console is on localhost', async () => {
    const cli = await serveCli(['--host', 'localhost']);
    try {
      const sandbox = printedSandbox(cli);
      assert.match(sandbox, /^http:\/\/(127\.0\.0\.1|\[::1\]):\d+$/);
      assert.equal((await fetch(`${sandbox}/sandbox`)).status, 200, 'the page there answers under that name');
      assert.match(
        await (await fetch(cli.url)).text(),
        new RegExp(`sandbox="${sandbox.replace(/[[\]]/g, '\\$&')}/sandbox"`),
      );
    } finally {
      assert.equal(await cli.stop(), 0);
    }
  });

  it('should say which flag names a sandbox port in use', async () => {
    const busy = createServer();
    const port = await listen(busy);
    try {
      const result = await runCli(['--port', '0', '--sandbox-port', String(port)]);
      assert.equal(result.code, 1);
      assert.equal(
        result.stderr,
        `tool-console: port ${port} on 127.0.0.1 is already in use; choose another with --sandbox-port (or --sandbox-port 0 for any free one)\n`,
      );
    } finally {
      await close(busy);
    }
  });

  it('should refuse bad values with one line and exit 2', async () => {
    const result = await runCli(['--sandbox-port', 'eighty']);
    assert.deepEqual(result, {
      code: 2,
      stdout: '',
      stderr: 'tool-console: --sandbox-port must be a number from 0 to 65535, got "eighty" (see tool-console --help)\n',
    });
  });
});

describe('CLI flags: the sandbox', () => {
  const sandboxOf = (args: string[]) => (parseCli(args) as Extract<CliPlan, { kind: 'serve' }>).sandbox;
  const refusal = (args: string[]) => {
    try {
      parseCli(args);
    } catch (error) {
      assert.ok(error instanceof UsageError);
      return error.message;
    }
    assert.fail(`${JSON.stringify(args)} was accepted`);
  };

  it('should take a port and an origin, normalised', () => {
    assert.deepEqual(sandboxOf([]), { port: 0, origin: undefined });
    assert.deepEqual(sandboxOf(['--sandbox-port', '8001']), { port: 8001, origin: undefined });
    assert.deepEqual(sandboxOf(['--sandbox-origin', 'HTTPS://Apps.Example.com:443/']), {
      port: 0,
      origin: 'https://apps.example.com',
    });
    assert.equal(sandboxOf(['--port', '0', '--sandbox-port', '0']).port, 0, 'two free ports');
  });

  it('should refuse ports that are not one, or the console port itself', () => {
    for (const value of ['abc', '70000', '-1', '80.5', '']) {
      assert.equal(
        refusal([`--sandbox-port=${value}`]),
        `--sandbox-port must be a number from 0 to 65535, got "${value}"`,
      );
    }
    assert.equal(
      refusal(['--port', '8001', '--sandbox-port', '8001']),
      "--sandbox-port must differ from --port (8001): tool UIs must not share the console's origin",
    );
    assert.equal(
      refusal(['--sandbox-port', '8000']),
      "--sandbox-port must differ from --port (8000): tool UIs must not share the console's origin",
    );
  });

  it('should refuse an origin that is not one, or the console origin itself', () => {
    for (const value of ['apps.example.com', 'https://apps.example.com/sandbox', 'ftp://apps.example.com', 'http://']) {
      assert.equal(
        refusal(['--sandbox-origin', value]),
        `--sandbox-origin must be an origin such as https://apps.example.com (scheme, host, optional port; no path), got "${value}"`,
      );
    }
    assert.equal(
      refusal(['--sandbox-origin', 'http://127.0.0.1:8000']),
      "--sandbox-origin must differ from the console's own origin (http://127.0.0.1:8000)",
    );
  });
});
