// End to end, the promises of issue 27 the page keeps, against the real server and its built page in Chromium: an MCP
// server that cannot start (the backend answers 502 with the reason) is said where the list would be and for a call,
// with Retry; arguments over the body limit are uploaded nowhere; a sequential-thinking `thought` gets several lines;
// and the cURL tab shows the plain JSON call.
import assert from 'node:assert/strict';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createHandler } from '../../server/index.js';
import { close, listen } from '../support/listen.js';

const root = new URL('../../../', import.meta.url);
// test/chromium.mjs is plain JavaScript that tsc does not copy to dist: load it from the source tree.
const { chromiumPath, CHROMIUM_ARGS } = (await import(
  new URL('test/chromium.mjs', root).href
)) as typeof import('../chromium.mjs');

const MAX_BODY = 4096;
/** What the backend answers while the MCP server it fronts cannot start; markup in it must stay text. */
const REASON = 'The MCP server could not start: spawn <b>nope</b> ENOENT';

const tools = [
  {
    name: 'sequentialthinking',
    description: 'A detailed tool for dynamic and reflective problem-solving through thoughts.',
    inputSchema: {
      type: 'object',
      properties: {
        thought: { type: 'string', description: 'Your current thinking step' },
        branchId: { type: 'string', description: 'Branch identifier' },
      },
      required: ['thought'],
    },
  },
];

describe('the page keeps its promises', () => {
  const console = createHandler({
    tools,
    handleCall: (async (_name: string, args: Record<string, unknown>) => [
      [{ type: 'text', text: `thought: ${String(args.thought)}` }],
      false,
    ]) as never,
    allowExecute: true,
    maxBodyBytes: MAX_BODY,
    logger: { info() {}, warn() {}, error() {} },
  });
  /** The list and calls answer 502 while these say so, as the backend does when its MCP server is not there. */
  const down = { list: false, call: false };
  /** The size the browser declared for every POST that reached the server. */
  const uploads: number[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'POST') uploads.push(Number(req.headers['content-length'] ?? 0));
    const fails = req.method === 'GET' ? down.list && req.url === '/tools' : down.call && /\/call$/.test(req.url!);
    if (!fails) return console(req, res);
    res.writeHead(502, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: REASON }));
  });
  let browser: Browser;
  let page: Page;
  let base = '';

  before(async () => {
    base = `http://127.0.0.1:${await listen(server)}/`;
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    page = await browser.newPage();
    // Every step here takes well under a second: a failing one should say so quickly.
    page.setDefaultTimeout(5000);
  });

  after(async () => {
    await browser?.close();
    await close(server);
  });

  it('should say why the list is missing, as text, where the list would be, and load it on Retry', async () => {
    down.list = true;
    await page.goto(base);
    const failure = page.locator('nav [role=alert]');
    await failure.getByText(REASON).waitFor();
    assert.equal(await page.locator('nav b').count(), 0, 'the reason is not parsed as HTML');
    down.list = false;
    await failure.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('option', { name: /sequentialthinking/ }).waitFor();
    assert.equal(await page.locator('nav [role=alert]').count(), 0);
  });

  it('should give the thought several lines, say a 502 call’s reason with Retry, and copy a plain JSON cURL', async () => {
    await page.goto(`${base}#tool=sequentialthinking`);
    const thought = page.getByRole('textbox', { name: 'thought', exact: true });
    assert.equal(await thought.evaluate((element) => element.localName), 'textarea');
    assert.equal(
      await page.getByRole('textbox', { name: 'branchId' }).evaluate((element) => element.localName),
      'input',
    );
    await thought.fill('first, read the issue');
    down.call = true;
    await page.locator('[part~=execute]').click();
    await page.locator('tool-result [part~=error]').getByText(REASON).waitFor();
    down.call = false;
    await page.locator('.call-failure').getByRole('button', { name: 'Retry' }).click();
    await page.getByText('HTTP 200').waitFor();
    await page.getByText('thought: first, read the issue').waitFor();
    await page.getByRole('tab', { name: 'cURL' }).click();
    const curl = (await page.locator('pre.curl').textContent()) ?? '';
    assert.doesNotMatch(curl, /event-stream/);
    assert.match(curl, /'Content-Type: application\/json'/);
  });

  it('should say so when the result view cannot be loaded (it loads with the first call), not leave the card empty', async () => {
    const fresh = await browser.newPage();
    try {
      fresh.setDefaultTimeout(5000);
      // The network goes away for the result view's script, as when the server restarted with a new build.
      await fresh.route(/\/assets\/tool-result[^/]*\.js$/, (route) => route.abort());
      await fresh.goto(`${base}#tool=sequentialthinking`);
      await fresh.getByRole('textbox', { name: 'thought', exact: true }).fill('a call whose result cannot be drawn');
      await fresh.locator('[part~=execute]').click();
      await fresh
        .getByRole('alert')
        .getByText(/could not load what shows its result/)
        .waitFor();
      assert.equal(await fresh.locator('tool-result').count(), 0);
    } finally {
      await fresh.close();
    }
  });

  it('should upload arguments over the body limit nowhere, and name --max-body', async () => {
    await page.goto(`${base}#tool=sequentialthinking`);
    await page.getByRole('textbox', { name: 'thought', exact: true }).fill('x'.repeat(MAX_BODY + 10));
    await page.getByText('(its --max-body)').waitFor();
    await page.locator('[part~=execute]').click();
    await page.getByRole('alert').filter({ hasText: 'too large to send' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Send anyway' }).count(), 0);
    assert.deepEqual(
      uploads.filter((bytes) => bytes > MAX_BODY),
      [],
      'no request carried the arguments',
    );
  });
});
