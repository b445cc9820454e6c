// Wire budget: the bytes a browser downloads before the tool list is usable, measured in headless Chromium against
// the real server: every request from navigation until the list shows its first row, counted as Chromium received
// it (response headers plus the body as encoded on the wire). A byte count, not a timing: it does not flake under load.
// Measured on a server that has served its list before (its best compression made), as a running console has.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Request } from 'playwright-core';
import { createServer, type Tool } from '../../server/index.js';
import { manyTools } from '../fixtures/many-tools.js';
import { launchChromium } from '../security/browser.js';
import { silentLogger } from '../security/serve.js';
import { rawRequest } from '../server/helpers.js';
import { close, listen } from '../support/listen.js';

const KB = 1024;

interface Download {
  path: string;
  encoding: string;
  bytes: number;
}

/** Asks for the list until the server sends its best Brotli form (the first answers get a quick one). */
async function untilBestListForm(port: number): Promise<void> {
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const answer = await rawRequest(port, 'HEAD', '/tools', { headers: { 'Accept-Encoding': 'br' } });
    if (/\.br"$/.test(String(answer.headers.etag))) return;
  }
  assert.fail('the server never sent the best form of its list');
}

/** Every response the page received from navigation until its tool list showed a row. */
async function downloadsUntilUsable(browser: Browser, tools: Tool[]): Promise<Download[]> {
  const server = createServer({ tools, handleCall: async () => [[], false], logger: silentLogger });
  const port = await listen(server);
  const page = await browser.newPage();
  try {
    await untilBestListForm(port);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'commit' });
    await page.locator('tool-list [role=option]').first().waitFor();
    // The stream that follows the list's changes opens once the list is drawn; it brings no list the page has (its
    // If-None-Match names it), only changes to come, and never ends: it is not part of loading the page.
    const untilUsable = requests.filter((request) => request.headers().accept !== 'text/event-stream');
    return await Promise.all(
      untilUsable.map(async (request) => {
        const response = await request.response();
        assert.ok(response, `no response to ${request.url()}`);
        await response.finished();
        const sizes = await request.sizes();
        const encoding = response.headers()['content-encoding'] ?? 'identity';
        return {
          path: new URL(request.url()).pathname,
          encoding,
          bytes: sizes.responseHeadersSize + sizes.responseBodySize,
        };
      }),
    );
  } finally {
    await page.close();
    await close(server);
  }
}

function report(label: string, downloads: Download[], budget: number): number {
  const total = downloads.reduce((sum, download) => sum + download.bytes, 0);
  const parts = downloads.map((d) => `${d.path} ${(d.bytes / KB).toFixed(1)} KB ${d.encoding}`).join(', ');
  console.log(`wire, ${label}: ${(total / KB).toFixed(1)} KB of ${budget / KB} KB (${parts})`);
  return total;
}

describe('wire budget', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(() => browser.close());

  const cases: { label: string; tools: () => Tool[]; budget: number }[] = [
    { label: '100 tools', tools: () => manyTools(100), budget: 40 * KB },
    { label: '10,000 tools, templated descriptions', tools: () => manyTools(10_000, 'templated'), budget: 250 * KB },
    // Distinct descriptions carry about 400 KB of information after Brotli: the 250 KB target cannot hold for them
    // (see README, "Size and speed"). This budget catches a regression, such as the list going out uncompressed.
    { label: '10,000 tools, distinct descriptions', tools: () => manyTools(10_000, 'distinct'), budget: 600 * KB },
  ];
  for (const { label, tools, budget } of cases) {
    it(`should load the page and a usable list of ${label} within ${budget / KB} KB`, async () => {
      const downloads = await downloadsUntilUsable(browser, tools());
      const total = report(label, downloads, budget);
      const paths = downloads.map((download) => download.path);
      assert.ok(
        paths.includes('/tools') && paths.some((path) => path.endsWith('.js')),
        `measured only ${paths.join(', ')}`,
      );
      assert.equal(paths.filter((path) => path === '/tools').length, 1, 'the tool list was downloaded more than once');
      assert.ok(total <= budget, `the page and its list took ${total} bytes, over the ${budget} budget`);
    });
  }
});
