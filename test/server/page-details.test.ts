// The page and its assets in the less common cases: a page head with attributes under a slashless prefix, a page
// that is not built asked for under a prefix, exact lengths, a missing asset, and a path that only looks like
// the prefix.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startConsole, type RunningConsole } from './helpers.js';

describe('a page with attributes on its head, under a prefix', () => {
  let app: RunningConsole;
  let pageDir: string;
  before(async () => {
    pageDir = mkdtempSync(join(tmpdir(), 'tool-console-page-'));
    mkdirSync(join(pageDir, 'assets'));
    writeFileSync(
      join(pageDir, 'index.html'),
      '<!doctype html><html><head data-theme="x"><title>é <<TITLE>></title></head></html>',
    );
    writeFileSync(join(pageDir, 'assets', 'app-AbCd1234.js'), 'export const é = 1;');
    app = await startConsole({ pageDir, prefix: '/explorer', title: 'Tools' });
  });
  after(async () => {
    await app.close();
    rmSync(pageDir, { recursive: true, force: true });
  });

  it('puts the base right after the head tag, attributes kept', async () => {
    const page = await app.request('GET', '/explorer');
    assert.equal(
      page.text,
      '<!doctype html><html><head data-theme="x"><base href="explorer/"><title>é Tools</title></head></html>',
    );
  });

  it('sends the length in bytes of the page and of each asset', async () => {
    const page = await app.request('GET', '/explorer/');
    assert.equal(page.headers['content-length'], String(Buffer.byteLength(page.text)));
    const asset = await app.request('GET', '/explorer/assets/app-AbCd1234.js');
    assert.equal(asset.headers['content-length'], String(Buffer.byteLength('export const é = 1;')));
  });

  it('answers a missing asset with a JSON 404', async () => {
    const missing = await app.request('GET', '/explorer/assets/nope.js');
    assert.deepEqual([missing.status, missing.json], [404, { error: 'Not found.' }]);
  });

  it('does not take a path of the same length for the prefix', async () => {
    const lookalike = await app.request('GET', '/abcdefghi/tools');
    assert.deepEqual([lookalike.status, lookalike.json], [404, { error: 'Not found.' }]);
  });
});

describe('a page that is not built, under a prefix', () => {
  it('answers the slashless mount path with the same 503 as the slashed one', async () => {
    const pageDir = mkdtempSync(join(tmpdir(), 'tool-console-empty-'));
    const app = await startConsole({ pageDir, prefix: '/explorer' });
    try {
      const slashless = await app.request('GET', '/explorer');
      const slashed = await app.request('GET', '/explorer/');
      assert.equal(slashless.status, 503);
      assert.deepEqual(slashless.json, slashed.json);
      assert.match(
        slashless.json.error,
        /^The console page is not built: run `npm run build` \(missing .*index\.html\)\.$/,
      );
    } finally {
      await app.close();
      rmSync(pageDir, { recursive: true, force: true });
    }
  });
});
