// The console in Chromium, in front of a real MCP server from npm that the CLI starts over stdio: how the end-to-end
// suites set it up, and read what the page shows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { connected, serveCli, type Serving } from '../cli/run-cli.js';
import { launchChromium } from '../security/browser.js';

/** An npm MCP server's entry point; a path (a test fixture) is taken as it is. */
const packageEntry = (name: string) =>
  name.startsWith('/')
    ? name
    : fileURLToPath(new URL(`../../../node_modules/@modelcontextprotocol/${name}/dist/index.js`, import.meta.url));

/** What an element shows, read through its shadow root (innerText: only what is rendered, hidden tabs left out). */
export function shownText(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .evaluate((host) =>
      [...host.shadowRoot!.children].map((child) => (child as HTMLElement).innerText ?? '').join('\n'),
    );
}

/** The live region that announces how a call ended (seen by screen readers only, so waited for as attached). */
export function announced(page: Page, text: RegExp) {
  return page.locator('.visually-hidden[aria-live="polite"]').filter({ hasText: text }).waitFor({ state: 'attached' });
}

/** Resolves once the result card shows text matching `pattern` (for a call run again on the same page). */
export async function resultMatching(page: Page, pattern: RegExp): Promise<string> {
  await page.waitForFunction(
    ([source, flags]) => {
      const result = document.querySelector('tool-console')?.shadowRoot?.querySelector('tool-result');
      const text = [...(result?.shadowRoot?.children ?? [])]
        .map((child) => (child as HTMLElement).innerText)
        .join('\n');
      return new RegExp(source, flags).test(text);
    },
    [pattern.source, pattern.flags],
  );
  return shownText(page, 'tool-console >> tool-result');
}

/** The result card's text, once a call has ended (the live region has spoken). */
export async function resultText(page: Page): Promise<string> {
  await announced(page, /finished|failed/);
  return shownText(page, 'tool-result');
}

/** The text field of that name (its accessible name: the required mark is not part of it). */
export const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** The label of the focused control, through the shadow roots it sits in. */
export function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    const root = active?.getRootNode() as ShadowRoot | Document | undefined;
    const label = active?.id ? root?.querySelector(`label[for="${CSS.escape(active.id)}"]`) : null;
    return label?.textContent?.trim() ?? '';
  });
}

export async function openTool(page: Page, cli: Serving, name: string): Promise<void> {
  // A fresh page each time: going from one #tool= link to another would only change the hash.
  await page.goto('about:blank');
  await page.goto(`${cli.url}#tool=${encodeURIComponent(name)}`);
  await page.locator('tool-form [part~="execute"]').waitFor();
}

/**
 * The CLI in front of an MCP server over stdio (an npm package by name, or a fixture by path), a temporary folder for
 * it, and a Chromium page; set up before the suite's tests and taken down after them. `serverArgs`, `env` and the
 * extra `cliFlags` are made from the folder.
 */
export function frontedServer(
  server: string,
  serverArgs: (folder: string) => string[] = () => [],
  env: (folder: string) => NodeJS.ProcessEnv = () => process.env,
  cliFlags: (folder: string) => string[] = () => [],
) {
  const fronted = {} as { folder: string; cli: Serving; browser: Browser; page: Page };
  before(async () => {
    fronted.folder = mkdtempSync(join(tmpdir(), `tool-console-${basename(server, '.js')}-`));
    const command = [process.execPath, packageEntry(server), ...serverArgs(fronted.folder)];
    fronted.cli = await serveCli(
      ['--stdio', command.map((word) => `"${word}"`).join(' '), '--allow-execute', ...cliFlags(fronted.folder)],
      {
        env: env(fronted.folder),
      },
    );
    // The CLI serves before its MCP server has connected; these suites start from a page that knows what it offers.
    await connected(fronted.cli);
    fronted.browser = await launchChromium();
    fronted.page = await fronted.browser.newPage();
  });
  after(async () => {
    await fronted.browser?.close();
    await fronted.cli?.stop();
    rmSync(fronted.folder, { recursive: true, force: true });
  });
  return fronted;
}
