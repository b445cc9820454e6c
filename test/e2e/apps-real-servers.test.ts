// The tool UIs of two real MCP App servers from npm, in the console in Chromium, as a new user meets them:
// - @modelcontextprotocol/server-basic-vanillajs: `get-time`'s UI shows the server's time, and its button asks the
//   server again through the console (an app-initiated tools/call);
// - @modelcontextprotocol/server-pdf: `display_pdf` mounts the PDF viewer on a PDF the test writes, the viewer loads
//   it through its app-only tool (`read_pdf_bytes`), and `interact`'s get_text, run by hand from the form while the
//   viewer stays mounted, answers with the PDF's text.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { tinyPdf } from '../fixtures/apps/tiny-pdf.js';
import { appFrame, untilInFrame } from './app-frames.js';
import { field, frontedServer, openTool, resultMatching, resultText } from './fronted-server.js';

const execute = (page: import('playwright-core').Page) => page.locator('tool-form [part~="execute"]').click();
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/;

describe('the console in front of server-basic-vanillajs', () => {
  const fronted = frontedServer('server-basic-vanillajs', () => ['--stdio']);

  it("shows get-time's UI with the server's time, and its button asks again through the console", async () => {
    const { page, cli } = fronted;
    await openTool(page, cli, 'get-time');
    await execute(page);
    assert.match(await resultText(page), ISO_TIME);
    const app = await appFrame(page, '#server-time');
    const showsTime = (pattern: string | null) =>
      new RegExp(pattern!).test(document.getElementById('server-time')!.textContent!);
    await untilInFrame(app, showsTime, ISO_TIME.source, 'the server time');
    const first = await app.locator('#server-time').textContent();

    await app.locator('#get-time-btn').click();
    const changed = (before: string | null) => document.getElementById('server-time')!.textContent !== before;
    await untilInFrame(app, changed, first, 'a new server time');
    assert.match((await app.locator('#server-time').textContent())!, ISO_TIME);
  });

  it('follows the page into dark mode and back', async () => {
    const { page } = fronted;
    const app = await appFrame(page, '#server-time');
    const themed = (theme: string | null) => document.documentElement.dataset.theme === theme;
    await page.emulateMedia({ colorScheme: 'dark' });
    await untilInFrame(app, themed, 'dark', 'the dark theme');
    await page.emulateMedia({ colorScheme: 'light' });
    await untilInFrame(app, themed, 'light', 'the light theme');
  });
});

describe('the console in front of server-pdf', () => {
  const fronted = frontedServer('server-pdf', (folder) => {
    const pdf = join(folder, 'hello.pdf');
    writeFileSync(pdf, tinyPdf('Hello from tool-console'));
    return ['--stdio', pdf];
  });
  let viewUuid: string;

  before(async () => {
    const { page, cli, folder } = fronted;
    await openTool(page, cli, 'display_pdf');
    await field(page, 'url').fill(join(folder, 'hello.pdf'));
    await execute(page);
    const text = await resultText(page);
    viewUuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(text)![0];
  });

  it('mounts the viewer, which loads the PDF through its app-only tool and draws its one page', async () => {
    const viewer = await appFrame(fronted.page, 'canvas');
    // The count comes from the document itself, which the viewer could only have read through read_pdf_bytes.
    await untilInFrame(viewer, () => document.body.innerText.includes('of 1'), null, 'the page count');
    const drawn = () =>
      [...document.querySelectorAll('canvas')].some((canvas) => canvas.width * canvas.height > 10_000);
    await untilInFrame(viewer, drawn, null, "the page's canvas");
  });

  it("answers interact's get_text from the mounted viewer, run by hand from the form", async () => {
    const { page } = fronted;
    await page.getByRole('option', { name: /Interact with PDF/ }).click();
    await field(page, 'viewUUID').fill(viewUuid);
    await page.getByRole('combobox', { name: 'action', exact: true }).selectOption('get_text');
    await execute(page);
    assert.match(await resultMatching(page, /Hello from tool-console|ERROR|failed/), /Hello from tool-console/);
  });
});
