// The attacks a web page can make on a console running on the user's machine, made by a real page in Chromium: a
// "simple" no-cors fetch and beacon with a text/plain JSON body, a plain HTML form posted as text/plain, and DNS
// rebinding (the browser reaching the console under the attacker's host name). Every request must arrive at the
// console (so the test proves something) and every one must be refused without running the tool.
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { createHandler } from '../../server/index.js';
import { weatherTool } from '../server/helpers.js';
import { close, listen } from '../support/listen.js';
import { launchChromium } from './browser.js';
import { silentLogger } from './serve.js';

function hostilePage(consoleBase: string): string {
  const target = `${consoleBase}tools/get_weather/call`;
  return `<!doctype html><title>cat pictures</title>
<form id="form" method="POST" enctype="text/plain" action="${target}"><input name='{"city":"' value='x"}'></form>
<script>
  window.attempts = (async () => {
    const body = '{"city":"Paris"}';
    await fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body }).catch(() => {});
    await fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', body: new URLSearchParams({ city: 'Paris' }) }).catch(() => {});
    navigator.sendBeacon(${JSON.stringify(target)}, new Blob([body], { type: 'text/plain' }));
    return 'sent';
  })();
</script>`;
}

describe('a hostile web page', () => {
  let browser: Browser;
  let consoleServer: Server;
  let hostileServer: Server;
  let consolePort: number;
  let hostilePort: number;
  let runs = 0;
  // Every request the console received on its call route, with the status it answered.
  const answered: { host: string; type: string; status: number }[] = [];
  let onAnswered = () => {};
  const answeredCount = (count: number) =>
    new Promise<void>((resolve) => {
      onAnswered = () => answered.length >= count && resolve();
      onAnswered();
    });

  before(async () => {
    const handler = createHandler({
      tools: [weatherTool],
      allowExecute: true,
      logger: silentLogger,
      handleCall: () => {
        runs += 1;
        return [[{ type: 'text', text: 'ran' }], false];
      },
    });
    consoleServer = createHttpServer((req, res) => {
      if (req.url?.endsWith('/call')) {
        res.on(
          'finish',
          () =>
            answered.push({
              host: req.headers.host ?? '',
              type: req.headers['content-type'] ?? '',
              status: res.statusCode,
            }) && onAnswered(),
        );
      }
      handler(req, res);
    });
    consolePort = await listen(consoleServer);
    hostileServer = createHttpServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(hostilePage(`http://127.0.0.1:${consolePort}/`));
    });
    hostilePort = await listen(hostileServer);
    // attacker.example resolves to this machine, as it would after the attacker's DNS rebinds it.
    browser = await launchChromium(['--host-resolver-rules=MAP attacker.example 127.0.0.1']);
  });
  after(async () => {
    await browser?.close();
    if (consoleServer) await close(consoleServer);
    if (hostileServer) await close(hostileServer);
  });

  it('should not run a tool through no-cors fetches, a beacon or a text/plain form', async () => {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${hostilePort}/`);
    assert.equal(await page.evaluate(() => (window as unknown as { attempts: Promise<string> }).attempts), 'sent');
    await Promise.all([
      page.waitForURL(/\/call$/),
      page.evaluate(() => (document.getElementById('form') as HTMLFormElement).submit()),
    ]);
    // The form navigated to the console's refusal; the beacon may still be on its way.
    await answeredCount(4);
    await page.close();

    assert.equal(answered.length, 4, `every attempt reached the console: ${JSON.stringify(answered)}`);
    for (const attempt of answered) assert.ok([403, 415].includes(attempt.status), JSON.stringify(attempt));
    assert.equal(runs, 0, 'the tool ran');
  });

  it('should not serve the page or run a tool under a rebound host name', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`http://attacker.example:${consolePort}/`);
    assert.equal(response?.status(), 403);
    assert.match((await page.textContent('body')) ?? '', /does not answer to the host name attacker\.example/);
    // Same origin as far as the browser knows, so even a JSON call with a preflight-free path is attempted.
    const status = await page.evaluate(async () => {
      const answer = await fetch('/tools/get_weather/call', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"city":"Paris"}',
      });
      return answer.status;
    });
    await page.close();
    assert.equal(status, 403);
    assert.ok(
      answered.some((attempt) => attempt.host.startsWith('attacker.example')),
      'the rebound request reached the console',
    );
    assert.equal(runs, 0, 'the tool ran');
  });
});
