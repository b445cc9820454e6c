// A server's icons from `https:` show in the page the console serves: the page promises them (SECURITY.md, fetched
// without cookies or referrer), so its own Content-Security-Policy must let them load. The icon host is answered by
// the browser's request interception, which sees only what the page's policy lets through.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../security/browser.js';
import { serve, silentLogger } from '../security/serve.js';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const ICON = 'https://icons.tool-console.test/weather.png';

describe('https icons in the served page', () => {
  let app: Awaited<ReturnType<typeof serve>>;
  let browser: Browser;

  before(async () => {
    app = await serve({
      tools: [
        { name: 'weather', inputSchema: { type: 'object' }, icons: [{ src: ICON, mimeType: 'image/png' }] },
      ] as never,
      handleCall: () => [[], false],
      logger: silentLogger,
    });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  it('loads a tool icon from https, without cookies or referrer', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => /Content Security Policy/.test(message.text()) && violations.push(message.text()));
    const asked: { referer?: string; cookie?: string }[] = [];
    await page.route(ICON, (route) => {
      asked.push({ referer: route.request().headers().referer, cookie: route.request().headers().cookie });
      return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
    });
    await page.goto(app.base);
    const icon = page.locator('tool-list [part~=icon]').first();
    await icon.waitFor();
    await page.waitForFunction(
      () => {
        const img = document
          .querySelector('tool-console')
          ?.shadowRoot?.querySelector('tool-list')
          ?.shadowRoot?.querySelector<HTMLImageElement>('img[part~=icon]');
        return img?.complete === true;
      },
      undefined,
      { timeout: 5000 },
    );
    const width = await icon.evaluate((img) => (img as HTMLImageElement).naturalWidth);
    assert.deepEqual(violations, []);
    assert.equal(width, 1, 'the icon loaded');
    assert.deepEqual(asked, [{ referer: undefined, cookie: undefined }]);
    await page.close();
  });
});
