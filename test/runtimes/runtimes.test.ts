// The console where people deploy it: the Fetch handler on Bun, Deno and Hono (on Node), and the node handler inside
// real Express 5 and Fastify 5 apps next to their own routes. Each is a real process on a loopback port, checked
// through the HTTP API (same statuses, bodies and headers everywhere) and the page in Chromium.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BIG_RESULT_TEXT, FIXTURE_TOKEN } from '../fixtures/runtimes/console-options.js';
import { launchChromium } from '../security/browser.js';
import { rawRequest } from '../server/helpers.js';
import { EventReader } from '../support/event-stream.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/runtimes/${name}.js`, import.meta.url));
const bun = `${root}node_modules/@oven/bun-linux-x64/bin/bun`;
const deno = `${root}node_modules/@deno/linux-x64-glibc/deno`;

interface Runtime {
  name: string;
  command: string;
  args: string[];
  prefix: string;
  /** The kind of request object the tool handler receives there. */
  requestKind: 'Request' | 'IncomingMessage';
  /** A route of the host app's own that must keep working beside the console. */
  ownRoute?: string;
}

const RUNTIMES: Runtime[] = [
  { name: 'bun', command: bun, args: [fixture('bun-app')], prefix: '', requestKind: 'Request' },
  {
    name: 'deno',
    command: deno,
    args: ['run', '-A', '--quiet', fixture('deno-app')],
    prefix: '',
    requestKind: 'Request',
  },
  {
    name: 'hono',
    command: process.execPath,
    args: [fixture('hono-app')],
    prefix: '/explorer',
    requestKind: 'Request',
    ownRoute: '/health',
  },
  {
    name: 'express',
    command: process.execPath,
    args: [fixture('express-app')],
    prefix: '/explorer',
    requestKind: 'IncomingMessage',
    ownRoute: '/health',
  },
  {
    name: 'fastify',
    command: process.execPath,
    args: [fixture('fastify-app')],
    prefix: '/explorer',
    requestKind: 'IncomingMessage',
    ownRoute: '/health',
  },
];

/** Resolves once the fixture has printed a line matching `pattern`. */
function printed(child: ChildProcess, pattern: RegExp): Promise<void> {
  let output = '';
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (!pattern.test(output)) return;
      child.stdout!.off('data', onData);
      resolve();
    };
    child.stdout!.on('data', onData);
  });
}

