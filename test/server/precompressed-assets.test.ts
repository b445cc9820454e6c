// The build writes `.br` and `.gz` siblings beside the page's assets; the server sends them, byte for byte, to clients
// that accept them, keeps the immutable caching, and never serves a sibling as a file of its own.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startConsole, type RunningConsole } from './helpers.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const APP = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word${i % 17}`))};\n`;
const STALE = 'export const stale = "this file changed after its siblings were written";\n'.repeat(30);
const EDITED = 'export const edited = "its siblings hold version 1 of it";\n'.repeat(30);
const CUT = 'export const cut = "its siblings hold only the start of it";\n'.repeat(30);
const UNPAIRED = 'export const lonely = "no siblings were written for this file";\n'.repeat(30);

/** A built page whose app script has siblings made like the build makes them (marked, so we can tell them apart). */
function fixturePage(): { root: string; assets: string } {
  const root = mkdtempSync(join(tmpdir(), 'tool-console-siblings-'));
  const assets = join(root, 'assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title><<TITLE>></title>');
  writeFileSync(join(assets, 'app-AbCd1234.js'), APP);
  writeFileSync(join(assets, 'app-AbCd1234.js.br'), brotliCompressSync(APP));
  writeFileSync(join(assets, 'app-AbCd1234.js.gz'), gzipSync(APP, { level: 9 }));
  // Siblings of an older build: they decode to something else and must never be sent for this file.
  writeFileSync(join(assets, 'stale-AbCd1234.js'), STALE);
  writeFileSync(join(assets, 'stale-AbCd1234.js.br'), brotliCompressSync('export const old = 1;'));
  writeFileSync(join(assets, 'stale-AbCd1234.js.gz'), gzipSync('export const old = 1;'));
  // Siblings that decode to as many bytes with one changed, and to the file cut short: stale as well.
  writeFileSync(join(assets, 'edited-AbCd1234.js'), EDITED.replace('1', '2'));
  writeFileSync(join(assets, 'edited-AbCd1234.js.br'), brotliCompressSync(EDITED));
  writeFileSync(join(assets, 'edited-AbCd1234.js.gz'), gzipSync(EDITED));
  writeFileSync(join(assets, 'cut-AbCd1234.js'), CUT);
  writeFileSync(join(assets, 'cut-AbCd1234.js.br'), brotliCompressSync(CUT.slice(0, -100)));
  writeFileSync(join(assets, 'cut-AbCd1234.js.gz'), gzipSync(CUT.slice(0, -100)));
  writeFileSync(join(assets, 'lonely-AbCd1234.js'), UNPAIRED);
  writeFileSync(join(assets, 'logo-AbCd1234.png'), Buffer.alloc(4096, 7));
  // A gzip file that is an asset in its own right (nothing named `data-AbCd1234.bin` beside it).
  writeFileSync(join(assets, 'data-AbCd1234.bin.gz'), gzipSync('payload'));
  return { root, assets };
}

