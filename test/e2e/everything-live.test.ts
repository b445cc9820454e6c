// The console in Chromium in front of the reference server (server-everything) that the CLI starts over stdio: its
// plain tools, a long operation's moving progress bar, log lines between calls, roots, both kinds of question back to
// the user and a sampling request the user answers as the model, each run from the page to the server's real answer.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Serving } from '../cli/run-cli.js';
import { field, frontedServer, openTool, resultMatching, resultText } from './fronted-server.js';

const execute = (page: Page) => page.locator('tool-form [part~="execute"]').click();

describe('the console in front of server-everything, live', () => {
  const fronted = frontedServer('server-everything', undefined, undefined, (folder) => [
    '--root',
    folder,
    '--log-level',
    'debug',
  ]);
  let cli: Serving;
  let page: Page;
  let folder: string;
  before(() => ({ cli, page, folder } = fronted));

  it('offers the tools a client that answers questions and names roots gets', async () => {
    await openTool(page, cli, 'echo');
    const names = await page
      .locator('tool-list')
      .evaluate((list) => (list as unknown as { tools: { name: string }[] }).tools.map((tool) => tool.name));
    for (const name of ['trigger-elicitation-request', 'trigger-url-elicitation', 'get-roots-list']) {
      assert.ok(names.includes(name), `${name} is listed`);
    }
  });

  it('runs its plain tools to their real answers: text, sums, an image, resource links (one opened), structured content', async () => {
    await openTool(page, cli, 'echo');
    await page.getByRole('textbox', { name: 'message', exact: true }).fill('hello from the console');
    await execute(page);
    assert.match(await resultText(page), /Echo: hello from the console/);

    await openTool(page, cli, 'get-sum');
    await page.getByRole('textbox', { name: 'a', exact: true }).fill('2');
    await page.getByRole('textbox', { name: 'b', exact: true }).fill('3');
    await execute(page);
    assert.match(await resultText(page), /The sum of 2 and 3 is 5/);

    await openTool(page, cli, 'get-tiny-image');
    await execute(page);
    await resultText(page);
    const images = await page
      .locator('tool-console tool-result')
      .evaluate((result) =>
        [...result.shadowRoot!.querySelectorAll('img')].map((img) => (img as HTMLImageElement).naturalWidth),
      );
    assert.ok(images.length > 0 && images.every((width) => width > 0), `images drawn: ${images}`);

    await openTool(page, cli, 'get-resource-links');
    await execute(page);
    assert.match(await resultText(page), /Resource \d+/);
    // A link opens in place: the console reads it from the server (resources/read) and shows what it holds.
    await page.locator('tool-result [part~="open"]').nth(1).click();
    await page.getByRole('group', { name: 'Contents of demo://resource/dynamic/text/2' }).waitFor();
    assert.match(await resultText(page), /Resource 2: This is a plaintext resource created at/);

    await openTool(page, cli, 'get-structured-content');
    await page.getByRole('combobox', { name: 'location' }).selectOption('Chicago');
    await execute(page);
    assert.match(await resultText(page), /temperature/);
  });

  it('runs the rest of its tools to their real answers: annotations, env, resources, gzip, subscriptions', async () => {
    await openTool(page, cli, 'get-annotated-message');
    await page.getByRole('combobox', { name: 'messageType' }).selectOption('success');
    await execute(page);
    assert.match(await resultText(page), /Operation completed successfully/);

    await openTool(page, cli, 'get-env');
    await execute(page);
    assert.match(await resultText(page), /"PATH"/);

    await openTool(page, cli, 'get-resource-reference');
    await execute(page);
    assert.match(await resultText(page), /Resource 1: This is a plaintext resource/);

    await openTool(page, cli, 'gzip-file-as-resource');
    await field(page, 'name').fill('hello.txt.gz');
    await field(page, 'data').fill('data:text/plain;base64,aGVsbG8gZnJvbSB0aGUgY29uc29sZQ==');
    await execute(page);
    assert.match(await resultText(page), /hello\.txt\.gz/);

    await openTool(page, cli, 'toggle-subscriber-updates');
    await execute(page);
    assert.match(await resultText(page), /Started simulated resource updated notifications/);
    await execute(page);
    await resultMatching(page, /Stopped simulated resource updates/);
  });

  it('moves the progress bar of a long operation step by step, to its answer', async () => {
    await openTool(page, cli, 'trigger-long-running-operation');
    await page.getByRole('textbox', { name: 'duration', exact: true }).fill('2');
    await page.getByRole('textbox', { name: 'steps', exact: true }).fill('4');
    await execute(page);
    const bar = page.locator('tool-console progress');
    await page.waitForFunction(() => {
      const progress = document.querySelector('tool-console')!.shadowRoot!.querySelector('progress');
      return progress?.max === 4 && progress.value >= 1 && progress.value < 4;
    });
    assert.equal(await bar.getAttribute('max'), '4');
    assert.match(await resultText(page), /Long running operation completed\. Duration: 2 seconds, Steps: 4\./);
  });

  it('runs a tool that requires a task as a task, showing where it stands, to its answer', async () => {
    await openTool(page, cli, 'simulate-research-query');
    await page.getByRole('textbox', { name: 'topic', exact: true }).fill('tide pools');
    await execute(page);
    await page
      .locator('tool-console .task')
      .filter({ hasText: /^Task working: \w+/ })
      .waitFor();
    assert.match(await resultText(page), /tide pools/);
  });

  it('shows the log lines the server sends between calls in the server log', async () => {
    await openTool(page, cli, 'toggle-simulated-logging');
    await execute(page);
    assert.match(await resultText(page), /Started simulated, random-leveled logging/);
    // One every 5 s, at any level (debug included: the CLI asked for debug).
    await page.locator('tool-console nav > .logs li').first().waitFor({ timeout: 15_000 });
    assert.match(await page.locator('tool-console nav > .logs li .data').first().innerText(), /level.message/);
    await execute(page);
    await resultMatching(page, /Stopped simulated/);
  });

  it('tells the server the roots given by --root', async () => {
    await openTool(page, cli, 'get-roots-list');
    await execute(page);
    const text = await resultText(page);
    assert.match(text, /Current MCP Roots \(1 total\)/);
    assert.ok(text.includes(`file://${folder}`), text);
  });

  it("asks the server's form question in a dialog and gives the server the answer", async () => {
    await openTool(page, cli, 'trigger-elicitation-request');
    await execute(page);
    const dialog = page.getByRole('dialog', { name: 'Please provide inputs for the following fields:' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Everything Reference Server asks:/);
    await dialog.getByRole('textbox', { name: 'String', exact: true }).fill('Ada Lovelace');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    const text = await resultText(page);
    assert.match(text, /- Name: Ada Lovelace/);
    // A default the user left alone is sent too.
    assert.match(text, /- Favorite Integer: 42/);
  });

  it('asks a question the server sends as a task, and the server gets the answer from the task', async () => {
    await openTool(page, cli, 'trigger-elicitation-request-async');
    await execute(page);
    const dialog = page.getByRole('dialog', {
      name: 'Please provide inputs for the following fields (async task demo):',
    });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Your Name', exact: true }).fill('Grace Hopper');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    const text = await resultText(page);
    // The server polled the console's task (tasks/get) and read the answer from it (tasks/result).
    assert.match(text, /Task created/);
    assert.match(text, /Grace Hopper/);
  });

  it("gives the server the user's reply to a sampling request it sends as a task", async () => {
    await openTool(page, cli, 'trigger-sampling-request-async');
    await page.getByRole('textbox', { name: 'prompt', exact: true }).fill('Say hi');
    await execute(page);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Reply as the model' }).fill('Hi, asynchronously.');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    const text = await resultText(page);
    assert.match(text, /Task created/);
    assert.match(text, /Hi, asynchronously\./);
  });

  it("shows the server's sampling request and gives the server the user's reply as the model's", async () => {
    await openTool(page, cli, 'trigger-sampling-request');
    await page.getByRole('textbox', { name: 'prompt', exact: true }).fill('Say hi');
    await execute(page);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const shown = await dialog.innerText();
    assert.match(shown, /You are a helpful test server\./);
    assert.match(shown, /Resource trigger-sampling-request context: Say hi/);
    await dialog.getByRole('textbox', { name: 'Reply as the model' }).fill('Hi, from a person.');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    assert.match(await resultText(page), /Hi, from a person\./);
  });

  it("asks the server's URL question, shows its domain, and passes a decline on", async () => {
    await openTool(page, cli, 'trigger-url-elicitation');
    await page.getByRole('textbox', { name: 'url', exact: true }).fill('https://login.example.com/start');
    await execute(page);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /login\.example\.com/);
    await dialog.getByRole('button', { name: 'Decline' }).click();
    assert.match(await resultText(page), /decline/i);
    assert.equal(await page.getByRole('dialog').count(), 0);
  });
});