/** Starts a fixture and resolves with its port once it says it listens (rejects with its output if it exits). */
function startFixture(
  runtime: Runtime,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(runtime.command, runtime.args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const port = /listening on (\d+)/.exec(output)?.[1];
      if (port) resolve({ child, port: Number(port) });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${runtime.name} exited with ${code} before listening:\n${output}`)));
  });
}

const json = { 'Content-Type': 'application/json' };

for (const runtime of RUNTIMES) {
  describe(`tool-console on ${runtime.name}`, () => {
    let child: ChildProcess;
    let port: number;
    const request = (method: string, path: string, options?: { body?: string; headers?: Record<string, string> }) =>
      rawRequest(port, method, `${runtime.prefix}${path}`, options);

    before(async () => {
      ({ child, port } = await startFixture(runtime));
    });
    after(() => {
      child?.kill('SIGTERM');
    });

    it('should serve the page with its security headers', async () => {
      const page = await request('GET', '/');
      assert.equal(page.status, 200);
      assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
      assert.match(String(page.headers['content-security-policy']), /default-src 'none'; script-src 'self'/);
      assert.equal(page.headers['x-content-type-options'], 'nosniff');
      assert.match(page.text, new RegExp(`<title>tool-console on ${runtime.name}</title>`));
      const asset = /src="\.?\/?(assets\/[^"]+\.js)"/.exec(page.text)?.[1];
      assert.ok(asset, 'the page names its script');
      const script = await request('GET', `/${asset}`);
      assert.equal(script.status, 200);
      assert.equal(script.headers['cache-control'], 'public, max-age=31536000, immutable');
    });

    it('should list and describe tools, and answer 404 in JSON', async () => {
      const list = await request('GET', '/tools');
      assert.equal(list.status, 200);
      assert.equal(list.headers['content-type'], 'application/json');
      assert.ok(list.json.some((tool: { name: string }) => tool.name === 'whoami'));
      const detail = await request('GET', '/tools/echo');
      assert.equal(detail.json.name, 'echo');
      assert.equal(detail.json.inputSchema.type, 'object');
      const missing = await request('GET', '/tools/nope');
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.json, { error: 'Tool not found: nope' });
    });

    it('should run a tool, and hand the handler the runtime request with a signal', async () => {
      const echo = await request('POST', '/tools/echo/call', { body: '{"message":"hi"}', headers: json });
      assert.equal(echo.status, 200, echo.text);
      assert.equal(echo.json.content[0].text, 'hi');
      assert.equal(echo.headers['tool-output-check'], undefined, 'echo declares no outputSchema');
      // math/add declares one: the server checks its structured content and says so beside the answer.
      const sum = await request('POST', '/tools/math%2Fadd/call', { body: '{"a":1,"b":2}', headers: json });
      assert.equal(sum.status, 200, sum.text);
      assert.deepEqual(sum.json.structuredContent, { sum: 3 });
      assert.equal(sum.headers['tool-output-check'], '{"valid":true}');
      const denied = await request('POST', '/tools/whoami/call', { body: '{}', headers: json });
      assert.equal(denied.status, 401);
      assert.deepEqual(denied.json, { error: 'Unauthorized' });
      const allowed = await request('POST', '/tools/whoami/call', {
        body: '{}',
        headers: { ...json, Authorization: `Bearer ${FIXTURE_TOKEN}` },
      });
      assert.equal(allowed.status, 200, allowed.text);
      assert.equal(allowed.json.content[0].text, `${runtime.name}: ${runtime.requestKind}, signal true`);
    });

    it('should validate, and refuse what the node server refuses', async () => {
      const invalid = await request('POST', '/tools/echo/validate', { body: '{"message":5}', headers: json });
      assert.equal(invalid.status, 200);
      assert.equal(invalid.json.valid, false);
      assert.equal(invalid.json.errors[0].path, '/message');
      const plain = await request('POST', '/tools/echo/call', {
        body: '{"message":"hi"}',
        headers: { 'Content-Type': 'text/plain' },
      });
      assert.equal(plain.status, 415);
      const foreign = await request('POST', '/tools/echo/call', {
        body: '{}',
        headers: { ...json, Origin: 'https://evil.example' },
      });
      assert.equal(foreign.status, 403);
      const rebound = await request('GET', '/tools', { headers: { Host: 'attacker.example' } });
      assert.equal(rebound.status, 403);
      const huge = await request('POST', '/tools/echo/call', {
        body: `{"message":"${'x'.repeat(1024 * 1024)}"}`,
        headers: json,
      });
      assert.equal(huge.status, 413);
      // The console's own 413 says its limit; behind Express, express.json() refuses the body first, in its own words.
      if (runtime.name !== 'express') assert.equal(huge.json.limitBytes, 1024 * 1024);
      const wrongMethod = await request('DELETE', '/tools');
      assert.equal(wrongMethod.status, 405);
      assert.equal(wrongMethod.headers.allow, 'GET, HEAD, OPTIONS');
      for (const answer of [invalid, plain, foreign, rebound, huge, wrongMethod]) {
        assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      }
    });

    it("should fire the handler's signal when the client goes away", async () => {
      const started = printed(child, /hang: started/);
      const aborted = printed(child, /hang: aborted \(AbortError\)/);
      const socket = connect(port, '127.0.0.1');
      socket.write(
        `POST ${runtime.prefix}/tools/hang/call HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      );
      await started;
      socket.destroy();
      await aborted;
    });

    if (runtime.ownRoute) {
      it("should leave the host app's own routes alone", async () => {
        const own = await rawRequest(port, 'GET', runtime.ownRoute!);
        assert.equal(own.text, `${runtime.name} ok`);
      });
    }
  });
}

