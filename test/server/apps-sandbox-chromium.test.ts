// The sandbox proxy in real Chromium. One handler listens on two ports: the console's and the sandbox's. The console
// page frames the proxy page as the elements will, hands it an app's HTML, and talks to the app through it. Proves:
// the app runs in the inner frame on the sandbox origin (not the console's), messages relay both ways (and the app
// cannot speak as the proxy), the declared connectDomains are reachable while any other origin is blocked by CSP
// before a request leaves the browser, permissions reach the inner frame, and the console origin serves no sandbox.
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createHandler } from '../../server/index.js';
import { launchChromium } from '../security/browser.js';
import { silentLogger } from '../security/serve.js';
import { close, listen } from '../support/listen.js';
import { weatherTool } from './helpers.js';

// The app: says where it runs and what it may reach, answers pings, fetches what it is told, and tries to speak as
// the proxy (which the proxy must not relay).
const APP_HTML = `<!doctype html>
<html><head><title>app</title></head><body><p>app</p><script>
  const say = (method, params) => parent.postMessage({ jsonrpc: '2.0', method, params }, '*');
  let reachedTop;
  try { reachedTop = window.top.document.title; } catch { reachedTop = 'blocked'; }
  window.addEventListener('message', async (event) => {
    const { method, params } = event.data || {};
    if (method === 'test/ping') say('test/pong', { got: params });
    if (method === 'test/fetch') {
      const results = {};
      for (const url of params.urls) {
        try { const response = await fetch(url); results[url] = 'ok ' + (await response.text()); }
        catch { results[url] = 'blocked'; }
      }
      say('test/fetched', results);
    }
  });
  say('ui/notifications/sandbox-proxy-ready', { spoofed: true });
  const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
  say('test/started', { origin: self.origin, top: reachedTop, policy: meta && meta.content, first: document.head.firstElementChild.localName, mode: document.compatMode });
</script></body></html>`;

interface Relayed {
  origin: string;
  data: { method?: string; params?: Record<string, unknown> };
}

/** A server that answers `hello` to anyone (CORS included) and counts the requests that reached it. */
async function countingServer(): Promise<{ origin: string; hits: () => number; server: Server }> {
  let hits = 0;
  const server = createHttpServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' });
    res.end('hello');
  });
  const port = await listen(server);
  return { origin: `http://127.0.0.1:${port}`, hits: () => hits, server };
}

