// The console's Resources and Prompts sections in Chromium, in front of the reference server (server-everything) that
// the CLI starts over stdio: the tabs the server's capabilities give, its resource list paged in from the server, a
// resource picked and read, a search, and a prompt opened from its deep link and from the list.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Serving } from '../cli/run-cli.js';
import { frontedServer } from './fronted-server.js';

const option = (page: Page) => page.locator('tool-console catalog-list [role=option]');
const count = (page: Page) => page.locator('tool-console catalog-list [part=count]');

describe('the Resources and Prompts sections in front of server-everything', () => {
  const fronted = frontedServer('server-everything');
  let cli: Serving;
  let page: Page;
  before(() => ({ cli, page } = fronted));

  it('should show Tools, Resources and Prompts as tabs, and list the server’s resources through to their last page', async () => {
    await page.goto(cli.url);
    const tabs = page.locator('tool-console [role=tab]');
    await tabs.last().waitFor();
    assert.deepEqual(await tabs.allInnerTexts(), ['Tools', 'Resources', 'Prompts']);
    await page.getByRole('tab', { name: 'Resources' }).click();
    await option(page).first().waitFor();
    // Every page the server gives, through the cursor: the count stops saying "loading more".
    await page.waitForFunction(() => {
      const list = document.querySelector('tool-console')!.shadowRoot!.querySelector('catalog-list');
      const text = list?.shadowRoot?.querySelector('[part=count]')?.textContent ?? '';
      return /\d resources/.test(text) && !text.includes('loading');
    });
    const listed = Number((await count(page).innerText()).match(/([\d,]+) resources/)![1].replace(/,/g, ''));
    const { resources } = (await (await fetch(`${cli.url}resources`)).json()) as { resources: unknown[] };
    assert.ok(listed >= resources.length && listed > 0, `${listed} listed, the first page holds ${resources.length}`);
  });

  it('should read a resource picked in the list, with its link in the URL', async () => {
    await page.goto('about:blank');
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Resources' }).click();
    const first = option(page).first();
    const label = (await first.locator('.name').innerText()).trim();
    await first.click();
    // Its contents as the server gave them (the first of server-everything's documents: its architecture).
    await page.locator('tool-console resource-view').getByText('Everything Server', { exact: false }).first().waitFor();
    assert.equal(decodeURIComponent(new URL(page.url()).hash), `#resource=demo://resource/static/document/${label}`);
  });

  it('should find a resource as the user types, and open it with the keyboard', async () => {
    await page.goto('about:blank');
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Resources' }).click();
    const name = (await option(page).nth(1).locator('.name').innerText()).trim();
    await page.getByRole('searchbox', { name: /Search resources/ }).fill(name);
    assert.match(await count(page).innerText(), / of /);
    await page.getByRole('searchbox', { name: /Search resources/ }).press('Enter');
    await page.locator('tool-console resource-view').waitFor();
    assert.equal(decodeURIComponent(new URL(page.url()).hash), `#resource=demo://resource/static/document/${name}`);
  });

  it('should open a prompt from its link, and another from the Prompts list', async () => {
    await page.goto('about:blank');
    await page.goto(`${cli.url}#prompt=completable-prompt`);
    const view = page.locator('tool-console prompt-view');
    await view.waitFor();
    assert.equal(await page.getByRole('tab', { selected: true }).innerText(), 'Prompts');
    assert.equal(
      await view.evaluate((el) => (el as unknown as { prompt: { name: string } }).prompt.name),
      'completable-prompt',
    );
    await option(page).filter({ hasText: 'Simple Prompt' }).first().click();
    await page.waitForFunction(() => location.hash === '#prompt=simple-prompt');
    assert.equal(
      await view.evaluate((el) => (el as unknown as { prompt: { name: string } }).prompt.name),
      'simple-prompt',
    );
  });

  it("should subscribe to a resource from the page and show the server's updates as they arrive", async () => {
    await page.goto('about:blank');
    await page.goto(`${cli.url}#resource=demo://resource/static/document/architecture.md`);
    const view = page.locator('tool-console resource-view');
    await view.getByRole('button', { name: 'Subscribe' }).click();
    await view.getByRole('button', { name: 'Subscribed' }).waitFor();
    // server-everything sends its updates (every 5 s) once this tool has started them.
    const started = await fetch(`${cli.url}tools/toggle-subscriber-updates/call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal(started.status, 200);
    await view.locator('[part=updated]').filter({ hasText: 'by the server' }).waitFor({ timeout: 12_000 });
  });
});
