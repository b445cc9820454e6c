// The walkthrough a new user made, repeated in Chromium against the CLI in front of real MCP servers from npm:
// server-filesystem on a temporary folder and server-memory on a temporary file. List and read files, write one
// through the destructive confirmation, build a small knowledge graph with the nested form and read it back, a bad
// JSON edit that must not run, and a run by keyboard alone.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Serving } from '../cli/run-cli.js';
import { announced, field, focusedLabel, frontedServer, openTool, resultText, shownText } from './fronted-server.js';

describe('the console in front of server-filesystem', () => {
  // server-filesystem works in the client's roots when the client names any (the console does only with --root),
  // rather than in the directories on its command line: the folder is given as both.
  const fronted = frontedServer(
    'server-filesystem',
    (folder) => {
      writeFileSync(join(folder, 'hello.txt'), 'first line\nsecond line\n');
      return [folder];
    },
    undefined,
    (folder) => ['--root', folder],
  );
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