const streamHeaders = { ...json, Accept: 'text/event-stream' };

// The Fetch handler's streams where it runs: events over 1 MiB, and keep-alives inside the runtime's idle limit.
for (const runtime of RUNTIMES.filter((each) => each.requestKind === 'Request')) {
  describe(`event streams on ${runtime.name}`, () => {
    let child: ChildProcess;
    let base: string;
    before(async () => {
      let port: number;
      ({ child, port } = await startFixture(runtime, { FIXTURE_BIG_LIST: '1' }));
      base = `http://127.0.0.1:${port}${runtime.prefix}`;
    });
    after(() => {
      child?.kill('SIGTERM');
    });

    it('should watch a tool list over 1 MiB: a stream that names the list, no error page', async () => {
      const list = await fetch(`${base}/tools`, { headers: { 'Accept-Encoding': 'identity' } });
      assert.ok(Number(list.headers.get('content-length')) > 1024 * 1024, 'the list is over 1 MiB');
      const watch = await fetch(`${base}/tools`, { headers: { Accept: 'text/event-stream' } });
      // Bun's default error page shows the exception, its stack and the server's paths: a start of it is enough.
      if (watch.status !== 200) assert.fail(`${watch.status}: ${(await watch.text()).slice(0, 300)}`);
      assert.equal(watch.headers.get('content-type'), 'text/event-stream');
      const reader = new EventReader(watch.body!);
      assert.deepEqual(await reader.next(), { event: 'tools-changed', data: { etag: list.headers.get('etag') } });
      await reader.cancel();
    });

    it("should send a streamed call's result over 1 MiB, returned at once, whole", async () => {
      const call = await fetch(`${base}/tools/big/call`, { method: 'POST', headers: streamHeaders, body: '{}' });
      assert.equal(call.status, 200);
      const events = await new EventReader(call.body!).rest();
      assert.deepEqual(
        events.map((event) => event.event),
        ['result'],
      );
      const { result } = events[0].data as { result: { content: { text: string }[] } };
      assert.equal(result.content[0].text.length, BIG_RESULT_TEXT.length);
      assert.equal(result.content[0].text, BIG_RESULT_TEXT);
    });

    if (runtime.name === 'bun') {
      // Bun closes a connection that is silent for its idleTimeout (10 s by default): the keep-alives must come sooner.
      it(
        "should keep a streamed call that is quiet for 13 s open past Bun's idle limit, and deliver its result",
        {
          timeout: 25_000,
        },
        async () => {
          const call = await fetch(`${base}/tools/quiet/call`, {
            method: 'POST',
            headers: streamHeaders,
            body: '{"ms":13000}',
          });
          assert.equal(call.status, 200);
          const reader = new EventReader(call.body!);
          const events = await reader.rest();
          assert.deepEqual(events, [
            {
              event: 'result',
              data: {
                status: 200,
                result: { content: [{ type: 'text', text: 'quiet for 13000 ms' }], isError: false },
              },
            },
          ]);
          assert.ok(reader.comments.includes('keep-alive'), 'keep-alives came meanwhile');
        },
      );
    }
  });
}

describe('the page on every runtime', () => {
  let browser: Browser;
  const running: ChildProcess[] = [];
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    for (const child of running) child.kill('SIGTERM');
  });

  for (const runtime of RUNTIMES) {
    it(`should run a tool from the page on ${runtime.name}`, async () => {
      const { child, port } = await startFixture(runtime);
      running.push(child);
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${port}${runtime.prefix}/#tool=echo`);
      await page.getByRole('heading', { name: 'Echo' }).waitFor();
      await page.getByLabel('message').fill(`hello ${runtime.name}`);
      await page.getByRole('button', { name: 'Execute' }).click();
      await page.getByText(`hello ${runtime.name}`, { exact: true }).last().waitFor();
      await page.close();
    });
  }
});
