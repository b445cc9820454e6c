// The Server drawer (issue 30) in Chromium, in front of server-everything that the CLI starts over stdio, under the
// page's real Content-Security-Policy: a call's messages in the protocol log, one under the other, the notifications
// the server sent, its state, and the controls a person uses (log level, Ping, Reconnect).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Serving } from '../cli/run-cli.js';
import { frontedServer, openTool, resultText } from './fronted-server.js';

describe('the Server drawer in front of server-everything', () => {
  const fronted = frontedServer('server-everything');
  let cli: Serving;
  let page: Page;
  before(() => ({ cli, page } = fronted));

  const drawer = () => page.locator('server-drawer');
  const openDrawer = async () => {
    await page.getByRole('button', { name: /^Server/ }).click();
    await drawer()
      .getByRole('tab', { name: /^Protocol/ })
      .waitFor();
  };

  it("shows a call's request and response in the protocol log, each on a row of its own", async () => {
    await openTool(page, cli, 'echo');
    await page.getByRole('textbox', { name: 'message', exact: true }).fill('seen in the log');
    await page.locator('tool-form [part~="execute"]').click();
    assert.match(await resultText(page), /Echo: seen in the log/);
    await openDrawer();
    const rows = drawer().locator('protocol-log [part~="row"]');
    await rows.filter({ hasText: 'tools/call' }).first().waitFor();
    // The rows are placed through the CSSOM: under the page's CSP a style attribute would be dropped, and every row
    // would sit on the first one.
    const tops = await rows.evaluateAll((all) => all.map((row) => Math.round(row.getBoundingClientRect().top)));
    assert.ok(tops.length > 3, `rows drawn: ${tops.length}`);
    assert.equal(new Set(tops).size, tops.length, `each row at its own height: ${tops}`);

    await drawer().getByRole('searchbox', { name: 'Filter by method' }).fill('tools/call');
    const calls = await rows.allInnerTexts();
    assert.ok(calls.length >= 2 && calls.every((text) => text.includes('tools/call')), calls.join(' | '));
    // The request, picked from another tool's page: "Open in form" opens echo with the arguments the call had.
    await openTool(page, cli, 'get-sum');
    await openDrawer();
    await drawer().getByRole('searchbox', { name: 'Filter by method' }).fill('tools/call');
    await rows.filter({ hasNotText: 'response' }).last().click();
    await drawer().getByRole('button', { name: 'Open in form' }).click();
    const message = page.getByRole('textbox', { name: 'message', exact: true });
    await message.waitFor();
    await page.waitForFunction(
      () =>
        (
          document
            .querySelector('tool-console')
            ?.shadowRoot?.querySelector('tool-form')
            ?.shadowRoot?.querySelector('textarea') as HTMLTextAreaElement | null
        )?.value === 'seen in the log',
    );
    await openDrawer();
  });

  it('shows the server, sets its log level and pings it', async () => {
    await drawer()
      .getByRole('tab', { name: /^Server/ })
      .click();
    const panel = drawer().locator('server-panel');
    await panel.getByText('Everything Reference Server').first().waitFor();
    await panel.getByText('stdio (a local process)').waitFor();
    await panel.getByRole('combobox', { name: 'Log level' }).selectOption('debug');
    await panel.getByRole('status').filter({ hasText: 'Log level: debug' }).waitFor();
    await panel.getByRole('button', { name: 'Ping' }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: /^Ping: / })
      .waitFor();
    await drawer()
      .getByRole('tab', { name: /^Protocol/ })
      .click();
    await drawer().getByRole('searchbox', { name: 'Filter by method' }).fill('logging/setLevel');
    await drawer().locator('protocol-log [part~="row"]').first().waitFor();
  });

  it('lists the notifications the server sent, newest first, and reconnects', async () => {
    await drawer()
      .getByRole('tab', { name: /^Notifications/ })
      .click();
    await drawer()
      .locator('server-notifications')
      .getByText(/notifications\//)
      .first()
      .waitFor();
    await drawer()
      .getByRole('tab', { name: /^Server/ })
      .click();
    const panel = drawer().locator('server-panel');
    await panel.getByRole('button', { name: 'Reconnect' }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: /Reconnected/i })
      .waitFor({ timeout: 15_000 });
    assert.equal(await panel.getByRole('alert').count(), 0);
  });
});
