// The switcher of `tool-console --config` (issue 32) in Chromium against the real CLI: a Cursor-style config with
// server-everything and server-memory over stdio, a Streamable HTTP fixture and an entry whose command does not exist.
// The page lists all four with their states; a tool runs on each of the three that work, inside its own frame; the
// broken one says why, and the others keep working; switching away and back keeps what was typed. Screenshots of the
// switcher, light and dark, go to $SWITCHER_SCREENSHOTS when it is set (to look at them, not to compare).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { serveCli, type Serving } from '../cli/run-cli.js';
import { startHttpFixture, type HttpFixture } from '../fixtures/mcp/http-server.js';
import { everythingServer } from '../fixtures/mcp/paths.js';
import { launchChromium } from '../security/browser.js';

const memoryServer = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/server-memory/dist/index.js', import.meta.url),
);
const MISSING = 'tool-console-no-such-command';

/** The switcher's entry of a server (its tab), by the server's name. */
const entry = (page: Page, name: string) =>
  page.locator('server-switcher [role=tab]').filter({ has: page.locator('.name', { hasText: name }) });

/** The console of a server, inside its frame. */
const consoleOf = (page: Page, name: string): FrameLocator => page.frameLocator(`iframe[title="${name} console"]`);

async function open(page: Page, name: string): Promise<FrameLocator> {
  await entry(page, name).click();
  await page.waitForFunction((hash) => location.hash === hash, `#server=${encodeURIComponent(name)}`);
  return consoleOf(page, name);
}

/** Picks a tool in a server's console, fills its text fields, runs it and returns the result's text. */
/**
 * Runs `tool` in a server's frame and resolves with what its result card shows once that shows `expected`. The card
 * of an earlier call in the same frame (and the live region's "finished") stays until the new call has started, so
 * waiting for the end alone could read the earlier result.
 */
async function run(
  frame: FrameLocator,
  tool: string,
  expected: RegExp,
  fields: Record<string, string> = {},
): Promise<string> {
  await frame.getByRole('option', { name: new RegExp(`^${tool}\\b`) }).click();
  for (const [name, value] of Object.entries(fields))
    await frame.getByRole('textbox', { name, exact: true }).fill(value);
  await frame.locator('tool-form [part~="execute"]').click();
  await frame.locator('tool-result').getByText(expected).first().waitFor({ state: 'attached' });
  // What the result card shows, read through its shadow root.
  return frame
    .locator('tool-result')
    .evaluate((host) =>
      [...host.shadowRoot!.children].map((child) => (child as HTMLElement).innerText ?? '').join('\n'),
    );
}

describe('the server switcher of --config, against real servers', () => {
  let folder: string;
  let http: HttpFixture;
  let cli: Serving;
  let browser: Browser;
  let page: Page;

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'tool-console-many-'));
    http = await startHttpFixture();
    const config = join(folder, 'mcp.json');
    const mcpServers = {
      everything: { command: process.execPath, args: [everythingServer] },
      memory: {
        command: process.execPath,
        args: [memoryServer],
        env: { MEMORY_FILE_PATH: join(folder, 'memory.jsonl') },
      },
      remote: { url: http.url },
      broken: { command: MISSING },
    };
    writeFileSync(config, JSON.stringify({ mcpServers }));
    cli = await serveCli(['--config', config, '--allow-execute']);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1200, height: 720 } });
  });
  after(async () => {
    await browser?.close();
    await cli?.stop();
    await http?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('lists the four servers, opens the first, and starts only what is opened', async () => {
    await page.goto(cli.url);
    const names = page.locator('server-switcher [role=tab] .name');
    await names.nth(3).waitFor();
    assert.deepEqual(await names.allInnerTexts(), ['everything', 'memory', 'remote', 'broken']);
    // The first opens at once: its console asks for its tools, which starts it.
    await entry(page, 'everything')
      .getByText(/Ready · \d+ tools/)
      .waitFor({ timeout: 20_000 });
    for (const name of ['memory', 'remote', 'broken']) assert.match(await entry(page, name).innerText(), /Not started/);
    assert.equal(await page.locator('server-switcher iframe').count(), 1);
  });

  it('runs a tool on each working server, inside its own frame', async () => {
    const everything = consoleOf(page, 'everything');
    assert.match(
      await run(everything, 'echo', /hello from the switcher/, { message: 'hello from the switcher' }),
      /Echo: hello from the switcher/,
    );
    const memory = await open(page, 'memory');
    assert.match(await run(memory, 'read_graph', /entities/), /entities/);
    await entry(page, 'memory')
      .getByText(/Ready · \d+ tools/)
      .waitFor();
    const remote = await open(page, 'remote');
    const pid = new RegExp(`\\b${process.pid}\\b`);
    assert.match(await run(remote, 'pid', pid), pid);
    await entry(page, 'remote')
      .getByText(/Ready · \d+ tools/)
      .waitFor();
  });

  it("shows the broken server's explanation, and the others keep working", async () => {
    const broken = await open(page, 'broken');
    await entry(page, 'broken').getByText('Failed').waitFor({ timeout: 20_000 });
    const sentence = await entry(page, 'broken').locator('[part=diagnosis]').innerText();
    assert.match(sentence, new RegExp(MISSING));
    // The console in its frame says the same.
    await broken.getByText(sentence).first().waitFor();
    const everything = await open(page, 'everything');
    assert.match(await run(everything, 'echo', /still here/, { message: 'still here' }), /Echo: still here/);
    for (const name of ['everything', 'memory', 'remote']) {
      assert.match(await entry(page, name).innerText(), /Ready · \d+ tools/);
    }
  });

  it('keeps the arguments typed in a server when switching away and back, and after back/forward', async () => {
    const everything = consoleOf(page, 'everything');
    await everything.getByRole('option', { name: /^echo\b/ }).click();
    await everything.getByRole('textbox', { name: 'message', exact: true }).fill('typed, not sent');
    await open(page, 'memory');
    // The hash changes on the click; the frames swap on the switcher's next render, so wait for it, not just look.
    await page.locator('iframe[title="everything console"]').waitFor({ state: 'hidden' });
    await page.goBack();
    await page.waitForFunction(() => location.hash === '#server=everything');
    assert.equal(
      await everything.getByRole('textbox', { name: 'message', exact: true }).inputValue(),
      'typed, not sent',
    );
    await open(page, 'remote');
    await open(page, 'everything');
    assert.equal(
      await everything.getByRole('textbox', { name: 'message', exact: true }).inputValue(),
      'typed, not sent',
    );
  });

  it('opens the server the hash names on a reload', async () => {
    await page.goto(`${cli.url}#server=remote`);
    await page.locator('iframe[title="remote console"]').waitFor();
    assert.equal(await page.locator('server-switcher [role=tab][aria-selected=true] .name').innerText(), 'remote');
  });

  it("follows the colour scheme with the theme's colours (and takes screenshots when asked)", async () => {
    const out = process.env.SWITCHER_SCREENSHOTS;
    await page.goto(`${cli.url}#server=broken`);
    await entry(page, 'broken').getByText('Failed').waitFor({ timeout: 20_000 });
    const listBackground = () =>
      page
        .locator('server-switcher')
        .evaluate((host) => getComputedStyle(host.shadowRoot!.querySelector('nav')!).backgroundColor);
    const backgrounds: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      backgrounds.push(await listBackground());
      if (out) await page.screenshot({ path: join(out, `switcher-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: null });
    // theme.styles.ts's subtle surface: #f6f8fa in light, #161b22 in dark.
    assert.deepEqual(backgrounds, ['rgb(246, 248, 250)', 'rgb(22, 27, 34)']);
  });
});
