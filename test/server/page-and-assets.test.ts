// GET / and /assets/...: the page with its placeholders filled and a strict CSP, assets with the right types and
// caching, no way out of the asset folder, and a page that works under a prefix with or without its slash.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startConsole, type RunningConsole } from './helpers.js';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title><<TITLE>></title>
    <script type="module" crossorigin src="./assets/app-AbCd1234.js"></script>
  </head>
  <body><tool-console src="tools" heading="<<TITLE>>" execution="<<ALLOW_EXECUTE>>"></tool-console></body>
</html>`;

/** A built page in a temporary folder, with a secret beside the asset folder and one above the page folder. */
function fixturePage(): { root: string; pageDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'tool-console-page-'));
  const pageDir = join(root, 'page');
  mkdirSync(join(pageDir, 'assets', 'fonts'), { recursive: true });
  writeFileSync(join(pageDir, 'index.html'), TEMPLATE);
  writeFileSync(join(pageDir, 'secret.txt'), 'page secret');
  writeFileSync(join(root, 'secret.txt'), 'root secret');
  writeFileSync(join(pageDir, 'assets', 'app-AbCd1234.js'), 'export const app = 1;');
  writeFileSync(join(pageDir, 'assets', 'style-Zz_9-yXw.css'), 'body{}');
  writeFileSync(join(pageDir, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(pageDir, 'assets', 'fonts', 'inter-Qq12Ww34.woff2'), 'font');
  return { root, pageDir };
}

const EXPECTED_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: https:; media-src 'self' data: blob:; " +
  "connect-src 'self'; base-uri 'self'; form-action 'none'; frame-ancestors 'self'";

describe('the page', () => {
  let fixture: ReturnType<typeof fixturePage>;
  let app: RunningConsole;
  before(async () => {
    fixture = fixturePage();
    app = await startConsole({
      pageDir: fixture.pageDir,
      title: `<script>alert(1)</script> & "Tom's"`,
      allowExecute: true,
    });
  });
  after(async () => {
    await app.close();
    rmSync(fixture.root, { recursive: true, force: true });
  });

  it('fills the title HTML-escaped, so markup in it arrives as text', async () => {
    const answer = await app.request('GET', '/');
    assert.equal(answer.status, 200);
    const escaped = '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Tom&#39;s&quot;';
    assert.ok(answer.text.includes(`<title>${escaped}</title>`));
    assert.ok(answer.text.includes(`heading="${escaped}"`));
    assert.ok(!answer.text.includes('<script>alert'));
    assert.ok(!answer.text.includes('<<'));
  });

  it('fills ALLOW_EXECUTE with true or false', async () => {
    assert.ok((await app.request('GET', '/')).text.includes('execution="true"'));
    const closed = await startConsole({ pageDir: fixture.pageDir });
    try {
      const answer = await closed.request('GET', '/');
      assert.ok(answer.text.includes('execution="false"'));
      assert.ok(answer.text.includes('<title>MCP Tool Explorer</title>'));
    } finally {
      await closed.close();
    }
  });

  it('sends HTML, no caching, a strict CSP and no referrer', async () => {
    const { headers } = await app.request('GET', '/');
    assert.equal(headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(headers['cache-control'], 'no-cache');
    assert.equal(headers['content-security-policy'], EXPECTED_CSP);
    assert.ok(!/unsafe-(inline|eval)/.test(EXPECTED_CSP));
    assert.equal(headers['referrer-policy'], 'no-referrer');
    assert.equal(headers['x-content-type-options'], 'nosniff');
  });

  it('answers HEAD and rejects POST with 405 and Allow', async () => {
    const head = await app.request('HEAD', '/');
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    const post = await app.request('POST', '/');
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD, OPTIONS');
  });

  it('serves hashed assets with their content type and immutable caching', async () => {
    const cases: [string, string, string][] = [
      ['/assets/app-AbCd1234.js', 'text/javascript; charset=utf-8', 'export const app = 1;'],
      ['/assets/style-Zz_9-yXw.css', 'text/css; charset=utf-8', 'body{}'],
      ['/assets/fonts/inter-Qq12Ww34.woff2', 'font/woff2', 'font'],
    ];
    for (const [path, type, body] of cases) {
      const answer = await app.request('GET', path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.headers['content-type'], type);
      assert.equal(answer.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      assert.equal(answer.text, body);
    }
  });

  it('does not mark files without a content hash immutable', async () => {
    const answer = await app.request('GET', '/assets/logo.svg');
    assert.equal(answer.headers['content-type'], 'image/svg+xml');
    assert.equal(answer.headers['cache-control'], 'no-cache');
  });

  it('never serves anything outside the asset folder', async () => {
    const escapes = [
      '/assets/../index.html',
      '/assets/../secret.txt',
      '/assets/../../secret.txt',
      '/assets/%2e%2e/secret.txt',
      '/assets/%2E%2E%2Fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/..%5csecret.txt',
      '/assets/..\\secret.txt',
      '/assets/%2fetc%2fpasswd',
      '/assets//etc/passwd',
      '/assets/app-AbCd1234.js%00',
      '/assets/app-AbCd1234.js%00.css',
      '/assets/fonts/../../secret.txt',
      '/assets/',
      '/assets/fonts',
    ];
    for (const path of escapes) {
      const answer = await app.request('GET', path);
      assert.equal(answer.status, 404, path);
      assert.equal(answer.headers['content-type'], 'application/json', path);
      assert.ok(!answer.text.includes('secret'), path);
    }
    assert.equal((await app.request('GET', '/assets/%E0%A4%A')).status, 400);
  });

  it('answers a clear 503 when the page is not built, while the API keeps working', async () => {
    const missing = await startConsole({ pageDir: join(fixture.root, 'not-built') });
    try {
      const answer = await missing.request('GET', '/');
      assert.equal(answer.status, 503);
      assert.equal(answer.headers['content-type'], 'application/json');
      assert.match(answer.json.error, /npm run build/);
      assert.equal((await missing.request('GET', '/assets/app-AbCd1234.js')).status, 404);
      assert.equal((await missing.request('GET', '/tools')).status, 200);
      assert.match(missing.logger.text('warn'), /npm run build/);
    } finally {
      await missing.close();
    }
  });
});

describe('the page under a prefix', () => {
  let fixture: ReturnType<typeof fixturePage>;
  let app: RunningConsole;
  before(async () => {
    fixture = fixturePage();
    app = await startConsole({ pageDir: fixture.pageDir, prefix: '/explorer/' });
  });
  after(async () => {
    await app.close();
    rmSync(fixture.root, { recursive: true, force: true });
  });

  /** Where the browser would fetch the page's script and tools from, given the page's URL. */
  function resolvedUrls(pageUrl: string, html: string): { script: string; tools: string } {
    const base = /<base href="([^"]*)">/.exec(html)?.[1];
    const documentBase = new URL(base ?? '', pageUrl);
    return {
      script: new URL('./assets/app-AbCd1234.js', documentBase).pathname,
      tools: new URL('tools', documentBase).pathname,
    };
  }

  for (const path of ['/explorer', '/explorer/', '/explorer?x=1']) {
    it(`shows the page at ${path} with relative URLs resolving below /explorer/`, async () => {
      const answer = await app.request('GET', path);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-type'], 'text/html; charset=utf-8');
      const urls = resolvedUrls(`http://127.0.0.1${path}`, answer.text);
      assert.deepEqual(urls, { script: '/explorer/assets/app-AbCd1234.js', tools: '/explorer/tools' });
      assert.equal((await app.request('GET', urls.script)).status, 200);
      assert.equal((await app.request('GET', urls.tools)).status, 200);
    });
  }

  it('does not answer outside the prefix', async () => {
    for (const path of ['/', '/tools', '/explorerx', '/explorerx/tools', '/assets/app-AbCd1234.js']) {
      const answer = await app.request('GET', path);
      assert.equal(answer.status, 404, path);
      assert.deepEqual(answer.json, { error: 'Not found.' });
    }
  });
});

describe('the built page (npm run build, or npx vite build)', () => {
  it('is served by default with its hashed script', async () => {
    const app = await startConsole({ title: 'Built' });
    try {
      const page = await app.request('GET', '/');
      assert.equal(page.status, 200, 'dist/page is missing: run `npx vite build` before the server tests');
      assert.ok(page.text.includes('<title>Built</title>'));
      const script = /<script type="module"[^>]* src="\.\/(assets\/[^"]+\.js)"/.exec(page.text)?.[1];
      assert.ok(script, 'the built page loads a module script from ./assets/');
      const asset = await app.request('GET', `/${script}`);
      assert.equal(asset.status, 200);
      assert.equal(asset.headers['content-type'], 'text/javascript; charset=utf-8');
      assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.ok(!/<script(?![^>]*\bsrc=)[^>]*>/.test(page.text), 'no inline script, so the CSP can forbid it');
    } finally {
      await app.close();
    }
  });
});
