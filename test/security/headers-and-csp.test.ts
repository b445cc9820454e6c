// The page's protective headers, and proof that the page works under its own strict CSP: normal use (list, form,
// validation, call, every result view, a download link) raises no CSP violation and no console error.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { rawRequest, weatherTool } from '../server/helpers.js';
import { launchChromium, pageSettled } from './browser.js';
import { serve, silentLogger } from './serve.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('headers and CSP', () => {
  let app: Awaited<ReturnType<typeof serve>>;
  let port = 0;
  before(async () => {
    app = await serve({
      tools: [weatherTool],
      allowExecute: true,
      logger: silentLogger,
      handleCall: async () => ({
        content: [
          { type: 'text', text: '{"sky":"clear"}' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
          {
            type: 'audio',
            data: 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=',
            mimeType: 'audio/wav',
          },
          { type: 'resource', resource: { uri: 'file:///report.bin', blob: 'AAEC' } },
          { type: 'resource_link', uri: 'https://example.com/doc', name: 'doc' },
        ],
        structuredContent: { sky: 'clear' },
        _meta: { _trace_id: 'trace-1' },
      }),
    });
    port = Number(new URL(app.base).port);
  });
  after(() => app.close());

  it('serves the page with a strict CSP, nosniff, a Referrer-Policy and frame-ancestors', async () => {
    const page = await rawRequest(port, 'GET', '/');
    assert.equal(page.status, 200);
    const csp = directives(String(page.headers['content-security-policy']));
    const scripts = csp.get('script-src') ?? csp.get('default-src')!;
    assert.deepEqual(scripts, ["'self'"], 'scripts only from the page’s own origin');
    for (const [name, values] of csp) {
      assert.ok(
        !values.includes("'unsafe-eval'") && !values.includes("'unsafe-inline'"),
        `${name} allows unsafe sources`,
      );
    }
    assert.deepEqual(csp.get('default-src'), ["'none'"]);
    assert.ok(["'self'", "'none'"].includes(csp.get('frame-ancestors')?.join(' ') ?? ''), 'frame-ancestors is set');
    assert.ok(csp.has('base-uri') && csp.has('form-action'));
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
    assert.equal(page.headers['referrer-policy'], 'no-referrer');
  });

  it('sends nosniff with every answer: page, assets, JSON and errors', async () => {
    const html = (await rawRequest(port, 'GET', '/')).text;
    const asset = /src="\.?\/?(assets\/[^"]+)"/.exec(html)?.[1];
    assert.ok(asset, 'the page loads a built asset');
    for (const [method, path] of [
      ['GET', `/${asset}`],
      ['GET', '/tools'],
      ['GET', '/tools/nope'],
      ['GET', '/%zz'],
      ['POST', '/tools/get_weather/call'],
      ['DELETE', '/tools'],
    ]) {
      const answer = await rawRequest(port, method!, path!, { body: method === 'POST' ? '{}' : undefined });
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', `${method} ${path} → ${answer.status}`);
    }
  });

  it('has no inline script or event handler in the built page', () => {
    const html = readFileSync(new URL('../../page/index.html', import.meta.url), 'utf8');
    for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) assert.match(tag, /\ssrc=/, `inline script: ${tag}`);
    assert.doesNotMatch(html, /\son[a-z]+\s*=/i, 'an inline event handler');
    assert.doesNotMatch(html, /\sstyle\s*=/i, 'an inline style attribute');
  });

  it('works under its own CSP in Chromium: no violation, no console error, during normal use', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
      page.on('pageerror', (error) => problems.push(String(error)));
      await page.goto(`${app.base}#tool=get_weather`);
      await page.getByRole('heading', { name: 'get_weather' }).waitFor();
      await page.getByLabel('city').fill('Paris');
      await page.locator('[part~=execute]').click();
      await page.getByText('HTTP 200').waitFor();
      await page.locator('tool-result img').evaluate((img: HTMLImageElement) => img.decode());
      for (const tab of ['Raw', 'cURL', 'Result']) await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('searchbox').fill('weather');
      await page.getByRole('option', { name: /get_weather/ }).waitFor();
      await pageSettled(page);
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  });
});
