// The Bearer token typed in the auth bar: it never reaches storage, the URL, history entries, DOM attributes or the
// server's log (even from a hook that puts it in its denial reason); a 401 never carries the hook's reason; the cURL
// command shows `$TOKEN` until the user asks to see the real one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { recordingLogger, weatherTool } from '../server/helpers.js';
import { launchChromium } from './browser.js';
import { serve } from './serve.js';

const GOOD_TOKEN = 'tok_good_7d1e9a63f2';
const BAD_TOKEN = 'tok_wrong_5b0c44e1aa';
const HOOK_SECRET = 'hook-internal-reason-91ab';

describe('secrets', () => {
  const logger = recordingLogger();
  let app: Awaited<ReturnType<typeof serve>>;
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];

  before(async () => {
    app = await serve({
      tools: [weatherTool],
      allowExecute: true,
      logger,
      handleCall: async () => [[{ type: 'text', text: 'sunny' }], false],
      // A careless hook: its reason names the token it refused and an internal detail.
      authHook: (req, next) => {
        if (req.headers.authorization === `Bearer ${GOOD_TOKEN}`) return next();
        throw new Error(`${HOOK_SECRET}: token ${String(req.headers.authorization)} is not valid`);
      },
    });
    browser = await launchChromium();
    page = await browser.newPage();
    // Every URL the page pushes into history, and every URL it requests.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __historyUrls: string[] }).__historyUrls = []);
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (state: unknown, unused: string, url?: string | URL | null) => {
          seen.push(String(url ?? ''));
          original(state, unused, url);
        };
      }
    });
    page.on('request', (request) => requests.push(request.url()));
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  async function run(token: string): Promise<void> {
    await page.getByLabel('Bearer token').fill(token);
    await page.locator('[part~=execute]').click();
    await page.getByText(/HTTP (200|401)/).waitFor();
  }

  it('answers a refused token with exactly 401 {"error":"Unauthorized"}, and logs the reason without the token', async () => {
    await page.goto(`${app.base}#tool=get_weather`);
    await page.getByLabel('city').fill('Oslo');
    const answer = page.waitForResponse((response) => response.url().endsWith('/call'));
    await run(BAD_TOKEN);
    const response = await answer;
    assert.equal(response.status(), 401);
    assert.equal(await response.text(), '{"error":"Unauthorized"}');
    const log = logger.lines.map((line) => line.text).join('\n');
    assert.match(log, new RegExp(HOOK_SECRET), 'the reason is logged for the host');
    assert.ok(!log.includes(BAD_TOKEN), `the refused token is in the log: ${log}`);
  });

  it('never puts the token in storage, cookies, the URL, history, requested URLs, attributes or the log', async () => {
    await page.getByText('enter it in the auth bar').waitFor();
    await run(GOOD_TOKEN);
    await page.getByText('HTTP 200').waitFor();
    await page.reload(); // history and storage survive a reload; the token must not
    await page.getByRole('heading', { name: 'get_weather' }).waitFor();
    const places = await page.evaluate(() => {
      const attributes: string[] = [];
      const visit = (root: Document | ShadowRoot) => {
        for (const element of root.querySelectorAll('*')) {
          for (const attribute of element.attributes) attributes.push(attribute.value);
          if (element.shadowRoot) visit(element.shadowRoot);
        }
      };
      visit(document);
      return {
        localStorage: JSON.stringify({ ...localStorage }),
        sessionStorage: JSON.stringify({ ...sessionStorage }),
        cookie: document.cookie,
        url: location.href,
        history: JSON.stringify((window as unknown as { __historyUrls: string[] }).__historyUrls),
        attributes: attributes.join('\n'),
      };
    });
    for (const [place, text] of Object.entries({
      ...places,
      requests: requests.join('\n'),
      log: logger.lines.map((line) => line.text).join('\n'),
    })) {
      for (const token of [GOOD_TOKEN, BAD_TOKEN]) assert.ok(!text.includes(token), `the token is in ${place}`);
    }
    assert.match(places.localStorage, /Oslo/, 'history of arguments is stored (without the token)');
    assert.equal(await page.getByLabel('Bearer token').inputValue(), '', 'after a reload the token is gone');
  });

  it('shows $TOKEN in the cURL command until the user asks for the real token', async () => {
    // Its own page: the form sends nothing while a required field is empty.
    await page.goto(`${app.base}#tool=get_weather`);
    await page.getByLabel('city').fill('Oslo');
    await run(GOOD_TOKEN);
    await page.getByText('HTTP 200').waitFor();
    await page.getByRole('tab', { name: 'cURL' }).click();
    const hidden = (await page.locator('pre.curl').textContent()) ?? '';
    assert.match(hidden, /"Authorization: Bearer \$TOKEN"/);
    assert.ok(!hidden.includes(GOOD_TOKEN));
    await page.getByLabel('Show token').check();
    assert.ok(((await page.locator('pre.curl').textContent()) ?? '').includes(`Bearer ${GOOD_TOKEN}`));
  });
});
