// The demo's own tool UI and resources, as a new user meets them after `npm start`: `play/dice` shows its roll in
// its interface, whose "Roll again" calls the tool through the console; a note's resource links open in place.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { serveCli, type Serving } from '../cli/run-cli.js';
import { launchChromium } from '../security/browser.js';
import { appFrame, untilInFrame } from './app-frames.js';
import { openTool, resultText } from './fronted-server.js';

describe('the demo tools: a tool UI, and resource links that open', () => {
  let cli: Serving;
  let browser: Browser;
  let page: Page;
  before(async () => {
    cli = await serveCli([]);
    browser = await launchChromium();
    page = await browser.newPage();
  });
  after(async () => {
    await browser?.close();
    await cli?.stop();
  });

  it("shows play/dice's roll in its interface, and rolls again from there through the console", async () => {
    await openTool(page, cli, 'play/dice');
    await page.locator('tool-form [part~="execute"]').click();
    const total = /"total": (\d+)/.exec(await resultText(page))![1];
    const app = await appFrame(page, '#again');
    const shows = (text: string | null) => document.getElementById('total')!.textContent === text;
    await untilInFrame(app, shows, `Total: ${total}`, 'the roll of the call');
    assert.match((await app.locator('#rolls').textContent())!, /^[⚀-⚅]( [⚀-⚅]){2}$/);

    await untilInFrame(
      app,
      () => !(document.getElementById('again') as HTMLButtonElement).disabled,
      null,
      'the button',
    );
    await app.locator('#again').click();
    const rolledAgain = () => (document.getElementById('again') as HTMLButtonElement).disabled === false;
    await untilInFrame(app, rolledAgain, null, 'the second roll');
    assert.match((await app.locator('#total').textContent())!, /^Total: \d+$/);
  });

  it("opens a note's resource link in place, read through the demo's readResource", async () => {
    await openTool(page, cli, 'notes/read');
    await page.locator('tool-form [part~="execute"]').click();
    assert.match(await resultText(page), /Welcome/);
    // The first Open belongs to the embedded note itself; the second to the first link, the shopping list.
    await page.locator('tool-result [part~="open"]').nth(1).click();
    await page.getByRole('group', { name: 'Contents of note://demo/shopping' }).waitFor();
    assert.match(await resultText(page), /# Shopping\s+- bread/);
  });
});
