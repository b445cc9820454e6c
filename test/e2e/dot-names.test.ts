// Tools named `.` and `..` in real Chromium against the real server. A browser removes `.` and `..` path segments
// (`%2E` spellings too), so with plain percent-encoding the detail request for `..` fetched the page itself and
// Execute posted the Bearer token to `/tools/undefined/call`. The page must show the right tool and run exactly it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../security/browser.js';
import { serve, silentLogger } from '../security/serve.js';

const TOKEN = 'tok-dots-5e1f';
const NAMES = ['.', '..', '...', 'a/b'];
const describeTool = (name: string) => `The tool called ${JSON.stringify(name)}.`;

describe('tools named . and .. in Chromium', () => {
  let app: Awaited<ReturnType<typeof serve>>;
  let browser: Browser;
  const calls: { name: string; authorization: unknown }[] = [];
  const requests: { method: string; url: string; authorization?: string }[] = [];
  const pageErrors: string[] = [];

  before(async () => {
    app = await serve({
      tools: NAMES.map((name) => ({ name, description: describeTool(name), inputSchema: { type: 'object' } })),
      allowExecute: true,
      logger: silentLogger,
      authHook: (req, next) => {
        if (req.headers.authorization !== `Bearer ${TOKEN}`) throw new Error('no token');
        next();
      },
      handleCall: async (name, _args, req) => {
        calls.push({ name, authorization: req?.headers.authorization });
        return [[{ type: 'text', text: `ran ${JSON.stringify(name)}` }], false];
      },
    });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  async function openPage(): Promise<Page> {
    const page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    page.on('request', (request) =>
      requests.push({ method: request.method(), url: request.url(), authorization: request.headers().authorization }),
    );
    return page;
  }

  for (const name of ['.', '..']) {
    it(`shows the tool ${JSON.stringify(name)} and runs exactly it, token included`, async () => {
      calls.length = 0;
      requests.length = 0;
      const page = await openPage();
      await page.goto(`${app.base}#tool=${encodeURIComponent(name)}`);
      // The detail pane settles on a tool or on a failure; it must be this tool.
      await page.locator('[part~=tool-header], [part~=detail] [role=alert]').first().waitFor({ state: 'attached' });
      const failure = page.locator('[part~=detail] [role=alert]');
      assert.equal(await failure.count(), 0, `the detail failed: ${await failure.allTextContents()}`);
      assert.equal(await page.locator('#tool-title').textContent(), name);
      assert.equal(await page.locator('[part~=tool-header] .description').textContent(), describeTool(name));
      await page.getByLabel('Bearer token').fill(TOKEN);
      await page.locator('[part~=execute]').click();
      await page.getByText('HTTP 200').waitFor();
      const result = (await page.locator('tool-result [role=tabpanel]').textContent()) ?? '';
      assert.ok(result.includes(`ran ${JSON.stringify(name)}`), result);
      assert.deepEqual(calls, [{ name, authorization: `Bearer ${TOKEN}` }]);
      // The token went to this tool's call URL and nowhere else (not `/tools/undefined/call`); every other request
      // was the page, its assets, the list, or this tool's detail and validation.
      const paths = requests.map((request) => new URL(request.url).pathname);
      const withToken = requests.filter((request) => request.authorization !== undefined);
      assert.deepEqual(
        withToken.map((request) => new URL(request.url).pathname),
        [`/tools/%FF${name}/call`],
      );
      const segment = `%FF${name}`.replace(/\./g, '\\.');
      const expected = new RegExp(`^/(assets/.+|tools(/${segment}(/call|/validate)?)?)?$`);
      for (const path of paths) assert.match(path, expected);
      assert.deepEqual(pageErrors, []);
      await page.close();
    });
  }
});
