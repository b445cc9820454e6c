// The content type and caching of every kind of file a built page may hold, in a page folder made for the test.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startConsole, type RunningConsole } from './helpers.js';

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json',
  json: 'application/json',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  wasm: 'application/wasm',
};

describe('asset content types', () => {
  let app: RunningConsole;
  let pageDir: string;
  before(async () => {
    pageDir = mkdtempSync(join(tmpdir(), 'tool-console-page-'));
    mkdirSync(join(pageDir, 'assets', 'fonts'), { recursive: true });
    writeFileSync(join(pageDir, 'index.html'), '<!doctype html><title><<TITLE>></title>');
    for (const extension of Object.keys(TYPES))
      writeFileSync(join(pageDir, 'assets', `file-0123abcd.${extension}`), extension);
    writeFileSync(join(pageDir, 'assets', 'fonts', 'Icons-ABCDEFGH.WOFF2'), 'upper');
    writeFileSync(join(pageDir, 'assets', 'data-0123abcd.bin'), 'bytes');
    writeFileSync(join(pageDir, 'assets', 'robots.txt'), 'plain');
    app = await startConsole({ pageDir });
  });
  after(async () => {
    await app.close();
    rmSync(pageDir, { recursive: true, force: true });
  });

  for (const [extension, type] of Object.entries(TYPES)) {
    it(`serves .${extension} as ${type}`, async () => {
      const answer = await app.request('GET', `/assets/file-0123abcd.${extension}`);
      assert.deepEqual([answer.status, answer.headers['content-type'], answer.text], [200, type, extension]);
    });
  }

  it('knows extensions in any case, in subfolders', async () => {
    const answer = await app.request('GET', '/assets/fonts/Icons-ABCDEFGH.WOFF2');
    assert.deepEqual([answer.status, answer.headers['content-type']], [200, 'font/woff2']);
  });

  it('serves unknown extensions as inert bytes', async () => {
    assert.equal(
      (await app.request('GET', '/assets/data-0123abcd.bin')).headers['content-type'],
      'application/octet-stream',
    );
  });

  it('caches hashed names for a year and revalidates the rest', async () => {
    assert.equal(
      (await app.request('GET', '/assets/file-0123abcd.js')).headers['cache-control'],
      'public, max-age=31536000, immutable',
    );
    assert.equal((await app.request('GET', '/assets/robots.txt')).headers['cache-control'], 'no-cache');
  });
});
