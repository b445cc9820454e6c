// The file the page exports is the file CI runs: two calls saved in Chromium in front of server-everything (one with
// an expectation the server's answer does not meet), exported as calls.json (a real download), then run by
// `tool-console run calls.json --stdio <server-everything> --junit report.xml`, as a CI step would: exit 5, a line
// per call and a summary, and a JUnit report that a strict XML parser reads.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { everythingStdio, oneShot } from '../cli/one-shot-cli.js';
import { parseJunit } from '../cli/junit-xml.js';
import type { Serving } from '../cli/run-cli.js';
import { field, frontedServer, openTool } from './fronted-server.js';

const saved = (page: Page) => page.locator('tool-console saved-calls');

/** Fills the tool's form, then saves the call under `name` with one expectation on the result's first text. */
async function saveCall(
  page: Page,
  name: string,
  fields: Record<string, string>,
  expectation: { how: 'equals' | 'matches'; value: string },
) {
  for (const [label, value] of Object.entries(fields)) await field(page, label).fill(value);
  await saved(page).getByRole('button', { name: 'Save call' }).click();
  const form = saved(page).locator('form.save');
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'JSON Pointer into the result' }).fill('/content/0/text');
  await form.getByRole('combobox', { name: 'How the value is compared' }).selectOption(expectation.how);
  const value = expectation.how === 'matches' ? 'Pattern' : 'Value (JSON or text)';
  await form.getByRole('textbox', { name: value }).fill(expectation.value);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await saved(page).locator(`li[data-name="${name}"]`).waitFor();
}

describe('the exported collection, run by the CLI as CI runs it', () => {
  const fronted = frontedServer('server-everything');
  let cli: Serving;
  let page: Page;
  before(() => ({ cli, page } = fronted));

  it('exits 5 with a line per call and a summary, and writes JUnit XML naming the failed expectation', async () => {
    await openTool(page, cli, 'get-sum');
    await page.evaluate(() => localStorage.clear());
    await saveCall(page, 'adds', { a: '2', b: '3' }, { how: 'matches', value: '^The sum of 2 and 3 is 5\\.$' });
    await openTool(page, cli, 'echo');
    await saveCall(page, 'echoes', { message: 'hello' }, { how: 'equals', value: 'Echo: goodbye' });
    assert.deepEqual(
      await saved(page)
        .locator('li[data-name]')
        .evaluateAll((rows) => rows.length),
      2,
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      saved(page).getByRole('link', { name: 'Export calls.json' }).click(),
    ]);
    const file = join(fronted.folder, download.suggestedFilename());
    writeFileSync(file, readFileSync((await download.path())!));
    const report = join(fronted.folder, 'report.xml');

    const run = await oneShot(['run', file, ...everythingStdio, '--junit', report, '--timeout', '20000']);

    assert.equal(run.code, 5, run.stderr);
    const lines = run.stdout.trim().split('\n');
    assert.deepEqual(
      lines.map((line) => line.replace(/\(\d+ ms\)/, '(n ms)').replace(/\([\d.]+ s\)$/, '(n s)')),
      [
        'ok    adds (n ms)',
        'FAIL  echoes (n ms): /content/0/text: expected "Echo: goodbye", got "Echo: hello"',
        '1 passed, 1 failed (n s)',
      ],
    );
    assert.equal(run.stderr, 'tool-console: some calls failed\n');

    const [suite, ...more] = parseJunit(readFileSync(report, 'utf8'));
    assert.deepEqual(more, []);
    assert.equal(suite!.attributes.name, 'calls.json');
    assert.deepEqual([suite!.attributes.tests, suite!.attributes.failures, suite!.attributes.errors], ['2', '1', '0']);
    assert.deepEqual(
      suite!.cases.map(({ name, failure, error }) => ({ name, failure: failure?.type, error: error?.type })),
      [
        { name: 'adds', failure: undefined, error: undefined },
        { name: 'echoes', failure: 'expectation', error: undefined },
      ],
    );
    const failure = suite!.cases[1]!.failure!;
    assert.equal(failure.message, '/content/0/text: expected "Echo: goodbye", got "Echo: hello"');
    assert.match(
      failure.text,
      /The result:\n\{\n {2}"content": \[\n {4}\{\n {6}"type": "text",\n {6}"text": "Echo: hello"/,
    );
  });
});
