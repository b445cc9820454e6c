// Tool UIs that try to leave the CSP their resource declared (issue 27), behind the real CLI in Chromium: each saves
// data on the sandbox origin, then tries to run script there under a policy it wrote itself (see
// test/fixtures/apps/escape-app.ts) and send the data to an origin it never declared. None may reach it.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Frame, Page } from 'playwright-core';
import { untilInFrame } from './app-frames.js';
import { frontedServer, openTool, resultText } from './fronted-server.js';

const hostileServer = fileURLToPath(new URL('../fixtures/apps/hostile-app-server.js', import.meta.url));
const TIME_LIMIT_MS = 10_000;

/** A server no app declares: it records the paths it is asked for, and says when the next one comes. */
function undeclaredServer() {
  const state = { origin: '', paths: [] as string[], server: undefined as Server | undefined };
  let reached = (_path: string) => {};
  const nextRequest = () => new Promise<string>((resolve) => (reached = resolve));
  before(async () => {
    state.server = createServer((request, response) => {
      state.paths.push(request.url ?? '');
      reached(request.url ?? '');
      response.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' });
      response.end('reached');
    });
    await new Promise<void>((resolve) => state.server!.listen(0, '127.0.0.1', resolve));
    state.origin = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  });
  after(() => state.server?.close());
  return Object.assign(state, { nextRequest });
}

/** A free port of 127.0.0.1 (the sandbox's: the apps must name it in their `frameDomains` before the CLI starts). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The page the app navigated its own frame to (a frame below the sandbox proxy's), once there is one. */
async function frameWhere(page: Page, test: (url: URL) => boolean): Promise<Frame> {
  const deadline = Date.now() + TIME_LIMIT_MS;
  const aimedAt = (frame: Frame) =>
    frame.parentFrame()?.parentFrame() && URL.canParse(frame.url()) && test(new URL(frame.url()));
  for (;;) {
    const frame = page.frames().find(aimedAt);
    if (frame) return frame;
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for the frame the app aimed at; frames: ${page.frames().map((each) => each.url())}`,
      );
    await page.waitForEvent('framenavigated', { timeout: deadline - Date.now() }).catch(() => undefined);
  }
}

/** Resolves with `what` when `promise` does, or fails the test when it does not within the time limit. */
const orFail = <T>(promise: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), TIME_LIMIT_MS).unref(),
    ),
  ]);

describe('a tool UI that tries to leave its declared CSP', () => {
  const undeclared = undeclaredServer();
  let sandboxPort = 0;
  before(async () => (sandboxPort = await freePort()));
  // The apps declare the sandbox's own origin (under both names) as a frame source: what lets one navigate its frame
  // to another page of that origin.
  const fronted = frontedServer(
    hostileServer,
    () => [],
    () => ({
      ...process.env,
      HOSTILE_DECLARED_ORIGIN: 'http://127.0.0.1:9',
      HOSTILE_UNDECLARED_ORIGIN: undeclared.origin,
      HOSTILE_FRAME_ORIGINS: `http://127.0.0.1:${sandboxPort} http://localhost:${sandboxPort}`,
    }),
    () => ['--sandbox-port', String(sandboxPort)],
  );

  async function run(tool: string): Promise<void> {
    const { page, cli } = fronted;
    undeclared.paths.length = 0;
    await openTool(page, cli, tool);
    await page.locator('tool-form [part~="execute"]').click();
    assert.match(await resultText(page), /The escaping UI is on its way/);
  }

  it('should close the view when the app reloads its sandbox proxy, and never run it again', async () => {
    const escaped = undeclared.nextRequest();
    await run('escape-reload');
    const closed = fronted.page.getByText(/The interface reloaded its sandbox/).waitFor({ timeout: TIME_LIMIT_MS });
    const outcome = await orFail(
      Promise.race([closed.then(() => 'closed'), escaped.then((path) => `escaped: ${path}`)]),
      'the view to close',
    );
    assert.equal(outcome, 'closed');
    assert.deepEqual(undeclared.paths, []);
  });

  for (const [mode, target] of [
    ['gadget-sandbox', (url: URL) => url.pathname === '/sandbox'],
    ['gadget-404', (url: URL) => url.pathname === '/not-the-sandbox'],
  ] as const) {
    it(`should hold a page of the sandbox origin the app navigates to to the default policy (${mode})`, async () => {
      await run(`escape-${mode}`);
      const frame = await frameWhere(fronted.page, target);
      const check = (escape: string | null) => (document.body?.dataset.escape ?? '').startsWith(escape ?? '');
      await untilInFrame(frame, check, 'r', 'the injected fetch to end', TIME_LIMIT_MS);
      const outcome = await frame.evaluate(() => document.body.dataset.escape);
      assert.match(String(outcome), /^refused: TypeError/);
      assert.deepEqual(undeclared.paths, []);
    });
  }
});
