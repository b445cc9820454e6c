// The console in Chromium in front of a server of protocol revision 2026-07-28 (the modern-server fixture, started by
// the CLI over stdio): its questions come inside `input_required` results, and the page asks them in the same dialog
// as any other server's, round after round (also while a prompt is got or a resource read), and shows a task of the Tasks extension to
// its answer.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Serving } from '../cli/run-cli.js';
import { modernServer } from '../fixtures/mcp/paths.js';
import { frontedServer, openTool, resultMatching, resultText } from './fronted-server.js';

const execute = (page: Page) => page.locator('tool-form [part~="execute"]').click();

describe('the console in front of a 2026-07-28 server', () => {
  const fronted = frontedServer(modernServer);
  let cli: Serving;
  let page: Page;
  before(() => ({ cli, page } = fronted));

  it("asks the server's form question in a dialog and gives the server the answer", async () => {
    await openTool(page, cli, 'ask-form');
    await execute(page);
    const dialog = page.getByRole('dialog', { name: 'What is your name?' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /A 2026-07-28 server asks:/);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Hopper');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    assert.match(await resultText(page), /hello Grace Hopper/);
    assert.equal(await page.getByRole('dialog').count(), 0);
  });

  it('asks one question after the other when the server asks in two rounds', async () => {
    await openTool(page, cli, 'ask-twice');
    await execute(page);
    for (const [question, name] of [
      ['What is your name?', 'Ada'],
      ['And your friend?', 'Charles'],
    ]) {
      const dialog = page.getByRole('dialog', { name: question });
      await dialog.waitFor();
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name!);
      await dialog.getByRole('button', { name: 'Accept' }).click();
    }
    await resultMatching(page, /Ada and Charles/);
  });

  it('shows where a task of the Tasks extension stands, to its answer', async () => {
    await openTool(page, cli, 'slow-task');
    await execute(page);
    await page.locator('tool-console .task').filter({ hasText: 'Task working: Halfway there' }).waitFor();
    await resultMatching(page, /done in task \S+/);
  });

  it("asks the question a prompt's get asks first in the same dialog, then shows the prompt's messages", async () => {
    await page.goto('about:blank');
    await page.goto(`${cli.url}#prompt=ask-greeting`);
    const view = page.locator('tool-console prompt-view');
    await view.getByRole('button', { name: 'Get' }).click();
    const dialog = page.getByRole('dialog', { name: 'What is your name?' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Hopper');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await view.locator('[part=message]').filter({ hasText: 'Greet Grace Hopper.' }).waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);
  });

  it('asks the question a resource read asks first in the same dialog, then shows the contents', async () => {
    await page.goto('about:blank');
    await page.goto(`${cli.url}#resource=${encodeURIComponent('modern://greeting')}`);
    const dialog = page.getByRole('dialog', { name: 'What is your name?' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada Lovelace');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    const view = page.locator('tool-console resource-view');
    await view.locator('[part=item]').filter({ hasText: 'Hello Ada Lovelace.' }).waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);
  });
});
