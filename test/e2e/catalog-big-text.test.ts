// A 5 MB text resource in Chromium, read through the CLI from the catalog fixture: the page shows its first part at
// once with "Show all", and stays responsive while the whole of it is drawn (a keystroke in the search field is
// handled within a loose bound).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Serving } from '../cli/run-cli.js';
import { catalogServer } from '../fixtures/mcp/paths.js';
import { frontedServer } from './fronted-server.js';

// The fixture's unlisted 5 MB resource (not imported: importing the fixture would start its server here).
const BIG_TEXT_URI = 'fixture://big/5mb.txt';
// Loose: a frozen page takes seconds to draw 5 MB into one element; a responsive one answers in a frame or two.
const KEYSTROKE_BOUND_MS = 1_000;
const line = (index: number) => `line ${String(index).padStart(26, '0')}`;

describe('a 5 MB text resource in the page', () => {
  const fronted = frontedServer(catalogServer);
  let cli: Serving;
  let page: Page;
  before(() => ({ cli, page } = fronted));

  it('should show the first part with Show all, and handle a keystroke while the rest is drawn', async () => {
    await page.goto(`${cli.url}#resource=${encodeURIComponent(BIG_TEXT_URI)}`);
    const view = page.locator('tool-console resource-view');
    const text = view.locator('[part=item] pre').first();
    await text.waitFor();
    const first = (await text.textContent())!;
    assert.ok(first.startsWith(`${line(0)}\n${line(1)}\n`), first.slice(0, 80));
    assert.ok(first.length < 1024 * 1024, `the first part is ${first.length} characters, not all 5 MB`);
    const showAll = view.locator('[part=show-all]');
    assert.match(await showAll.innerText(), /^Show all \(5 MB\)$/);
    const search = page.getByRole('searchbox', { name: /Search resources/ });
    await showAll.click();
    const started = Date.now();
    await search.press('x');
    await page.waitForFunction(() => {
      const section = document.querySelector('tool-console')!.shadowRoot!;
      const list = section.querySelector('catalog-list');
      return (list?.shadowRoot?.querySelector('input[type=search]') as HTMLInputElement | null)?.value === 'x';
    });
    const handled = Date.now() - started;
    assert.ok(handled < KEYSTROKE_BOUND_MS, `the keystroke took ${handled} ms`);
    await view
      .locator('[part=item] pre')
      .first()
      .filter({ hasText: line(5 * 32 * 1024 - 1) })
      .waitFor();
  });
});
