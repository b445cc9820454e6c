// The page's placeholders are filled literally: `$` patterns (`$&`, `` $` ``, `$'`, `$$`, `$1`, `$<x>`) in the title or
// the mount path mean nothing special. (String.replace reads them in a replacement string: `A $& B` rendered
// `A <<TITLE>>amp; B`, and `` $` `` copied the template's HTML into the title.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml } from '../../server/core/page/page.js';
import { startConsole } from './helpers.js';

const TITLES = [
  'A $& B',
  'A $` B',
  "A $' B",
  'A $$ B',
  'A $1 B',
  'A $<x> B',
  "$&$`$'$$$0$<title>",
  'A $& <b> & $` "q"',
];

async function pageOf(options: { title?: string; prefix?: string; allowExecute?: boolean }, path = '/') {
  const app = await startConsole(options);
  try {
    const answer = await app.request('GET', path);
    assert.equal(answer.status, 200);
    return answer.text;
  } finally {
    await app.close();
  }
}

describe('the page title', () => {
  for (const title of TITLES) {
    it(`is exactly the escaped text for ${JSON.stringify(title)}, in <title> and the heading`, async () => {
      const html = await pageOf({ title, allowExecute: true });
      assert.equal(/<title>([^]*?)<\/title>/.exec(html)?.[1], escapeHtml(title));
      assert.equal(/<tool-console[^>]* heading="([^"]*)"/.exec(html)?.[1], escapeHtml(title));
      assert.match(html, /<tool-console[^>]* execution="true"/);
      assert.ok(!html.includes('<<'), 'a placeholder is left in the page');
      assert.equal(html.match(/<title>/g)?.length, 1, 'template HTML was copied into the page');
    });
  }

  it('inserts a <base> for a mount path with $ patterns literally', async () => {
    const prefix = "/x$&y$'z$$";
    const html = await pageOf({ prefix, title: 'A $` B' }, prefix);
    assert.match(html, /<head><base href="x\$&amp;y\$&#39;z\$\$\/">\n/);
    assert.equal(/<title>([^]*?)<\/title>/.exec(html)?.[1], 'A $` B');
    assert.equal(html.match(/<head>|<base /g)?.length, 2);
  });
});
