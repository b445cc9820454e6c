// The router of many servers in one console (server/cli/many-servers/), driven by a ServersConfig built here: two
// fixture MCP servers over stdio and one whose command does not exist, behind a real console on 127.0.0.1 with its
// sandbox listener, and a page folder of the test's own (the switcher page is another part's; only its headers and
// its placeholder are this router's business).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ServerListing } from '../../protocol/servers.js';
import type { ServersConfig } from '../../server/cli/config/configured-server.js';
import { cliServerMaker } from '../../server/cli/many-servers/server-maker.js';
import { ServerSet } from '../../server/cli/many-servers/server-set.js';
import { createServersRouter } from '../../server/cli/many-servers/servers-router.js';
import { SandboxListener } from '../../server/cli/sandbox-listener.js';
import { serverFor } from '../../server/node/server.js';
import { fixtureStdioServer, lockingServer } from '../fixtures/mcp/paths.js';
import { rawRequest } from '../server/helpers.js';
import { close, listen } from '../support/listen.js';

import { consoleAddress, plan } from './servers-plan.js';

const call = (port: number, path: string) => rawRequest(port, 'POST', path, { body: '{}' });
const listing = async (port: number) => (await rawRequest(port, 'GET', '/servers')).json as ServerListing;
const statuses = async (port: number) => (await listing(port)).servers.map(({ name, status }) => [name, status]);

