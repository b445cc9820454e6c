// The console in Chromium in front of a server whose tools run as MCP tasks (the task-server fixture, started by the
// CLI over stdio): the "Run as task" switch beside Execute for a tool that may run either way, a note for one that
// must, and a run asked for as a task showing where its task stands, to its answer.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Serving } from '../cli/run-cli.js';
import { taskServer } from '../fixtures/mcp/paths.js';
import { frontedServer, openTool, resultMatching, resultText } from './fronted-server.js';

const execute = (page: Page) => page.locator('tool-form [part~="execute"]').click();

describe('the console in front of a server whose tools run as tasks', () => {
  const fronted = frontedServer(taskServer);
  let cli: Serving;
  let page: Page;
  before(() => ({ cli, page } = fronted));

  it('offers "Run as task" beside Execute for a tool that may run as one, and runs it as a task when checked', async () => {
    await openTool(page, cli, 'maybe-task');
    const runAsTask = page.getByRole('checkbox', { name: 'Run as task' });
    assert.equal(await runAsTask.isChecked(), false);
    await execute(page);
    assert.match(await resultText(page), /^ran in task \w+/m);

    await runAsTask.check();
    await execute(page);
    await page.locator('tool-console .task').filter({ hasText: 'Task working: Halfway there' }).waitFor();
    await resultMatching(page, /ran in task \w+/);
  });

  it('says that a tool which must run as a task does, and offers no switch', async () => {
    await openTool(page, cli, 'stalled');
    assert.equal(await page.getByRole('checkbox', { name: 'Run as task' }).count(), 0);
    await page.getByText('Runs as a task (the server requires it)').waitFor();
  });
});
