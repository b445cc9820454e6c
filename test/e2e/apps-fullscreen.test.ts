// A tool UI switched to full screen, in Chromium at 1280 x 800 behind the real CLI (the demo's play/dice): it covers
// the whole viewport, not the console's result column, and "Back to the page" puts it back inline.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { serveCli, type Serving } from '../cli/run-cli.js';
import { launchChromium } from '../security/browser.js';
import { appFrame } from './app-frames.js';
import { openTool, resultText } from './fronted-server.js';

const VIEWPORT = { width: 1280, height: 800 };

describe('a tool UI in full screen', () => {
  let cli: Serving;
  let browser: Browser;
  let page: Page;
  before(async () => {
    cli = await serveCli([]);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: VIEWPORT });
  });
  after(async () => {
    await browser?.close();
    await cli?.stop();
  });

  /** Where the view and its app's frame are drawn, in the viewport's pixels. */
  const boxes = async () => ({
    view: await page.locator('tool-app').boundingBox(),
    frame: await page.locator('tool-app [part~="frame"]').boundingBox(),
  });

  it('should cover the whole viewport, and go back inline', async () => {
    await openTool(page, cli, 'play/dice');
    await page.locator('tool-form [part~="execute"]').click();
    await resultText(page);
    await appFrame(page, '#again');
    const inline = await boxes();
    assert.ok(inline.view!.width < VIEWPORT.width, 'inline, the view sits in the result column');

    await page.getByRole('button', { name: 'Full screen' }).click();
    await page.getByRole('button', { name: 'Back to the page' }).waitFor();
    const full = await boxes();
    assert.deepEqual(full.view, { x: 0, y: 0, ...VIEWPORT });
    assert.equal(full.frame!.width, VIEWPORT.width);
    assert.equal(full.frame!.y + full.frame!.height, VIEWPORT.height, 'the frame reaches the bottom');

    await page.getByRole('button', { name: 'Back to the page' }).click();
    await page.getByRole('button', { name: 'Full screen' }).waitFor();
    // Back in the result column, as wide and tall as before (where it scrolled to may differ).
    const back = await boxes();
    assert.deepEqual(
      [back.view!.x, back.view!.width, back.frame!.height],
      [inline.view!.x, inline.view!.width, inline.frame!.height],
    );
  });
});
