// The page learns which server it fronts and how large a call body may be: `server` holds the `serverInfo` option as
// HTML-escaped JSON and `max-body` the call body limit, on the page's <tool-console>. Hostile text in serverInfo stays
// text: it cannot close the attribute, open a tag or pull a placeholder in, and Chromium reads back the same JSON.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { ServerInfo } from '../../server/index.js';
import { launchChromium } from '../security/browser.js';
import { startConsole } from './helpers.js';

const HOSTILE: ServerInfo = {
  name: '"><script>alert(1)</script><tool-console x="',
  title: "A $& B $` C $' D $$ <<TITLE>> &amp; 'single'",
  version: '1.0.0"onmouseover="alert(2)',
  websiteUrl: 'javascript:alert(3)//"<>',
  instructions: 'Line one\nLine two with </tool-console> and <<SERVER>> and \u00fcnicode \u{1f600}',
};

async function pageOf(options: Parameters<typeof startConsole>[0]): Promise<string> {
  const app = await startConsole(options);
  try {
    const answer = await app.request('GET', '/');
    assert.equal(answer.status, 200);
    return answer.text;
  } finally {
    await app.close();
  }
}

/** The value of one attribute of the page's <tool-console>, as written in the HTML (still escaped). */
function rawAttribute(html: string, name: string): string | undefined {
  return new RegExp(`<tool-console\\s[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];
}

describe('the page: server and max-body', () => {
  it('says nothing about a server when none is given, and the default body limit', async () => {
    const html = await pageOf({});
    assert.equal(rawAttribute(html, 'server'), '');
    assert.equal(rawAttribute(html, 'max-body'), '1048576');
    assert.ok(!html.includes('<<'), 'a placeholder is left in the page');
  });

  it('fills max-body with maxBodyBytes', async () => {
    assert.equal(rawAttribute(await pageOf({ maxBodyBytes: 2048 }), 'max-body'), '2048');
  });

  it('escapes hostile serverInfo: no tag, no attribute and no placeholder comes out of it', async () => {
    const html = await pageOf({ serverInfo: HOSTILE, title: 'Plain' });
    const server = rawAttribute(html, 'server');
    assert.ok(server, 'the server attribute is there');
    assert.doesNotMatch(server, /[<>"]/);
    assert.equal(html.match(/<script/g)?.length, 1, "the page's own module script only");
    assert.ok(!html.includes('onmouseover="'));
    assert.ok(!html.includes('<<'), 'a placeholder is left in the page, or one was pulled in');
    assert.equal(/<title>([^]*?)<\/title>/.exec(html)?.[1], 'Plain', 'the title is untouched');
  });

  it('keeps only the documented fields of serverInfo', async () => {
    const extra = { name: 'n', version: '1', icons: [{ src: 'x' }], secret: 'not for the page' } as ServerInfo;
    const html = await pageOf({ serverInfo: extra });
    assert.equal(rawAttribute(html, 'server'), '{&quot;name&quot;:&quot;n&quot;,&quot;version&quot;:&quot;1&quot;}');
  });

  describe('in Chromium', () => {
    let browser: Browser;
    before(async () => {
      browser = await launchChromium();
    });
    after(() => browser.close());

    it('reads the server attribute back as the same JSON, and max-body as the limit', async () => {
      const app = await startConsole({ serverInfo: HOSTILE, maxBodyBytes: 4096 });
      try {
        const page = await browser.newPage();
        let dialogs = 0;
        page.on('dialog', (dialog) => {
          dialogs++;
          void dialog.dismiss();
        });
        await page.goto(`http://127.0.0.1:${app.port}/`);
        const read = await page.evaluate(() => {
          const element = document.querySelector('tool-console')!;
          return {
            server: element.getAttribute('server'),
            maxBody: element.getAttribute('max-body'),
            consoles: document.querySelectorAll('tool-console').length,
            scripts: document.querySelectorAll('script').length,
          };
        });
        assert.deepEqual(JSON.parse(read.server ?? ''), HOSTILE);
        assert.equal(read.maxBody, '4096');
        assert.equal(read.consoles, 1);
        assert.equal(read.scripts, 1);
        assert.equal(dialogs, 0, 'no script ran');
      } finally {
        await app.close();
      }
    });
  });
});

describe('the serverInfo option', () => {
  it('is checked at startup', async () => {
    for (const [serverInfo, message] of [
      [null, 'tool-console: serverInfo must be an object with a string name'],
      ['fixture', 'tool-console: serverInfo must be an object with a string name'],
      [{ title: 'no name' }, 'tool-console: serverInfo must be an object with a string name'],
      [{ name: 'n', version: 2 }, 'tool-console: serverInfo.version must be a string'],
      [{ name: 'n', instructions: ['a'] }, 'tool-console: serverInfo.instructions must be a string'],
    ] as const) {
      await assert.rejects(
        startConsole({ serverInfo: serverInfo as unknown as ServerInfo }),
        { name: 'TypeError', message },
        JSON.stringify(serverInfo),
      );
    }
  });
});
