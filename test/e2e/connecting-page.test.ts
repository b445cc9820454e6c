// A page served while the CLI is still connecting to its MCP server (issue 30: the CLI listens at once): it says it
// is connecting, and once the server is there it shows who the server is and its Resources and Prompts sections,
// without a reload. The page route marks what it could not know yet (`pending` in `offers`); the page then reads
// `GET /console`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { serveCli, type Serving } from '../cli/run-cli.js';
import { slowStartServer } from '../fixtures/mcp/paths.js';
import { launchChromium } from '../security/browser.js';

describe('a page served while the CLI connects', () => {
  let cli: Serving;
  let browser: Browser;
  before(async () => {
    cli = await serveCli(['--stdio', `"${process.execPath}" "${slowStartServer}"`, '--allow-execute']);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await cli?.stop();
  });

  it('learns the server and its sections once connected', async () => {
    const served = await (await fetch(cli.url)).text();
    assert.match(served, /offers="[^"]*\bpending\b/, 'served before the server said what it offers');
    const page = await browser.newPage();
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Resources' }).waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'Prompts' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Everything Reference Server' }).waitFor();

    const info = (await (await fetch(new URL('console', cli.url))).json()) as { offers: string; server?: object };
    assert.doesNotMatch(info.offers, /\bpending\b/);
    assert.match(info.offers, /\bresources\b.*\bprompts\b/);
    assert.ok(info.server, 'the server is known once connected');
  });
});
