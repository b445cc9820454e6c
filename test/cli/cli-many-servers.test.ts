// `tool-console --config <file>` with several servers: one console, one port, each server under servers/<name>/.
// Through the real CLI and real MCP servers: server-everything and server-memory over stdio, the Streamable HTTP
// fixture, and an entry whose command does not exist.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ServerListing } from '../../protocol/servers.js';
import { startHttpFixture, type HttpFixture } from '../fixtures/mcp/http-server.js';
import { everythingServer, fixtureStdioServer, lockingServer, processGone } from '../fixtures/mcp/paths.js';
import { rawRequest } from '../server/helpers.js';
import { childPids } from './child-pids.js';
import { serveCli, type Serving } from './run-cli.js';

const memoryServer = join(everythingServer, '../../../server-memory/dist/index.js');

const post = (url: string, args: object = {}) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(args) });

async function listing(cli: Serving): Promise<ServerListing> {
  const answer = await fetch(`${cli.url}servers`);
  assert.equal(answer.status, 200);
  return (await answer.json()) as ServerListing;
}

/** Resolves once the CLI has printed `text` on stderr. */
function stderrHas(cli: Serving, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!cli.output.stderr.includes(text)) return;
      cli.child.stderr!.off('data', check);
      resolve();
    };
    cli.child.stderr!.on('data', check);
    check();
  });
}

const statuses = async (cli: Serving) => (await listing(cli)).servers.map(({ name, status }) => `${name}: ${status}`);

