// The page under attack: 59 script-bearing payloads in every displayed field (tool names, titles, descriptions,
// annotation titles, schema property names, titles, descriptions, enum values, defaults and variants, every result
// content type, structuredContent, _meta, the trace id, the page title, the auth bar and the cURL command), run in
// Chromium. Any payload that ran would call the exposed `__pwned` trap.
//
// The page is loaded with CSP bypassed: the server's CSP would block inline handlers on its own and hide a
// rendering bug. This test proves the elements never turn a string into markup in the first place.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { attackResult, attackTools, EVERYTHING_TOOL } from './attack-tools.js';
import { launchChromium, pageSettled, scriptShapedNodes } from './browser.js';
import { PAYLOADS } from './payloads.js';
import { serve, silentLogger } from './serve.js';

/** Resolves when the console shows the tool titled `title`. */
async function showTool(page: Page, name: string, title: string): Promise<void> {
  await page.evaluate((hash) => (location.hash = hash), `#tool=${encodeURIComponent(name)}`);
  await page.waitForFunction(
    (expected) =>
      document.querySelector('tool-console')?.shadowRoot?.querySelector('#tool-title')?.textContent?.trim() ===
      expected,
    title.trim(),
    { timeout: 5000 },
  );
}

describe(`the page under attack (${PAYLOADS.length} payloads in every field)`, () => {
  let app: Awaited<ReturnType<typeof serve>>;
  let browser: Browser;
  let page: Page;
  const ran: number[] = [];
  const dialogs: string[] = [];

  before(async () => {
    app = await serve({
      tools: attackTools,
      handleCall: async () => attackResult(),
      allowExecute: true,
      title: PAYLOADS.join(' '),
      logger: silentLogger,
    });
    browser = await launchChromium();
    const context = await browser.newContext({ bypassCSP: true });
    page = await context.newPage();
    await page.exposeFunction('__pwned', (index: number) => ran.push(index));
    page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  async function assertNothingRan(when: string): Promise<void> {
    await pageSettled(page); // error and load events of injected elements would have fired by now
    assert.deepEqual(
      ran.map((i) => PAYLOADS[i] ?? i),
      [],
      `payloads ran ${when}`,
    );
    assert.deepEqual(dialogs, [], `dialogs opened ${when}`);
    assert.deepEqual(await scriptShapedNodes(page), [], `script-shaped nodes in the page ${when}`);
  }

  it('shows the page title, and every tool in the list, as text', async () => {
    await page.goto(app.base);
    // The title arrives as text (the browser only collapses its whitespace and replaces NUL).
    assert.ok((await page.title()).startsWith(`${PAYLOADS[0]} ${PAYLOADS[1]} ${PAYLOADS[2]}`));
    await page.getByRole('option').first().waitFor();
    // The list renders only the rows in view: scroll through all of them.
    await page.evaluate(async () => {
      const list = document
        .querySelector('tool-console')!
        .shadowRoot!.querySelector('tool-list')!
        .shadowRoot!.querySelector<HTMLElement>('[role=listbox]')!;
      for (let top = 0; top <= list.scrollHeight; top += list.clientHeight / 2) {
        list.scrollTop = top;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }
    });
    await assertNothingRan('in the list');
  });

  it('shows each tool’s name, title, description, annotations and one-field form as text', async () => {
    for (const tool of attackTools.slice(1)) await showTool(page, tool.name, tool.title as string);
    await assertNothingRan('in tool details and forms');
  });

  it('renders the form with every payload in the schema, runs it, and shows every result view as text', async () => {
    const everything = attackTools[0]!;
    await showTool(page, EVERYTHING_TOOL, everything.title as string);
    await page.getByLabel('Bearer token').fill(PAYLOADS[0]!);
    await page.locator('[part~=execute]').click();
    await page.getByText('HTTP 200').waitFor();
    await page
      .locator('tool-result img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode().catch(() => undefined));
    await assertNothingRan('in the result');
    await page.getByRole('tab', { name: 'Raw' }).click();
    await assertNothingRan('in the Raw tab');
    await page.getByRole('tab', { name: 'cURL' }).click();
    await page.getByLabel('Show token').check();
    assert.ok(((await page.locator('pre.curl').textContent()) ?? '').includes(PAYLOADS[0]!));
    await assertNothingRan('in the cURL tab');
    await page.getByRole('tab', { name: 'Result' }).click();
    await page
      .locator('tool-result a[download]')
      .first()
      .click({ modifiers: ['Alt'] })
      .catch(() => undefined);
    await assertNothingRan('after all views were opened');
  });
});

describe('the trap of the page-under-attack test (control)', () => {
  it('catches a payload that is parsed as HTML, so a silent run above means nothing ran', async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ bypassCSP: true });
      const page = await context.newPage();
      const ran: number[] = [];
      await page.exposeFunction('__pwned', (index: number) => ran.push(index));
      await page.setContent('<p>control</p>');
      await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), PAYLOADS[1]!);
      await pageSettled(page);
      assert.deepEqual(ran, [1]);
      assert.equal((await scriptShapedNodes(page)).length, 1);
    } finally {
      await browser.close();
    }
  });
});
