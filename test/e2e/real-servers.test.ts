// The walkthrough a new user made, repeated in Chromium against the CLI in front of real MCP servers from npm:
// server-filesystem on a temporary folder and server-memory on a temporary file. List and read files, write one
// through the destructive confirmation, build a small knowledge graph with the nested form and read it back, a bad
// JSON edit that must not run, and a run by keyboard alone.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { serveCli, type Serving } from '../cli/run-cli.js';
import { launchChromium } from '../security/browser.js';

const packageEntry = (name: string) =>
  fileURLToPath(new URL(`../../../node_modules/@modelcontextprotocol/${name}/dist/index.js`, import.meta.url));

/** What an element shows, read through its shadow root (innerText: only what is rendered, hidden tabs left out). */
function shownText(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .evaluate((host) =>
      [...host.shadowRoot!.children].map((child) => (child as HTMLElement).innerText ?? '').join('\n'),
    );
}

/** The live region that announces how a call ended (seen by screen readers only, so waited for as attached). */
function announced(page: Page, text: RegExp) {
  return page.locator('.visually-hidden[aria-live="polite"]').filter({ hasText: text }).waitFor({ state: 'attached' });
}

/** The result card's text, once a call has ended (the live region has spoken). */
async function resultText(page: Page): Promise<string> {
  await announced(page, /finished|failed/);
  return shownText(page, 'tool-result');
}

/** The text field of that name (its accessible name: the required mark is not part of it). */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** The label of the focused control, through the shadow roots it sits in. */
function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    const root = active?.getRootNode() as ShadowRoot | Document | undefined;
    const label = active?.id ? root?.querySelector(`label[for="${CSS.escape(active.id)}"]`) : null;
    return label?.textContent?.trim() ?? '';
  });
}

async function openTool(page: Page, cli: Serving, name: string): Promise<void> {
  // A fresh page each time: going from one #tool= link to another would only change the hash.
  await page.goto('about:blank');
  await page.goto(`${cli.url}#tool=${encodeURIComponent(name)}`);
  await page.locator('tool-form [part~="execute"]').waitFor();
}

/**
 * The CLI in front of an npm MCP server over stdio, a temporary folder for it, and a Chromium page; set up before the
 * suite's tests and taken down after them. `serverArgs` and `env` are made from the folder.
 */