describe('tool-console --config with four servers', { timeout: 30_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-many-servers-'));
  const file = join(dir, 'mcp.json');
  const missing = join(dir, 'no-such-server');
  let http: HttpFixture;
  let cli: Serving;

  before(async () => {
    http = await startHttpFixture();
    const config = {
      mcpServers: {
        everything: { command: process.execPath, args: [everythingServer] },
        memory: {
          command: process.execPath,
          args: [memoryServer],
          env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
        },
        remote: { url: http.url },
        broken: { command: missing },
      },
    };
    writeFileSync(file, JSON.stringify(config));
    cli = await serveCli(['--config', file, '--allow-execute', '--connect-timeout', '10000']);
  });
  after(async () => {
    await cli?.stop();
    await http?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should list all four as idle, and start no process until one is used', async () => {
    assert.match(cli.output.stdout, /\(4 servers of .*mcp\.json, execution enabled\)/);
    const { configFile, servers } = await listing(cli);
    assert.equal(configFile, file);
    assert.deepEqual(
      servers.map(({ name, path, status }) => ({ name, path, status })),
      ['everything', 'memory', 'remote', 'broken'].map((name) => ({ name, path: `servers/${name}/`, status: 'idle' })),
    );
    // A server's page loads without starting it: it connects when the page asks for its tools.
    const page = await fetch(`${cli.url}servers/everything/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<tool-console /);
    assert.deepEqual(childPids(cli.child.pid!), [], 'no MCP server runs yet');
    assert.equal((await listing(cli)).servers[0]!.status, 'idle');
  });

  it('should run a tool on each good server, and say why the broken one fails while the others keep working', async () => {
    const echo = await post(`${cli.url}servers/everything/tools/echo/call`, { message: 'hi' });
    assert.equal(echo.status, 200);
    assert.match(JSON.stringify(await echo.json()), /hi/);
    const graph = await post(`${cli.url}servers/memory/tools/read_graph/call`);
    assert.equal(graph.status, 200);
    assert.deepEqual((await graph.json()).structuredContent, { entities: [], relations: [] });
    // The HTTP fixture runs in this test's process.
    const remote = await post(`${cli.url}servers/remote/tools/pid/call`);
    assert.equal(remote.status, 200);
    assert.equal((await remote.json()).content[0].text, String(process.pid));

    const broken = await post(`${cli.url}servers/broken/tools/anything/call`);
    assert.equal(broken.status, 502);
    const { error, diagnosis } = await broken.json();
    assert.equal(diagnosis.reason, 'command-not-found');
    assert.equal(error, diagnosis.sentence);
    const said = `tool-console: broken: ${diagnosis.sentence}\n`;
    await stderrHas(cli, said);
    assert.equal((await post(`${cli.url}servers/broken/tools/anything/call`)).status, 502, 'tried again, failed again');

    const { servers } = await listing(cli);
    assert.deepEqual(
      servers.map(({ name, status }) => `${name}: ${status}`),
      ['everything: ready', 'memory: ready', 'remote: ready', 'broken: failed'],
    );
    assert.deepEqual(servers[3]!.diagnosis, diagnosis);
    assert.equal(cli.output.stderr.split(said).length, 2, 'the terminal is told once');
    assert.equal(servers[1]!.tools, 9, "server-memory's nine tools");
    assert.equal(servers[1]!.title, 'memory-server');
    const again = await post(`${cli.url}servers/everything/tools/echo/call`, { message: 'again' });
    assert.equal(again.status, 200, 'the others keep working');
    assert.equal(childPids(cli.child.pid!).length, 2, 'the two stdio servers run; the broken one never started');
  });

  it("should keep each server's protocol log its own", async () => {
    const calledTools = async (name: string) => {
      const answer = await fetch(`${cli.url}servers/${name}/server/log`);
      assert.equal(answer.status, 200);
      const { entries } = (await answer.json()) as { entries: { kind: string; method?: string; message: any }[] };
      return entries
        .filter((entry) => entry.kind === 'request' && entry.method === 'tools/call')
        .map((entry) => entry.message.params.name as string);
    };
    assert.deepEqual(await calledTools('memory'), ['read_graph']);
    assert.deepEqual([...new Set(await calledTools('everything'))], ['echo']);
  });

  it('should answer 404 for a server the file does not name', async () => {
    const answer = await fetch(`${cli.url}servers/nobody/tools`);
    assert.equal(answer.status, 404);
    assert.deepEqual(await answer.json(), { error: `No server named "nobody" in ${file}` });
  });

  it('should give the sandbox host neither the listing nor the page, and refuse unknown host names', async () => {
    const sandbox = new URL(/sandboxed at (\S+)/.exec(cli.output.stdout)![1]!);
    const port = Number(new URL(cli.url).port);
    const onSandbox = (path: string) =>
      rawRequest(Number(sandbox.port), 'GET', path, { headers: { Host: sandbox.host } });
    assert.equal((await onSandbox('/servers/memory/sandbox')).status, 200);
    assert.equal((await onSandbox('/servers')).status, 404);
    assert.equal((await onSandbox('/')).status, 404);
    for (const path of ['/', '/servers', '/servers/memory/tools']) {
      const refused = await rawRequest(port, 'GET', path, { headers: { Host: 'rebound.attacker.test' } });
      assert.equal(refused.status, 403, path);
    }
  });

  it('should stop every child process on SIGTERM', async () => {
    const children = childPids(cli.child.pid!);
    assert.equal(children.length, 2);
    assert.equal(await cli.stop('SIGTERM'), 0);
    for (const pid of children) assert.ok(processGone(pid), `the MCP server ${pid} is gone`);
  });
});

describe('tool-console --config and when servers start', { timeout: 30_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-many-eager-'));
  const file = join(dir, 'mcp.json');
  const starts = (name: string) => join(dir, `${name}.starts`);
  const locking = (name: string) => ({
    command: process.execPath,
    args: [lockingServer],
    env: { FIXTURE_STARTS: starts(name) },
  });
  const talker = { command: process.execPath, args: [fixtureStdioServer] };
  writeFileSync(file, JSON.stringify({ mcpServers: { one: locking('one'), two: locking('two'), talker } }));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('should start nothing until a server is used', async () => {
    const cli = await serveCli(['--config', file, '--allow-execute']);
    try {
      assert.deepEqual(await statuses(cli), ['one: idle', 'two: idle', 'talker: idle']);
      assert.equal(existsSync(starts('one')) || existsSync(starts('two')), false, 'no server process ran');
      assert.equal((await fetch(`${cli.url}servers/one/tools`)).status, 200);
      assert.deepEqual(await statuses(cli), ['one: ready', 'two: idle', 'talker: idle']);
      assert.equal(existsSync(starts('two')), false);
      // Each server's stderr reaches the terminal marked with its name.
      const slow = await post(`${cli.url}servers/talker/tools/slow/call`, { ms: 1 });
      assert.equal(slow.status, 200);
      await stderrHas(cli, '[talker] fixture: slow started as request');
    } finally {
      assert.equal(await cli.stop(), 0);
    }
    rmSync(starts('one'));
  });

  it('should start every server at once with --eager', async () => {
    const cli = await serveCli(['--config', file, '--eager']);
    try {
      // Started before anything asked: each is connecting or ready at the first look, and ready once its tools answer.
      for (const status of await statuses(cli)) assert.match(status, /: (connecting|ready)$/);
      for (const name of ['one', 'two', 'talker'])
        assert.equal((await fetch(`${cli.url}servers/${name}/tools`)).status, 200);
      assert.deepEqual(await statuses(cli), ['one: ready', 'two: ready', 'talker: ready']);
    } finally {
      assert.equal(await cli.stop(), 0);
    }
  });
});
