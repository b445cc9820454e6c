// The many-servers router started in other ways than the main test's: all servers at once below a prefix, with no
// page built; a sandbox listener on a host name of its own; a sandbox origin that is not one.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { ServerListing } from '../../protocol/servers.js';
import { cliServerMaker } from '../../server/cli/many-servers/server-maker.js';
import { ServerSet } from '../../server/cli/many-servers/server-set.js';
import { createServersRouter } from '../../server/cli/many-servers/servers-router.js';
import { serverFor } from '../../server/node/server.js';
import { lockingServer } from '../fixtures/mcp/paths.js';
import { rawRequest } from '../server/helpers.js';
import { close, listen } from '../support/listen.js';
import { consoleAddress, plan } from './servers-plan.js';

describe('many servers started at once', { timeout: 20_000 }, () => {
  it('should start every server with startAll, and say that the switcher page is not built when it is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'servers-eager-'));
    const starts = join(dir, 'starts');
    const locking = (name: string, lock: string) => ({
      name,
      target: {
        stdio: {
          command: process.execPath,
          args: [lockingServer],
          env: { FIXTURE_STARTS: starts, FIXTURE_LOCK: join(dir, lock) },
        },
      },
    });
    const config = { file: 'mcp.json', servers: [locking('one', 'a'), locking('two', 'b')] };
    const servers = new ServerSet(
      config,
      '/console',
      cliServerMaker(plan, 'http://localhost:1', consoleAddress),
      () => {},
    );
    const router = createServersRouter({
      servers,
      prefix: '/console/',
      allowedHosts: [],
      sandboxOrigin: 'http://localhost:1',
      title: 'x',
      pageDir: join(dir, 'empty'),
      logger: { info() {}, warn() {}, error() {} },
    });
    const main = serverFor(router);
    const port = await listen(main);
    try {
      const page = await rawRequest(port, 'GET', '/console/');
      assert.equal(page.status, 500);
      assert.deepEqual(page.json, {
        error: `The server switcher page is not built: run \`npm run build\` (missing ${join(dir, 'empty', 'servers.html')}).`,
      });
      const bare = await rawRequest(port, 'GET', '/console');
      assert.equal(bare.status, 308);
      assert.equal(bare.headers.location, 'console/');
      assert.deepEqual(bare.json, { error: 'The page is at the address with a trailing slash.' });
      assert.deepEqual((await rawRequest(port, 'GET', '/elsewhere')).json, { error: 'Not found.' });
      servers.startAll();
      assert.deepEqual(await statusesAt(port), [
        ['one', 'connecting'],
        ['two', 'connecting'],
      ]);
      // Both connect without any request for them.
      await Promise.all(['one', 'two'].map((name) => servers.get(name)!.bridge.ready()));
      assert.deepEqual(await statusesAt(port), [
        ['one', 'ready'],
        ['two', 'ready'],
      ]);
    } finally {
      await close(main);
      await servers.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a sandbox listener on a host name of its own', () => {
  it('should answer the sandbox pages on that name, which is not in the allowed hosts', async () => {
    const config = { file: 'mcp.json', servers: [{ name: 'one', target: { stdio: { command: 'no-such-program' } } }] };
    const sandboxOrigin = 'http://sandbox.test:1';
    const servers = new ServerSet(config, '', cliServerMaker(plan, sandboxOrigin, consoleAddress), () => {});
    const router = createServersRouter({
      servers,
      prefix: undefined,
      allowedHosts: [],
      sandboxOrigin,
      title: 'x',
      logger: { info() {}, warn() {}, error() {} },
    });
    const main = serverFor(router);
    const port = await listen(main);
    try {
      const onSandbox = await rawRequest(port, 'GET', '/servers/one/sandbox', { headers: { Host: 'sandbox.test:1' } });
      assert.equal(onSandbox.status, 200, onSandbox.text);
      const elsewhere = await rawRequest(port, 'GET', '/servers/one/sandbox', { headers: { Host: 'other.test:1' } });
      assert.equal(elsewhere.status, 403);
    } finally {
      await close(main);
      await servers.close();
    }
  });
});

describe('a router for a sandbox origin that is not one', () => {
  it('should refuse to start, naming the origin', () => {
    const servers = new ServerSet(
      { file: 'mcp.json', servers: [] },
      '',
      cliServerMaker(plan, 'x', consoleAddress),
      () => {},
    );
    assert.throws(
      () =>
        createServersRouter({
          servers,
          prefix: undefined,
          allowedHosts: [],
          sandboxOrigin: 'not an origin',
          title: 'x',
          logger: { info() {}, warn() {}, error() {} },
        }),
      { name: 'TypeError', message: 'tool-console: not a sandbox origin: not an origin' },
    );
  });
});

const statusesAt = async (port: number) =>
  ((await rawRequest(port, 'GET', '/console/servers')).json as ServerListing).servers.map(({ name, status }) => [
    name,
    status,
  ]);