describe('precompressed assets', () => {
  let fixture: ReturnType<typeof fixturePage>;
  let app: RunningConsole;
  before(async () => {
    fixture = fixturePage();
    app = await startConsole({ pageDir: fixture.root });
  });
  after(async () => {
    await app.close();
    rmSync(fixture.root, { recursive: true, force: true });
  });

  it('sends the build’s Brotli and gzip siblings byte for byte, with immutable caching and Vary', async () => {
    for (const [coding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const answer = await app.request('GET', '/assets/app-AbCd1234.js', { headers: { 'Accept-Encoding': coding } });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-encoding'], coding);
      assert.equal(answer.headers['content-type'], 'text/javascript; charset=utf-8');
      assert.equal(answer.headers['cache-control'], IMMUTABLE);
      assert.equal(answer.headers.vary, 'Accept-Encoding');
      assert.equal(Number(answer.headers['content-length']), answer.body.length);
      assert.deepEqual(answer.body, readFileSync(join(fixture.assets, `app-AbCd1234.js${suffix}`)));
    }
  });

  it('sends the file itself, still saying it varies, to a client that accepts neither', async () => {
    const answer = await app.request('GET', '/assets/app-AbCd1234.js', {
      headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
    });
    assert.equal(answer.headers['content-encoding'], undefined);
    assert.equal(answer.headers.vary, 'Accept-Encoding');
    assert.equal(answer.headers['cache-control'], IMMUTABLE);
    assert.equal(answer.text, APP);
  });

  it('answers 404 for a sibling asked for by name, in any spelling', async () => {
    for (const path of ['/assets/app-AbCd1234.js.br', '/assets/app-AbCd1234.js.gz', '/assets/app-AbCd1234.js%2Ebr']) {
      const answer = await app.request('GET', path, { headers: { 'Accept-Encoding': 'br, gzip' } });
      assert.equal(answer.status, 404, path);
      assert.deepEqual(answer.json, { error: 'Not found.' });
    }
  });

  it('serves a .gz file that is nobody’s sibling as an ordinary asset', async () => {
    const answer = await app.request('GET', '/assets/data-AbCd1234.bin.gz', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-encoding'], undefined);
    assert.equal(gunzipSync(answer.body).toString(), 'payload');
  });

  it('never sends a stale sibling: the file is compressed afresh instead', async () => {
    const files = { stale: STALE, edited: EDITED.replace('1', '2'), cut: CUT };
    for (const [name, text] of Object.entries(files)) {
      for (const coding of ['br', 'gzip']) {
        const path = `/assets/${name}-AbCd1234.js`;
        const answer = await app.request('GET', path, { headers: { 'Accept-Encoding': coding } });
        assert.equal(answer.headers['content-encoding'], coding, `${path} ${coding}`);
        const decoded = coding === 'br' ? brotliDecompressSync(answer.body) : gunzipSync(answer.body);
        assert.equal(decoded.toString(), text, `${path} ${coding}`);
      }
    }
  });

  it('compresses a text asset without siblings on first demand, and leaves images alone', async () => {
    const lonely = await app.request('GET', '/assets/lonely-AbCd1234.js', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(lonely.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(lonely.body).toString(), UNPAIRED);
    const again = await app.request('GET', '/assets/lonely-AbCd1234.js', { headers: { 'Accept-Encoding': 'br' } });
    assert.deepEqual(again.body, lonely.body);

    const png = await app.request('GET', '/assets/logo-AbCd1234.png', { headers: { 'Accept-Encoding': 'br, gzip' } });
    assert.equal(png.headers['content-encoding'], undefined);
    assert.equal(png.headers.vary, undefined);
    assert.equal(png.body.length, 4096);
  });
});

describe('the build’s siblings', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));

  /** Every compressible file of a built folder, which must have siblings that decode to it exactly. */
  function assertSiblings(folder: string): number {
    const files = readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(js|css)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name));
    for (const file of files) {
      const body = readFileSync(file);
      assert.ok(existsSync(`${file}.br`) && existsSync(`${file}.gz`), `no siblings for ${file}: is dist built?`);
      assert.deepEqual(brotliDecompressSync(readFileSync(`${file}.br`)), body, `${file}.br`);
      assert.deepEqual(gunzipSync(readFileSync(`${file}.gz`)), body, `${file}.gz`);
    }
    return files.length;
  }

  it('wrote a Brotli and a gzip sibling of every script and style sheet of the page and the CDN bundle', () => {
    assert.ok(
      assertSiblings(join(root, 'dist', 'page', 'assets')) >= 2,
      'the page has no script or style: is dist/page built?',
    );
    // The CDN file, and beside it what it loads on demand (the form and question dialog, the sampling view, the tool
    // UI host, the Resources and Prompts sections and their views, and the chunks they share): each one with siblings.
    const cdn = join(root, 'dist', 'cdn');
    assert.ok(assertSiblings(cdn) >= 5);
    for (const chunk of ['', '-tool-form-and-question', '-sampling-view', '-tool-app', '-open-sections']) {
      assert.ok(existsSync(join(cdn, `tool-console${chunk}.js`)), `dist/cdn/tool-console${chunk}.js`);
    }
  });

  it('wrote none for index.html, whose served bytes the server makes', () => {
    assert.ok(existsSync(join(root, 'dist', 'page', 'index.html')));
    assert.ok(!existsSync(join(root, 'dist', 'page', 'index.html.br')));
    assert.ok(!existsSync(join(root, 'dist', 'page', 'index.html.gz')));
  });
});