describe('the sandbox proxy in Chromium', () => {
  let browser: Browser;
  let consoleServer: Server;
  let sandboxServer: Server;
  let consoleOrigin: string;
  let sandboxOrigin: string;
  let declared: Awaited<ReturnType<typeof countingServer>>;
  let undeclared: Awaited<ReturnType<typeof countingServer>>;

  before(async () => {
    // The sandbox listens first: the console must know its origin when it is made.
    sandboxServer = createHttpServer();
    sandboxOrigin = `http://127.0.0.1:${await listen(sandboxServer)}`;
    const handler = createHandler({
      tools: [weatherTool],
      handleCall: () => [[{ type: 'text', text: 'ran' }], false],
      sandboxOrigin,
      logger: silentLogger,
      allowExecute: true,
      // An app whose resource declares the CSP written in its URI (`ui://app/<JSON>`).
      readResource: (uri: string) => ({
        contents: [
          {
            uri,
            mimeType: 'text/html;profile=mcp-app',
            text: APP_HTML,
            _meta: { ui: { csp: JSON.parse(decodeURIComponent(uri.slice('ui://app/'.length))) } },
          },
        ],
      }),
    });
    sandboxServer.on('request', handler);
    consoleServer = createHttpServer(handler);
    consoleOrigin = `http://127.0.0.1:${await listen(consoleServer)}`;
    [declared, undeclared] = await Promise.all([countingServer(), countingServer()]);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await Promise.all([consoleServer, sandboxServer, declared.server, undeclared.server].map(close));
  });

  /** The console page with the proxy framed as the elements frame it, the app handed over once the proxy is ready. */
  async function openApp(csp: unknown, permissions?: unknown): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${consoleOrigin}/`);
    // The policy as the console signs it when the page reads the app: the sandbox page applies no other.
    const read = await fetch(`${consoleOrigin}/resources/read`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ uri: `ui://app/${encodeURIComponent(JSON.stringify(csp))}` }),
    });
    const policy = (await read.json()).contents[0]._meta['tool-console/sandbox-policy'];
    const src = `${sandboxOrigin}/sandbox?policy=${encodeURIComponent(policy)}`;
    await page.evaluate(
      ({ src, html, permissions }) => {
        const relayed: Relayed[] = [];
        const waiters: (() => void)[] = [];
        // The first message of a method, relayed already or still to come. (Playwright's waitForFunction needs eval,
        // which the console page's policy forbids.)
        const messageOf = (method: string) =>
          new Promise<Relayed>((resolve) => {
            const check = () => {
              const found = relayed.find((each) => each.data?.method === method);
              if (found) resolve(found);
              else waiters.push(check);
            };
            check();
          });
        const frame = document.createElement('iframe');
        frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
        frame.src = src;
        window.addEventListener('message', (event) => {
          if (event.source !== frame.contentWindow) return;
          relayed.push({ origin: event.origin, data: event.data });
          waiters.splice(0).forEach((check) => check());
          if (event.data?.method === 'ui/notifications/sandbox-proxy-ready') {
            const params = { html, permissions };
            frame.contentWindow!.postMessage(
              { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params },
              '*',
            );
          }
        });
        Object.assign(window, { relayed, messageOf, sandboxFrame: frame });
        document.body.append(frame);
      },
      { src, html: APP_HTML, permissions },
    );
    await waitForMethod(page, 'test/started');
    return page;
  }

  const relayed = (page: Page) => page.evaluate(() => (window as unknown as { relayed: Relayed[] }).relayed);

  const waitForMethod = (page: Page, method: string): Promise<Relayed> =>
    page.evaluate(
      (method) => (window as unknown as { messageOf: (method: string) => Promise<Relayed> }).messageOf(method),
      method,
    );

  const send = (page: Page, message: unknown) =>
    page.evaluate((message) => {
      (window as unknown as { sandboxFrame: HTMLIFrameElement }).sandboxFrame.contentWindow!.postMessage(message, '*');
    }, message);

  it('should run the app in the inner frame, on the sandbox origin, out of reach of the console page', async () => {
    const page = await openApp({});
    try {
      const started = await waitForMethod(page, 'test/started');
      assert.equal(started.origin, sandboxOrigin, "the app's messages come from the sandbox origin");
      assert.equal(started.data.params!.origin, sandboxOrigin);
      assert.notEqual(sandboxOrigin, consoleOrigin);
      assert.equal(started.data.params!.top, 'blocked', 'the app cannot read the console page');
      assert.match(String(started.data.params!.policy), /^default-src 'none'; .*connect-src 'none'/);
      assert.equal(started.data.params!.first, 'meta', 'the policy comes first in the head');
      assert.equal(started.data.params!.mode, 'CSS1Compat', 'after the doctype: standards mode kept');
      const inner = page.frames().find((frame) => frame.url() === 'about:srcdoc')!;
      assert.ok(inner, 'the app is in a srcdoc frame');
      assert.equal(inner.parentFrame()!.url().startsWith(`${sandboxOrigin}/sandbox`), true);
      const attributes = await inner
        .frameElement()
        .then((element) =>
          element.evaluate((iframe) => [
            (iframe as Element).getAttribute('sandbox'),
            (iframe as Element).getAttribute('allow'),
          ]),
        );
      assert.deepEqual(attributes, ['allow-scripts allow-same-origin allow-forms', null]);
    } finally {
      await page.close();
    }
  });

  it('should relay messages both ways, and never the sandbox notifications an app sends', async () => {
    const page = await openApp({});
    try {
      await send(page, { jsonrpc: '2.0', method: 'test/ping', params: { n: 42 } });
      const pong = await waitForMethod(page, 'test/pong');
      assert.deepEqual(pong.data.params, { got: { n: 42 } });
      const proxyReady = (await relayed(page)).filter(
        (each) => each.data?.method === 'ui/notifications/sandbox-proxy-ready',
      );
      assert.deepEqual(
        proxyReady.map((each) => each.data.params),
        [{}],
        "only the proxy's own ready, not the app's spoof",
      );
    } finally {
      await page.close();
    }
  });

  it('should let the app reach only its declared connectDomains: others are blocked before a request is sent', async () => {
    const page = await openApp(
      { connectDomains: [declared.origin, "'unsafe-eval'", '*'] },
      {
        camera: {},
        clipboardWrite: {},
        microphone: false,
        usb: {},
      },
    );
    try {
      const undeclaredBefore = undeclared.hits();
      await send(page, {
        jsonrpc: '2.0',
        method: 'test/fetch',
        params: { urls: [declared.origin, undeclared.origin] },
      });
      const fetched = await waitForMethod(page, 'test/fetched');
      assert.deepEqual(fetched.data.params, { [declared.origin]: 'ok hello', [undeclared.origin]: 'blocked' });
      assert.equal(undeclared.hits(), undeclaredBefore, 'the undeclared server never saw a request');
      const inner = page.frames().find((frame) => frame.url() === 'about:srcdoc')!;
      const allow = await inner
        .frameElement()
        .then((element) => element.evaluate((iframe) => (iframe as Element).getAttribute('allow')));
      assert.equal(allow, 'camera; clipboard-write', 'only the declared permissions the spec knows');
    } finally {
      await page.close();
    }
  });

  it('should block every connection under the default policy', async () => {
    const page = await openApp({});
    try {
      const hits = declared.hits();
      await send(page, { jsonrpc: '2.0', method: 'test/fetch', params: { urls: [declared.origin, consoleOrigin] } });
      const fetched = await waitForMethod(page, 'test/fetched');
      assert.deepEqual(fetched.data.params, { [declared.origin]: 'blocked', [consoleOrigin]: 'blocked' });
      assert.equal(declared.hits(), hits);
    } finally {
      await page.close();
    }
  });

  it("should answer 404 for /sandbox on the console's origin, and for the console on the sandbox's", async () => {
    const page = await browser.newPage();
    try {
      assert.equal((await page.goto(`${consoleOrigin}/sandbox`))!.status(), 404);
      assert.equal((await page.goto(`${sandboxOrigin}/`))!.status(), 404);
      assert.equal((await page.goto(`${sandboxOrigin}/tools`))!.status(), 404);
    } finally {
      await page.close();
    }
  });
});
