// The CDN file (dist/cdn/tool-console.js) on a host page, in Chromium: it loads like the page the server serves, the
// console and its list first, the form and question dialog from beside it when a tool is first opened; and a host page
// that uses the form alone, in its markup or added later, still gets it from the one <script type="module"> URL.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createHandler } from '../../server/index.js';
import { launchChromium } from '../security/browser.js';
import { silentLogger } from '../security/serve.js';
import { weatherTool } from '../server/helpers.js';
import { close, listen } from '../support/listen.js';

// Served from a folder of its own, as a CDN would: the scripts it loads must be found relative to its URL.
const FOLDER = '/npm/tool-console@0/dist/cdn/';
const built = new URL('../../cdn/', import.meta.url);
const scripts = new Map(
  readdirSync(built)
    .filter((file) => file.endsWith('.js'))
    .map((file) => [`${FOLDER}${file}`, readFileSync(new URL(file, built))]),
);

const hostPages: Record<string, string> = {
  '/console.html': '<tool-console src="/api/tools" heading="Embedded"></tool-console>',
  '/form.html': '<tool-form src="/api/tools" name="get_weather"></tool-form>',
  '/empty.html': '',
};

const hostPage = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script type="module" src="${FOLDER}tool-console.js"></script></head><body>${body}</body></html>`;

describe('the CDN file on a host page', () => {
  let server: Server;
  let browser: Browser;
  let base = '';
  const pages: Page[] = [];

  before(async () => {
    const api = createHandler({
      tools: [weatherTool],
      handleCall: async () => [[], false],
      prefix: '/api',
      logger: silentLogger,
    });
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      if (path in hostPages) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(hostPage(hostPages[path]));
      } else if (scripts.has(path)) {
        res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(scripts.get(path));
      } else {
        api(req, res, () => res.writeHead(404).end());
      }
    });
    base = `http://127.0.0.1:${await listen(server)}`;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    if (server) await close(server);
  });

  /** Opens `path` and records the scripts it asks for, by file name. */
  async function open(path: string): Promise<{ page: Page; loaded: string[] }> {
    const page = await browser.newPage();
    pages.push(page);
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname.replace(FOLDER, ''));
    });
    await page.goto(`${base}${path}`);
    return { page, loaded };
  }

  it('should load only the CDN file until a tool is opened, then the form from beside it', async () => {
    const { page, loaded } = await open('/console.html');
    await page.getByRole('option', { name: /get_weather/ }).waitFor();
    assert.deepEqual(loaded, ['tool-console.js'], 'the list showed after loading more than the CDN file');

    await page.getByRole('option', { name: /get_weather/ }).click();
    await page.getByLabel('city').fill('Oslo');
    // What the first use needs, from beside the CDN file: the form and question dialog (and the chunks they share
    // with the Resources and Prompts views), and the saved calls under the form; nothing of what comes later.
    assert.equal(loaded[0], 'tool-console.js');
    for (const chunk of ['tool-console-tool-form-and-question.js', 'tool-console-saved-calls.js']) {
      assert.ok(loaded.includes(chunk), `${chunk} loaded: ${loaded}`);
    }
    const later = /open-sections|resource-view|prompt-view|template-view|server-drawer|tool-result|sampling|tool-app/;
    assert.deepEqual(
      loaded.filter((file) => later.test(file)),
      [],
      `loaded before they are needed: ${loaded}`,
    );
  });

  it('should define a <tool-form> in the host page’s markup, outside any console', async () => {
    const { page } = await open('/form.html');
    await page.getByLabel('city').fill('Oslo');
  });

  it('should define a <tool-form> the host page adds later', async () => {
    const { page, loaded } = await open('/empty.html');
    await page.waitForFunction(() => customElements.get('tool-console') !== undefined);
    assert.deepEqual(loaded, ['tool-console.js'], 'the form loaded before any page used it');
    await page.evaluate(() => {
      const form = document.createElement('tool-form');
      form.setAttribute('src', '/api/tools');
      form.setAttribute('name', 'get_weather');
      document.body.append(form);
    });
    await page.getByLabel('city').fill('Oslo');
  });

  after(() => Promise.all(pages.map((page) => page.close())));
});