describe('many servers behind one router', { timeout: 20_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'servers-router-'));
  const pageDir = join(dir, 'page');
  const starts = join(dir, 'starts');
  const missing = join(dir, 'no-such-program');
  const config: ServersConfig = {
    file: join(dir, 'mcp.json'),
    servers: [
      {
        name: 'locking',
        target: { stdio: { command: process.execPath, args: [lockingServer], env: { FIXTURE_STARTS: starts } } },
      },
      { name: 'fixture two/α', target: { stdio: { command: process.execPath, args: [fixtureStdioServer] } } },
      { name: 'broken', target: { stdio: { command: missing } } },
      { name: '..', target: { stdio: { command: missing } } },
      // Dots elsewhere in a name are plain characters.
      { name: '.hidden', target: { stdio: { command: missing } } },
      { name: 'v2.', target: { stdio: { command: missing } } },
      { name: '.', target: { stdio: { command: missing } } },
      // One character: its callback's path has its slash at index 1.
      { name: 'x', target: { stdio: { command: missing } } },
    ],
  };
  const reported: string[] = [];
  let servers: ServerSet;
  let router: ReturnType<typeof createServersRouter>;
  let main: Server;
  let sandbox: SandboxListener;
  let port = 0;
  let sandboxPort = 0;

  before(async () => {
    mkdirSync(join(pageDir, 'assets'), { recursive: true });
    writeFileSync(
      join(pageDir, 'servers.html'),
      '<!doctype html><title><<TITLE>></title><script src="assets/shell-0123abcd.js"></script>',
    );
    writeFileSync(join(pageDir, 'assets', 'shell-0123abcd.js'), 'export {};\n');
    sandbox = new SandboxListener();
    sandboxPort = await listen(sandbox.server);
    const sandboxOrigin = `http://localhost:${sandboxPort}`;
    servers = new ServerSet(config, '', cliServerMaker(plan, sandboxOrigin, consoleAddress), (line) =>
      reported.push(line),
    );
    router = createServersRouter({
      servers,
      prefix: undefined,
      allowedHosts: [],
      sandboxOrigin,
      title: 'Servers <of> mcp.json',
      pageDir,
      logger: { info() {}, warn() {}, error() {} },
    });
    sandbox.open(router);
    main = serverFor(router);
    port = await listen(main);
  });
  after(async () => {
    await close(main);
    await close(sandbox.server);
    await servers.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should list every server as idle, and start none, until one is used', async () => {
    const answer = await rawRequest(port, 'GET', '/servers');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.equal(answer.headers['cache-control'], 'no-cache');
    assert.deepEqual(answer.json, {
      configFile: config.file,
      servers: [
        { name: 'locking', path: 'servers/locking/', status: 'idle', target: `${process.execPath} ${lockingServer}` },
        {
          name: 'fixture two/α',
          path: 'servers/fixture%20two%2F%CE%B1/',
          status: 'idle',
          target: `${process.execPath} ${fixtureStdioServer}`,
        },
        { name: 'broken', path: 'servers/broken/', status: 'idle', target: missing },
        // A browser drops `..` path segments (`%2E%2E` too): the name travels behind %FF, as tool names do.
        { name: '..', path: 'servers/%FF../', status: 'idle', target: missing },
        { name: '.hidden', path: 'servers/.hidden/', status: 'idle', target: missing },
        { name: 'v2.', path: 'servers/v2./', status: 'idle', target: missing },
        { name: '.', path: 'servers/%FF./', status: 'idle', target: missing },
        { name: 'x', path: 'servers/x/', status: 'idle', target: missing },
      ],
    });
    // A server's console answers what needs no connection without starting it (its server panel, here).
    const state = await rawRequest(port, 'GET', '/servers/locking/server');
    assert.equal(state.status, 200);
    assert.equal((state.json as { connected: boolean }).connected, false);
    assert.equal(existsSync(starts), false, 'the locking server has not started');
    assert.deepEqual(await statuses(port), [
      ['locking', 'idle'],
      ['fixture two/α', 'idle'],
      ['broken', 'idle'],
      ['..', 'idle'],
      ['.hidden', 'idle'],
      ['v2.', 'idle'],
      ['.', 'idle'],
      ['x', 'idle'],
    ]);
  });

  it('should answer the listing again with 304 for the ETag it has', async () => {
    const first = await rawRequest(port, 'GET', '/servers');
    const etag = String(first.headers.etag);
    assert.match(etag, /^"/);
    const again = await rawRequest(port, 'GET', '/servers', { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
  });

  it('should run a tool on each good server, and say why the broken one fails while the others keep working', async () => {
    const pid = await call(port, '/servers/locking/tools/pid/call');
    assert.equal(pid.status, 200, pid.text);
    const started = readFileSync(starts, 'utf8').trim().split('\n');
    assert.ok(started.includes((pid.json as { content: { text: string }[] }).content[0]!.text), 'the call ran there');
    const echo = await call(port, `/servers/${encodeURIComponent('fixture two/α')}/tools/argv/call`);
    assert.equal(echo.status, 200, echo.text);

    const broken = await call(port, '/servers/broken/tools/anything/call');
    assert.equal(broken.status, 502);
    const body = broken.json as { error: string; diagnosis: { reason: string; sentence: string } };
    assert.equal(body.diagnosis.reason, 'command-not-found');
    assert.equal(body.error, body.diagnosis.sentence);
    // Asked again (the page's Retry), it fails again, and the terminal is not told twice.
    assert.equal((await call(port, '/servers/broken/tools/anything/call')).status, 502);
    assert.deepEqual(reported, [`tool-console: broken: ${body.diagnosis.sentence}`]);

    const { servers: summaries } = await listing(port);
    // Only what each state has: a title and a tool count once ready (no icons: these servers have none), the
    // diagnosis once failed.
    assert.deepEqual(summaries.slice(0, 3), [
      {
        name: 'locking',
        path: 'servers/locking/',
        status: 'ready',
        target: `${process.execPath} ${lockingServer}`,
        title: 'locking',
        tools: 2,
      },
      {
        name: 'fixture two/α',
        path: 'servers/fixture%20two%2F%CE%B1/',
        status: 'ready',
        target: `${process.execPath} ${fixtureStdioServer}`,
        title: 'fixture',
        tools: summaries[1]!.tools,
      },
      { name: 'broken', path: 'servers/broken/', status: 'failed', target: missing, diagnosis: body.diagnosis },
    ]);
    assert.ok(summaries[1]!.tools! > 5, 'the fixture server counts its tools');
    assert.equal((await call(port, '/servers/locking/tools/pid/call')).status, 200, 'the others keep working');
  });

  it("should keep each server's protocol log its own", async () => {
    const log = async (segment: string) =>
      (await rawRequest(port, 'GET', `/servers/${segment}/server/log`)).json as { entries: { method?: string }[] };
    const locking = await log('locking');
    const fixture = await log(encodeURIComponent('fixture two/α'));
    const calls = (entries: { kind: string; method?: string; message: unknown }[]) =>
      entries
        .filter((entry) => entry.kind === 'request' && entry.method === 'tools/call')
        .map((entry) => JSON.stringify(entry.message));
    assert.ok(
      calls(locking.entries as never).every((text) => text.includes('"pid"')),
      'only pid was called there',
    );
    assert.ok(
      calls(fixture.entries as never).every((text) => text.includes('"argv"')),
      'only argv was called there',
    );
    assert.ok(calls(locking.entries as never).length > 0 && calls(fixture.entries as never).length > 0);
  });

  it('should find a server under any spelling of its name, and refuse unknown names with 404', async () => {
    const spelled = await call(port, '/servers/%6C%6Fcking/tools/pid/call');
    assert.equal(spelled.status, 200, spelled.text);
    const unknown = await rawRequest(port, 'GET', '/servers/nobody/tools');
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.json, { error: `No server named "nobody" in ${config.file}` });
    assert.equal((await rawRequest(port, 'GET', '/servers/%E0%A4%A/tools')).status, 400);
    assert.equal((await rawRequest(port, 'GET', '/elsewhere')).status, 404);
    assert.equal((await rawRequest(port, 'GET', '/servers/%FF.hidden/server')).status, 400, 'only dot names hide');
    for (const segment of ['%FF..', '%ff%2E%2e', '.hidden', 'v2.']) {
      const state = await rawRequest(port, 'GET', `/servers/${segment}/server`);
      assert.equal(state.status, 200, `${segment}: ${state.text}`);
      assert.equal((state.json as { target: string }).target, missing, segment);
    }
  });

  it("should answer a stdio server's OAuth callback that nothing waits for with 400, and only to GET", async () => {
    const answer = await rawRequest(port, 'GET', '/servers/locking/oauth/callback?code=c0de&state=s1');
    assert.equal(answer.status, 400);
    assert.match(answer.text, /No authorization is waiting for this answer/);
    assert.doesNotMatch(answer.text, /c0de/);
    const posted = await rawRequest(port, 'POST', '/servers/locking/oauth/callback', { body: '{}' });
    assert.equal(posted.status, 405);
    assert.equal(posted.headers.allow, 'GET');
  });

  it("should serve the switcher page with its title and a policy that frames only the console's own origin", async () => {
    const page = await rawRequest(port, 'GET', '/');
    assert.equal(page.status, 200);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(String(page.headers['content-security-policy']), /; frame-src 'self'; /);
    assert.match(page.text, /<title>Servers &lt;of&gt; mcp.json<\/title>/);
    const asset = await rawRequest(port, 'GET', '/assets/shell-0123abcd.js');
    assert.equal(asset.status, 200);
    assert.equal(asset.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal((await rawRequest(port, 'GET', '/assets/../servers.html')).status, 404);
    const posted = await rawRequest(port, 'POST', '/servers', { body: '{}' });
    assert.equal(posted.status, 405, 'no route adds a server');
    assert.equal(posted.headers.allow, 'GET, HEAD');
    assert.deepEqual((await rawRequest(port, 'PUT', '/', { body: '{}' })).json, {
      error: 'Method PUT is not allowed here.',
    });
  });

  it('should give the sandbox host only the servers sandbox pages', async () => {
    const host = `localhost:${sandboxPort}`;
    const onSandbox = (path: string) => rawRequest(sandboxPort, 'GET', path, { headers: { Host: host } });
    assert.equal((await onSandbox('/servers/locking/sandbox')).status, 200);
    for (const path of ['/', '/servers', '/assets/shell-0123abcd.js', '/servers/locking/', '/servers/locking/tools']) {
      assert.equal((await onSandbox(path)).status, 404, path);
    }
    assert.deepEqual((await onSandbox('/servers/nobody/sandbox')).json, { error: 'Not found.' });
  });

  it('should refuse a host name it was not told it serves, on every route', async () => {
    for (const path of ['/', '/servers', '/assets/shell-0123abcd.js', '/servers/locking/tools', '/servers/nobody/']) {
      const answer = await rawRequest(port, 'GET', path, { headers: { Host: 'attacker.test' } });
      assert.equal(answer.status, 403, path);
      assert.match((answer.json as { error: string }).error, /does not answer to the host name attacker\.test/);
    }
  });

  it('should answer HEAD where it answers GET, and name the method it refuses', async () => {
    const head = await rawRequest(port, 'HEAD', '/servers');
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    assert.equal((await rawRequest(port, 'HEAD', '/')).status, 200);
    const posted = await rawRequest(port, 'POST', '/servers/locking/oauth/callback', { body: '{}' });
    assert.deepEqual(posted.json, { error: 'Method POST is not allowed here.' });
  });

  it('should send a name without its trailing slash, under any spelling, to the same console', async () => {
    const plain = await rawRequest(port, 'GET', '/servers/locking');
    const spelled = await rawRequest(port, 'GET', '/servers/%6C%6Fcking');
    assert.equal(spelled.status, plain.status);
    assert.deepEqual(spelled.json, plain.json);
    assert.notEqual(plain.status, 404, plain.text);
  });

  it('should keep the query of a request to a name spelled another way', async () => {
    const query = '?after=999999';
    const plain = await rawRequest(port, 'GET', `/servers/locking/server/log${query}`);
    const spelled = await rawRequest(port, 'GET', `/servers/%6C%6Fcking/server/log${query}`);
    assert.equal(plain.status, 200, plain.text);
    assert.deepEqual(spelled.json, plain.json);
    const everything = await rawRequest(port, 'GET', '/servers/%6C%6Fcking/server/log');
    assert.notDeepEqual(everything.json, plain.json, 'the query changes the answer');
  });

  it("should answer a one-letter server's OAuth callback itself, not pass it to the console", async () => {
    const answer = await rawRequest(port, 'GET', '/servers/x/oauth/callback?code=c0de&state=s1');
    assert.equal(answer.status, 400);
    assert.match(answer.text, /Authorization refused/);
    assert.match(answer.text, /No authorization is waiting for this answer/);
  });

  it('should hide only whole dot names behind %FF, and refuse a malformed name anywhere', async () => {
    assert.equal((await rawRequest(port, 'GET', '/servers/%FF./server')).status, 200);
    // `%ff.` inside a longer segment is not the dot-name spelling: the segment is malformed UTF-8.
    assert.equal((await rawRequest(port, 'GET', '/servers/a%ff./server')).status, 400);
    // Outside /servers/ and /assets/ a malformed path is just not found.
    assert.equal((await rawRequest(port, 'GET', '/abcdefg%E0%A4%A')).status, 404);
  });

  it("should end the streams of every server's console when closed", async () => {
    const ended = await new Promise<boolean>((resolve, reject) => {
      const watch = request(
        { host: '127.0.0.1', port, path: '/servers/locking/tools', headers: { Accept: 'text/event-stream' } },
        (res) => {
          assert.equal(res.headers['content-type'], 'text/event-stream');
          res.once('data', () => router.close());
          res.on('end', () => resolve(true));
          res.on('error', reject);
        },
      );
      watch.on('error', reject);
      watch.end();
    });
    assert.equal(ended, true);
  });
});
