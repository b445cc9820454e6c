// Which of the page's files are assets and how each is served: only files below assets/ (a file elsewhere is not one,
// whatever its name), a dotfile has no extension, only a build's hashed name is cached forever, an asset is read once
// (on first use), one gone since startup is a 404, and a link in the folder is no file (it may point anywhere).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { ToolConsoleOptions } from '../../server/index.js';
import { startConsole, type RunningConsole } from './helpers.js';

async function withConsole(options: Partial<ToolConsoleOptions>, test: (app: RunningConsole) => Promise<void>) {
  const app = await startConsole(options);
  try {
    await test(app);
  } finally {
    await app.close();
  }
}

describe('the assets of bundled page files', () => {
  const pageFiles = {
    'index.html': '<html><head></head></html>',
    'static/app.js': 'not an asset',
    'assets/.css': 'a dotfile',
    'assets/app-AbCd1234.js~': 'an editor backup',
  };

  it('serves only files below assets/', async () => {
    await withConsole({ pageFiles }, async (app) => {
      for (const path of ['/assets/app.js', '/assets/tml', '/assets/index.html']) {
        const answer = await app.request('GET', path);
        assert.deepEqual([path, answer.status, answer.json], [path, 404, { error: 'Not found.' }]);
      }
    });
  });

  it('gives a dotfile no type of its own, and caches only a name the build hashed', async () => {
    await withConsole({ pageFiles }, async (app) => {
      const dotfile = await app.request('GET', '/assets/.css');
      assert.deepEqual([dotfile.status, dotfile.text], [200, 'a dotfile']);
      assert.equal(dotfile.headers['content-type'], 'application/octet-stream');
      const backup = await app.request('GET', '/assets/app-AbCd1234.js~');
      assert.deepEqual([backup.status, backup.text], [200, 'an editor backup']);
      assert.equal(backup.headers['cache-control'], 'no-cache');
    });
  });
});

describe('the assets of a page folder', () => {
  it('reads an asset once, on first use, and answers 404 for one gone before it was used', async () => {
    const pageDir = mkdtempSync(join(tmpdir(), 'tool-console-assets-'));
    try {
      mkdirSync(join(pageDir, 'assets'));
      writeFileSync(join(pageDir, 'index.html'), '<html><head></head></html>');
      writeFileSync(join(pageDir, 'assets', 'app.js'), 'first');
      writeFileSync(join(pageDir, 'assets', 'gone.js'), 'soon gone');
      await withConsole({ pageDir }, async (app) => {
        assert.equal((await app.request('GET', '/assets/app.js')).text, 'first');
        writeFileSync(join(pageDir, 'assets', 'app.js'), 'second');
        assert.equal((await app.request('GET', '/assets/app.js')).text, 'first');
        rmSync(join(pageDir, 'assets', 'gone.js'));
        const gone = await app.request('GET', '/assets/gone.js');
        assert.deepEqual([gone.status, gone.json], [404, { error: 'Not found.' }]);
      });
    } finally {
      rmSync(pageDir, { recursive: true, force: true });
    }
  });

  it('serves no symbolic link, to a file inside the folder or outside it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tool-console-links-'));
    try {
      const pageDir = join(root, 'page');
      mkdirSync(join(pageDir, 'assets'), { recursive: true });
      writeFileSync(join(pageDir, 'index.html'), '<html><head></head></html>');
      writeFileSync(join(pageDir, 'assets', 'app.js'), 'the app');
      writeFileSync(join(root, 'outside.txt'), 'not for the web');
      symlinkSync(join(root, 'outside.txt'), join(pageDir, 'assets', 'outside.txt'));
      symlinkSync(join(pageDir, 'assets', 'app.js'), join(pageDir, 'assets', 'again.js'));
      await withConsole({ pageDir }, async (app) => {
        assert.equal((await app.request('GET', '/assets/app.js')).text, 'the app');
        for (const path of ['/assets/outside.txt', '/assets/again.js']) {
          const answer = await app.request('GET', path);
          assert.deepEqual([path, answer.status, answer.json], [path, 404, { error: 'Not found.' }]);
        }
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
