// The Resources and Prompts sections in Chromium in front of a hostile server (catalog-server.ts, started by the CLI
// over stdio): names, URIs, MIME types, contents, prompt messages and completions carrying the XSS payloads of the
// security corpus are shown as text; nothing of theirs becomes an element, an attribute that runs, a script or a
// dialog (any payload that ran would call the exposed `__pwned` trap); and paging reaches all 2,500 resources.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Serving } from '../cli/run-cli.js';
import { catalogServer } from '../fixtures/mcp/paths.js';
import { PAYLOADS } from '../security/payloads.js';
import { frontedServer } from './fronted-server.js';

const option = (page: Page) => page.locator('tool-console catalog-list [role=option]');

/** Elements of the page (through every shadow root) that would run something: handlers, script URLs, scripts. */
function runnableElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'];
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        for (const { name, value } of element.attributes) {
          const url = value.replace(/[\s\u0000]/g, '').toLowerCase();
          const runs =
            name.startsWith('on') || (urlAttributes.includes(name) && /^(javascript:|data:text\/html)/.test(url));
          if (runs) found.push(`<${element.localName} ${name}="${value}">`);
        }
        if (element.localName === 'script' && element.textContent?.includes('__pwned')) found.push('<script>');
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return found;
  });
}

describe('the Resources and Prompts sections in front of a hostile server', () => {
  const fronted = frontedServer(catalogServer);
  let cli: Serving;
  let page: Page;
  const ran: number[] = [];
  const dialogs: string[] = [];
  before(async () => {
    ({ cli, page } = fronted);
    await page.exposeFunction('__pwned', (index: number) => ran.push(index));
    page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
  });

  const nothingRan = async () => {
    assert.deepEqual(await runnableElements(page), []);
    assert.deepEqual(ran, [], 'no payload ran');
    assert.deepEqual(dialogs, [], 'no dialog opened');
  };

  it('should page through all 2,500 resources, their hostile names shown as text', async () => {
    await page.goto(`${cli.url}`);
    await page.getByRole('tab', { name: 'Resources' }).click();
    await page
      .locator('tool-console catalog-list [part=count]')
      .filter({ hasText: /^2,500 resources/ })
      .waitFor();
    assert.doesNotMatch(await page.locator('tool-console catalog-list [part=count]').innerText(), /loading/);
    const shown = (await option(page).locator('.name').allInnerTexts()).map((name) => name.trim());
    assert.ok(shown.length >= 5, `${shown.length} rows drawn`);
    assert.deepEqual(
      shown.slice(0, 5),
      PAYLOADS.slice(0, 5).map((payload) => payload.trim()),
    );
    await nothingRan();
  });

  it("should show a hostile resource's URI, MIME type and contents as text", async () => {
    await option(page).first().click();
    const view = page.locator('tool-console resource-view');
    await view.locator('[part=item] pre').first().waitFor();
    assert.equal(await view.locator('[part=item] pre').first().textContent(), PAYLOADS.join('\n'));
    const metadata = await view.locator('[part=metadata]').innerText();
    assert.ok(metadata.includes(`fixture://hostile/0?${PAYLOADS[0]}`), metadata);
    assert.ok(metadata.includes(`text/${PAYLOADS[0]}`), metadata);
    await nothingRan();
  });

  it("should show a hostile prompt's messages and completions as text", async () => {
    await page.goto('about:blank');
    await page.goto(`${cli.url}#prompt=${encodeURIComponent(PAYLOADS[0]!)}`);
    const view = page.locator('tool-console prompt-view');
    const input = view.locator('input').first();
    await input.fill('hostile');
    await page.waitForFunction((count) => {
      const prompt = document.querySelector('tool-console')!.shadowRoot!.querySelector('prompt-view');
      return prompt?.shadowRoot?.querySelectorAll('datalist option').length === count;
    }, PAYLOADS.length);
    const suggested = await view
      .locator('datalist option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    assert.deepEqual(suggested, [...PAYLOADS]);
    await view.getByRole('button', { name: 'Get' }).click();
    await view
      .locator('[part=message]')
      .nth(PAYLOADS.length - 1)
      .waitFor();
    const messages = await view.locator('[part=message] pre').allTextContents();
    assert.deepEqual(messages, [...PAYLOADS]);
    await nothingRan();
  });
});
