// <tool-console> against real servers that say no, in Chromium: embedded from the CDN bundle on a host page that
// believes it may execute (execution="true"), in front of a backend with execution disabled (403), and of one whose
// auth hook wants a Bearer token (401, then the token from the auth bar).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createHandler, type ToolConsoleOptions } from '../../server/index.js';
import { launchChromium } from '../security/browser.js';
import { recordingLogger, weatherTool } from '../server/helpers.js';
import { close, listen } from '../support/listen.js';

// The CDN file and the scripts beside it that it loads on demand (the form among them).
const cdn = new URL('../../cdn/', import.meta.url);
const bundle = new Map(
  readdirSync(cdn)
    .filter((file) => file.endsWith('.js'))
    .map((file) => [`/cdn/${file}`, readFileSync(new URL(file, cdn))]),
);

/** A host page embedding the console for the backend mounted at `/{backend}`. */
const hostPage = (backend: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script type="module" src="/cdn/tool-console.js"></script></head>
<body><tool-console src="/${backend}/tools" heading="Embedded" execution="true"></tool-console></body></html>`;

describe('<tool-console> when the server refuses', () => {
  const calls: string[] = [];
  let server: Server;
  let browser: Browser;
  let page: Page;
  let base = '';

  before(async () => {
    const common: ToolConsoleOptions = {
      tools: [weatherTool],
      handleCall: async (_name, args) => {
        calls.push(JSON.stringify(args));
        return [[{ type: 'text', text: `forecast for ${String(args.city)}` }], false];
      },
      logger: recordingLogger(),
    };
    const backends = {
      closed: createHandler({ ...common, prefix: '/closed' }),
      guarded: createHandler({
        ...common,
        prefix: '/guarded',
        allowExecute: true,
        authHook: (req, next) => {
          if (req.headers.authorization === 'Bearer let-me-in') next();
          else next(new Error('wrong token'));
        },
      }),
    };
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      if (path === '/closed.html' || path === '/guarded.html') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(hostPage(path.slice(1, -5)));
      } else if (bundle.has(path)) {
        res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(bundle.get(path));
      } else {
        const backend = path.startsWith('/closed') ? backends.closed : backends.guarded;
        backend(req, res, () => res.writeHead(404).end());
      }
    });
    base = `http://127.0.0.1:${await listen(server)}/`;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    if (server) await close(server);
  });

  async function openTool(path: string): Promise<Page> {
    page = await browser.newPage();
    await page.goto(`${base}${path}`);
    await page.getByRole('option', { name: /get_weather/ }).click();
    await page.getByLabel('city').fill('Oslo');
    return page;
  }

  it('should turn Execute off and say why after a 403 from a server with execution disabled', async () => {
    const page = await openTool('closed.html');
    await page.locator('[part~=execute]').click();
    await page.getByText('The server refused to run tools (HTTP 403): execution is disabled there.').waitFor();
    await page.getByText('Execution is disabled on this server.', { exact: true }).waitFor();
    assert.equal(await page.locator('[part~=execute]').count(), 0, 'no Execute button left');
    await page.locator('tool-result').getByText('Tool execution is disabled on this server.').waitFor();
    assert.deepEqual(calls, []);
    await page.close();
  });

  it('should point at the auth bar after a 401, then run with the token typed there', async () => {
    const page = await openTool('guarded.html');
    await page.locator('[part~=execute]').click();
    await page
      .getByText('This server wants a Bearer token: enter it in the auth bar, then run the tool again.')
      .waitFor();
    assert.deepEqual(calls, []);
    await page.getByLabel('Bearer token').fill('let-me-in');
    await page.locator('[part~=execute]').click();
    await page.getByText('HTTP 200').waitFor();
    assert.match((await page.locator('tool-result [role=tabpanel]').textContent()) ?? '', /forecast for Oslo/);
    assert.deepEqual(calls, ['{"city":"Oslo"}']);
    await page.close();
  });
});