function frontedServer(
  server: string,
  serverArgs: (folder: string) => string[] = () => [],
  env: (folder: string) => NodeJS.ProcessEnv = () => process.env,
) {
  const fronted = {} as { folder: string; cli: Serving; browser: Browser; page: Page };
  before(async () => {
    fronted.folder = mkdtempSync(join(tmpdir(), `tool-console-${server}-`));
    const command = [process.execPath, packageEntry(server), ...serverArgs(fronted.folder)];
    fronted.cli = await serveCli(['--stdio', command.map((word) => `"${word}"`).join(' '), '--allow-execute'], {
      env: env(fronted.folder),
    });
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

describe('the console in front of server-filesystem', () => {
  const fronted = frontedServer('server-filesystem', (folder) => {
    writeFileSync(join(folder, 'hello.txt'), 'first line\nsecond line\n');
    return [folder];
  });
  let folder: string;
  let cli: Serving;
  let page: Page;
  before(() => ({ folder, cli, page } = fronted));

  it('names the server it fronts, and lists a folder', async () => {
    await openTool(page, cli, 'list_directory');
    assert.match((await page.locator('tool-console .server').textContent()) ?? '', /secure-filesystem-server/);
    await field(page, 'path').fill(folder);
    await page.locator('tool-form [part~="execute"]').click();
    assert.match(await resultText(page), /\[FILE\] hello\.txt/);
  });

  it('reads a file: shown once, checked against the output schema', async () => {
    await openTool(page, cli, 'read_text_file');
    await field(page, 'path').fill(join(folder, 'hello.txt'));
    await field(page, 'head').fill('1');
    await page.locator('tool-form [part~="execute"]').click();
    const text = await resultText(page);
    assert.match(text, /first line/);
    assert.doesNotMatch(text, /second line/);
    assert.match(text, /Matches the output schema/);
  });

  it('stops a head that is not a number, before anything is sent', async () => {
    await openTool(page, cli, 'read_text_file');
    await field(page, 'path').fill(join(folder, 'hello.txt'));
    await field(page, 'head').fill('abc');
    await page.locator('tool-form [part~="execute"]').click();
    await page.getByRole('alert').filter({ hasText: 'needs attention' }).waitFor();
    assert.equal(await page.locator('tool-result').count(), 0);
    assert.equal(await page.evaluate(() => document.activeElement?.localName), 'tool-console');
  });

  it('writes a file only after the destructive confirmation', async () => {
    await openTool(page, cli, 'write_file');
    const target = join(folder, 'written.txt');
    await field(page, 'path').fill(target);
    await field(page, 'content').fill('from the console');
    await page.locator('tool-form [part~="execute"]').click();
    const confirm = page.getByRole('button', { name: 'Confirm: run destructive tool' });
    await confirm.waitFor();
    assert.equal(existsSync(target), false);
    await confirm.click();
    assert.match(await resultText(page), /Successfully wrote/);
    assert.equal(readFileSync(target, 'utf8'), 'from the console');
  });

  it('never runs while the JSON view does not parse', async () => {
    await openTool(page, cli, 'write_file');
    const target = join(folder, 'never.txt');
    await page.getByRole('button', { name: 'JSON' }).click();
    const box = page.getByLabel('Arguments as JSON');
    await box.fill(JSON.stringify({ path: target, content: 'old' }));
    await box.fill(`{"path": ${JSON.stringify(target)}, "content": "new"`);
    await page.getByText(/Invalid JSON at line 1, column \d+/).waitFor();
    assert.equal(await page.locator('tool-form [part~="execute"]').isDisabled(), true);
    await box.press('Control+Enter');
    assert.equal(existsSync(target), false);
  });
});

describe('the console in front of server-memory', () => {
  const fronted = frontedServer(
    'server-memory',
    () => [],
    (folder) => ({ ...process.env, MEMORY_FILE_PATH: join(folder, 'memory.jsonl') }),
  );
  let cli: Serving;
  let page: Page;
  before(() => ({ cli, page } = fronted));

  it('builds a small knowledge graph with the nested form and reads it back', async () => {
    await openTool(page, cli, 'create_entities');
    await page.getByRole('button', { name: 'Add item to entities' }).click();
    await field(page, 'name').fill('Bob');
    await field(page, 'entityType').fill('person');
    await page.getByRole('button', { name: 'Add item to observations' }).click();
    await page.getByRole('group', { name: 'observations' }).getByRole('textbox').fill('likes tea');
    await page.locator('tool-form [part~="execute"]').click();
    assert.match(await resultText(page), /Bob/);

    await openTool(page, cli, 'read_graph');
    assert.match(await shownText(page, 'tool-form'), /This tool takes no arguments\./);
    assert.equal(await page.locator('tool-form textarea').count(), 0);
    await page.locator('tool-form [part~="execute"]').click();
    const graph = await resultText(page);
    assert.match(graph, /"name": "Bob"/);
    assert.match(graph, /likes tea/);
    // The text is the JSON of the structured content: shown once.
    assert.match(graph, /also sent as text/);
    assert.equal(graph.split('likes tea').length, 2);
  });

  it('runs by keyboard alone, and says how it ended', async () => {
    await page.goto(cli.url);
    await page.getByRole('searchbox').focus();
    await page.keyboard.type('search_nodes');
    // Enter in the search box picks the first row: the exact name ranks first.
    await page.keyboard.press('Enter');
    await field(page, 'query').waitFor();
    // Tab from the list to the query field, as a keyboard user would.
    for (let presses = 0; presses < 20 && !(await focusedLabel(page)).startsWith('query'); presses++) {
      await page.keyboard.press('Tab');
    }
    assert.match(await focusedLabel(page), /^query/);
    // The query is a text area (Enter there is a new line): Ctrl+Enter runs from anywhere in the form.
    await page.keyboard.type('Bob');
    await page.keyboard.press('Control+Enter');
    await announced(page, /^search_nodes finished: success, /);
    assert.match(await shownText(page, 'tool-result'), /Bob/);
    const focused = await page.evaluate(() => {
      const console = document.querySelector('tool-console')!;
      const form = console.shadowRoot!.querySelector('tool-form')!;
      return form.shadowRoot!.activeElement?.textContent?.trim();
    });
    assert.equal(focused, 'Execute');
  });
});
