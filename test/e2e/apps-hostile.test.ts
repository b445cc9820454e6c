// A tool UI that tries what it must not, in the real console, in Chromium: the hostile fixture app (see
// test/fixtures/apps/hostile-app.ts) calls a model-only tool, reads a resource its server does not list, touches and
// navigates the console's window, fetches from the console's origin and from an origin its CSP does not declare, opens
// a popup and a javascript: link, and sends HTML as a message and a log line. Each attempt must be refused (or shown
// as text), while what it may do (its declared origin, its own UI resource) still works.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { HostileReport } from '../fixtures/apps/hostile-app.js';
import { callTool } from '../cli/run-cli.js';
import { scriptShapedNodes } from '../security/browser.js';
import { appFrame, proxyFrame } from './app-frames.js';
import { frontedServer, openTool, resultText } from './fronted-server.js';

const hostileServer = fileURLToPath(new URL('../fixtures/apps/hostile-app-server.js', import.meta.url));

/** A local server that counts the requests it gets and allows any origin to read its answers. */
function countingServer() {
  const counted = { requests: 0, origin: '', server: undefined as Server | undefined };
  before(async () => {
    counted.server = createServer((_request, response) => {
      counted.requests++;
      response.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' });
      response.end('reached');
    });
    await new Promise<void>((resolve) => counted.server!.listen(0, '127.0.0.1', resolve));
    counted.origin = `http://127.0.0.1:${(counted.server.address() as AddressInfo).port}`;
  });
  after(() => counted.server?.close());
  return counted;
}

describe('a hostile tool UI in the console', () => {
  const declared = countingServer();
  const undeclared = countingServer();
  const fronted = frontedServer(
    hostileServer,
    () => [],
    () => ({ ...process.env, HOSTILE_DECLARED_ORIGIN: declared.origin, HOSTILE_UNDECLARED_ORIGIN: undeclared.origin }),
  );
  let report: HostileReport;
  let consoleUrl: string;
  let consoleTitle: string;

  before(async () => {
    const { page, cli } = fronted;
    await openTool(page, cli, 'hostile-ui');
    consoleUrl = page.url();
    consoleTitle = await page.title();
    await page.locator('tool-form [part~="execute"]').click();
    assert.match(await resultText(page), /The hostile UI is on its way/);
    const app = await appFrame(page, '#report');
    // Read by polling: what the report said last is the best clue when the app gets stuck.
    let text = '';
    for (const deadline = Date.now() + 30_000; !text.includes('"done"'); await page.waitForTimeout(100)) {
      text = (await app.locator('#report').textContent()) ?? '';
      if (Date.now() > deadline) assert.fail(`the hostile app did not finish; its report: ${text}`);
    }
    report = JSON.parse(text) as HostileReport;
  });

  it('runs the app on another origin than the console, and gives it its tool input once', () => {
    const proxy = proxyFrame(fronted.page)!;
    assert.notEqual(new URL(proxy.url()).origin, new URL(fronted.cli.url).origin);
    assert.equal(report.toolInputs, '1');
  });

  it('refuses a model-only tool to the app, and the tool never runs', async () => {
    assert.match(report.modelOnlyTool!, /^refused: .*not available to tool UIs/);
    const runs = await callTool(fronted.cli, 'model-only-runs');
    assert.equal(runs.body.content[0].text, '0');
  });

  it('lets the app read its own UI resource but not a resource its server does not list', () => {
    assert.match(report.ownUi!, /^answered: /);
    assert.match(report.unlistedResource!, /^refused: .*not one of them/);
    assert.doesNotMatch(report.unlistedResource!, /SECRET/);
  });

  it('keeps the app out of the console window: no DOM, no script, no navigation, no popup', async () => {
    const { page } = fronted;
    assert.match(report.consoleDom!, /^refused: SecurityError/);
    assert.match(report.consoleScript!, /^refused: SecurityError/);
    assert.equal(page.url(), consoleUrl);
    assert.equal(report.popup, 'refused');
    assert.equal(page.context().pages().length, 1);
    assert.equal(await page.title(), consoleTitle);
  });

  it("holds the app to its declared CSP: the console's origin and undeclared origins are out of reach", () => {
    assert.match(report.consoleFetch!, /^refused: TypeError/);
    assert.match(report.consoleCall!, /^refused: TypeError/);
    assert.match(report.undeclaredFetch!, /^refused: TypeError/);
    assert.equal(report.undeclaredImage, 'refused');
    assert.equal(undeclared.requests, 0);
    assert.equal(report.declaredFetch, 'status 200: reached');
    assert.ok(declared.requests >= 1);
  });

  it('refuses a javascript: link, and shows the HTML an app sends as text', async () => {
    const { page } = fronted;
    // Refused either way: a JSON-RPC error, or the spec's `isError` answer to ui/open-link.
    assert.match(report.javascriptLink!, /^refused: |^answered: \{"isError":true\}$/);
    assert.equal(fronted.page.context().pages().length, 1);
    await page.getByText('<script>document.title="pwned"</script><b>bold?</b>').waitFor();
    await page.getByText('<img src=x onerror="document.title=\'pwned\'">logged').first().waitFor();
    // The sandbox's own iframe is script-shaped by design; nothing the app sent may be.
    const fromTheApp = (await scriptShapedNodes(page)).filter((node) => /pwned|bold\?/.test(node));
    assert.deepEqual(fromTheApp, []);
    assert.equal(await page.title(), consoleTitle);
  });
});
