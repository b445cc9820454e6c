// End to end: the real server (createServer) serving the built page under a prefix with its strict CSP, driven in
// Chromium. Pick a tool, fill the generated form, hit the 401 of an auth hook, enter the token, run, read the result;
// then prove no payload in names, descriptions or results runs, and that axe finds nothing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer } from '../../server/index.js';
import { close, listen } from '../support/listen.js';

const root = new URL('../../../', import.meta.url);
// test/chromium.mjs is plain JavaScript that tsc does not copy to dist: load it from the source tree.
const { chromiumPath, CHROMIUM_ARGS } = (await import(
  new URL('test/chromium.mjs', root).href
)) as typeof import('../chromium.mjs');

const XSS = '<img src=x onerror="window.__xss=1"></script><script>window.__xss=1</script><svg onload="window.__xss=1">';
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><script>window.__xss=1</script></svg>',
).toString('base64');

const tools = [
  {
    name: 'weather/forecast',
    title: 'Weather forecast',
    description: 'The forecast for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string', minLength: 1 } }, required: ['city'] },
    annotations: { readOnlyHint: true },
  },
  {
    name: `evil/${XSS}`,
    title: XSS,
    description: `${XSS} javascript:window.__xss=1`,
    inputSchema: { type: 'object', properties: { [XSS]: { type: 'string', description: XSS, default: XSS } } },
  },
];

async function handleCall(name: string, args: Record<string, unknown>) {
  if (name === 'weather/forecast') {
    return {
      content: [{ type: 'text', text: JSON.stringify({ city: args.city, sky: 'clear' }) }],
      structuredContent: { temperature: 21 },
    };
  }
  return {
    content: [
      { type: 'text', text: XSS },
      { type: 'image', data: SVG, mimeType: 'image/svg+xml' },
      { type: 'image', data: SVG, mimeType: 'text/html' },
      { type: 'resource', resource: { uri: `file:///${XSS}`, mimeType: 'text/html', text: XSS } },
      {
        type: 'resource',
        resource: { uri: 'file:///x.html', mimeType: 'text/html', blob: Buffer.from(XSS).toString('base64') },
      },
      { type: 'resource_link', uri: 'javascript:window.__xss=1', name: XSS, description: XSS },
      { type: XSS, html: XSS },
    ],
    structuredContent: { html: XSS },
    _meta: { _trace_id: XSS },
  };
}

describe('the page in Chromium', () => {
  let server: ReturnType<typeof createServer>;
  let browser: Browser;
  let base = '';

  before(async () => {
    server = createServer({
      tools,
      handleCall: handleCall as never,
      allowExecute: true,
      prefix: '/explorer',
      title: 'E2E <tools>',
      authHook: (req: { headers: Record<string, unknown> }, next: () => unknown) => {
        if (req.headers.authorization !== 'Bearer s3cret') throw new Error('no token');
        return next();
      },
      logger: { info() {}, warn() {}, error() {} },
    } as never);
    base = `http://127.0.0.1:${await listen(server)}/explorer/`;
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  });

  after(async () => {
    await browser?.close();
    if (server) await close(server);
  });

  /** A fresh page of its own (storage included), recording page errors, console errors and dialogs. */
  async function freshPage(): Promise<{ page: Page; errors: string[] }> {
    const errors: string[] = [];
    const page = await (await browser.newContext()).newPage();
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on(
      'console',
      (message) => message.type() === 'error' && !/status of 401/.test(message.text()) && errors.push(message.text()),
    );
    page.on('dialog', (dialog) => void dialog.dismiss().then(() => errors.push(`dialog: ${dialog.message()}`)));
    return { page, errors };
  }

  it('should pick a tool, fill its form, ask for the token on 401 and run it with the token', async () => {
    const { page, errors } = await freshPage();
    await page.goto(base);
    assert.equal(await page.title(), 'E2E <tools>');
    await page.getByRole('searchbox').fill('FORECAST');
    await page.getByRole('option', { name: /weather\/forecast/ }).click();
    await page.getByRole('heading', { name: 'Weather forecast' }).waitFor();
    assert.match(page.url(), /#tool=weather%2Fforecast$/);
    await page.getByLabel('city').fill("Rio d'Oro");
    await page.locator('[part~=execute]').click();
    await page.getByText('enter it in the auth bar').waitFor();
    await page.getByLabel('Bearer token').fill('s3cret');
    await page.locator('[part~=execute]').click();
    await page.getByText('HTTP 200').waitFor();
    const result = (await page.locator('tool-result [role=tabpanel]').textContent()) ?? '';
    assert.match(result, /"city": "Rio d'Oro"/);
    assert.match(result, /"temperature": 21/);
    await page.getByRole('tab', { name: 'cURL' }).click();
    const curl = (await page.locator('pre.curl').textContent()) ?? '';
    assert.match(curl, /"Authorization: Bearer \$TOKEN"/);
    assert.ok(!curl.includes('s3cret'));
    assert.ok(curl.includes(`'{"city":"Rio d'\\''Oro"}'`));
    assert.deepEqual(errors, []);
  });

  it('should reopen a deep-linked tool after a reload, with its recent arguments and without the token', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${base}#tool=weather%2Fforecast`);
    await page.getByRole('heading', { name: 'Weather forecast' }).waitFor();
    await page.getByLabel('city').fill('Lagos');
    await page.getByLabel('Bearer token').fill('s3cret');
    await page.locator('[part~=execute]').click();
    await page.getByText('HTTP 200').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Weather forecast' }).waitFor();
    assert.match((await page.locator('.history summary').textContent()) ?? '', /\(1\)/);
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    assert.ok(stored.includes('Lagos') && !stored.includes('s3cret'));
    // The token lives in memory only: the reload dropped it.
    assert.equal(await page.getByLabel('Bearer token').inputValue(), '');
    assert.deepEqual(errors, []);
  });

  it('should never run script from tool names, descriptions, schemas or results', async () => {
    const { page, errors } = await freshPage();
    await page.goto(base);
    await page.getByRole('option', { name: /evil/ }).click();
    await page.getByLabel('Bearer token').fill('s3cret');
    await page.locator('[part~=execute]').click();
    await page.getByText('HTTP 200').waitFor();
    await page
      .locator('tool-result img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode().catch(() => undefined));
    assert.equal(await page.evaluate(() => (window as { __xss?: unknown }).__xss), undefined);
    assert.equal(await page.locator('tool-result a[href^="javascript:"]').count(), 0);
    assert.deepEqual(errors, []);
  });

  it('should have no axe-core violations, light and dark', async () => {
    const axe = readFileSync(new URL('node_modules/axe-core/axe.min.js', root), 'utf8');
    // The page's CSP allows no injected script; this context bypasses it for the axe run only.
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ bypassCSP: true, colorScheme });
      const audit = await context.newPage();
      await audit.goto(`${base}#tool=weather%2Fforecast`);
      await audit.getByRole('heading', { name: 'Weather forecast' }).waitFor();
      await audit.addScriptTag({ content: axe });
      const violations = await audit.evaluate(async () => {
        const results = await (
          window as unknown as { axe: { run: () => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }
        ).axe.run();
        return results.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
      });
      await context.close();
      assert.deepEqual(violations, [], `${colorScheme}: ${violations.join(', ')}`);
    }
  });
});
