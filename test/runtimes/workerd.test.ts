// createFetchHandler in Cloudflare's own runtime, workerd, with no compatibility flags (no nodejs_compat): the Worker
// is bundled with esbuild for a neutral platform (a node: import would fail the bundle) and served on a loopback port;
// list, detail, call, validate and the page (given as `pageFiles`) answer as on node.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const workerd = `${root}node_modules/@cloudflare/workerd-linux-64/bin/workerd`;
const fixtures = fileURLToPath(new URL('../fixtures/runtimes/', import.meta.url));

/** The built page's text files (its compressed siblings are the server's business), by path below dist/page. */
function pageFiles(): Record<string, string> {
  const page = join(root, 'dist/page');
  const files: Record<string, string> = {};
  for (const file of readdirSync(page, { recursive: true }) as string[]) {
    if (/\.(html|js|css)$/.test(file)) files[file.split('\\').join('/')] = readFileSync(join(page, file), 'utf8');
  }
  return files;
}

/** A port free on 127.0.0.1 now (workerd takes a fixed address in its configuration). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Resolves once workerd answers on `base` (it prints nothing when it listens), or rejects if it exits first. */
async function answering(child: ChildProcess, base: string, output: () => string): Promise<void> {
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`workerd exited (${code}):\n${output()}`))),
  );
  for (let attempt = 0; attempt < 200; attempt++) {
    const up = fetch(`${base}/tools`).then(
      () => true,
      () => false,
    );
    if (await Promise.race([up, exited])) return;
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 25)), exited]);
  }
  throw new Error(`workerd did not answer:\n${output()}`);
}

// A recent date (workerd then offers process.getBuiltinModule and node's zlib without flags: the node platform) and
// one before that (no process at all: the web platform, gzip through CompressionStream).
for (const date of ['2026-11-01', '2024-01-01'])
  describe(`createFetchHandler on workerd ${date}, without compatibility flags`, { timeout: 30_000 }, () => {
    let child: ChildProcess;
    let base: string;
    let dir: string;

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'tool-console-workerd-'));
      writeFileSync(join(fixtures, 'workerd-page-files.js'), `export default ${JSON.stringify(pageFiles())};\n`);
      await build({
        entryPoints: [join(fixtures, 'workerd-app.js')],
        bundle: true,
        format: 'esm',
        platform: 'neutral',
        // As wrangler resolves packages for Workers.
        conditions: ['workerd', 'worker', 'browser'],
        mainFields: ['browser', 'module', 'main'],
        outfile: join(dir, 'worker.js'),
        logLevel: 'silent',
      });
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      writeFileSync(
        join(dir, 'config.capnp'),
        `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "${date}",
);
`,
      );
      child = spawn(workerd, ['serve', join(dir, 'config.capnp')], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      await answering(child, base, () => output);
    });

    after(() => {
      child?.kill();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('lists the tools and shows one', async () => {
      const list = await fetch(`${base}/tools`);
      assert.equal(list.status, 200);
      assert.match(list.headers.get('etag') ?? '', /^"[A-Za-z0-9_-]{22}"$/);
      assert.deepEqual(
        ((await list.json()) as { name: string }[]).map((tool) => tool.name),
        ['echo'],
      );
      const detail = await fetch(`${base}/tools/echo`);
      assert.equal(detail.status, 200);
      assert.equal(((await detail.json()) as { description: string }).description, 'Says the text back.');
      assert.equal((await fetch(`${base}/tools/nope`)).status, 404);
    });

    it('calls a tool and validates arguments', async () => {
      const headers = { 'Content-Type': 'application/json' };
      const call = await fetch(`${base}/tools/echo/call`, { method: 'POST', headers, body: '{"text":"hi"}' });
      assert.equal(call.status, 200);
      assert.match(JSON.stringify(await call.json()), /echo: hi/);
      const invalid = await fetch(`${base}/tools/echo/validate`, { method: 'POST', headers, body: '{}' });
      assert.equal(invalid.status, 200);
      assert.match(JSON.stringify(await invalid.json()), /text/);
    });

    it('serves the page and its assets from pageFiles, compressed for a client that accepts it', async () => {
      const page = await fetch(`${base}/`);
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /<tool-console/);
      const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
      assert.ok(script, 'the page names its script');
      const asset = await fetch(`${base}/${script}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      assert.equal(asset.status, 200);
      // Brotli where the runtime offers node's zlib (workerd does, at recent compatibility dates, without flags); gzip
      // through CompressionStream where it does not.
      assert.match(asset.headers.get('content-encoding') ?? '', /^(br|gzip)$/);
      assert.equal(await asset.text(), pageFiles()[script]);
    });
  });
