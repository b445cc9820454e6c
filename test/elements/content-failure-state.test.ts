// What a failed read says (issue 27): the server's message and status with a hint a person can act on, or that
// nothing answered; and what the contents remember between renders: one download per blob, served as inert bytes,
// and what the last Copy said.
import { expect, waitUntil } from '@open-wc/testing';
import { $ } from './content.helpers.js';
import { read } from './content-read.helpers.js';
import { json } from './fetch-stub.js';

const realFetch = window.fetch;
const words = (node: Element | null) => node?.textContent!.replace(/\s+/g, ' ').trim();

/** Runs `run` with a clipboard that refuses to be written, as an http page or an iframe's policy makes it. */
async function withRefusingClipboard(run: () => Promise<void>): Promise<void> {
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
  });
  try {
    await run();
  } finally {
    delete (navigator as unknown as Record<string, unknown>).clipboard;
    Object.defineProperty(Navigator.prototype, 'clipboard', original);
  }
}

describe('content: failures and state', () => {
  it('should say what a failed read means for each status, and when nothing answered', async () => {
    const cases: [Response | (() => Response), string][] = [
      [json({ error: 'Sign in.' }, 401), 'Sign in. (HTTP 401) Enter a Bearer token in the auth bar, then try again.'],
      [json({ error: 'No.' }, 403), 'No. (HTTP 403) This server does not let the console run this.'],
      [json({ error: 'Down.' }, 502), 'Down. (HTTP 502) The MCP server behind the console could not answer.'],
      [json({ error: 'Slow.' }, 504), 'Slow. (HTTP 504) The server took too long to answer.'],
      [json({ error: 'Broke.' }, 500), 'Broke. (HTTP 500)'],
      [
        () => {
          throw new TypeError('Failed to fetch');
        },
        'The server did not answer. Check that it is running and reachable from this page.',
      ],
    ];
    for (const [answer, said] of cases) {
      const el = await read(answer);
      expect(words($(el, '[part=error]'))).to.equal(`Reading file:///r failed: ${said} Retry`);
    }
  });

  it('should keep one download per blob across renders, served as application/octet-stream', async () => {
    const el = await read([
      { uri: 'file:///a.json', mimeType: 'application/json', text: '{"a":1}' },
      { uri: 'file:///page.html', mimeType: 'application/x-unknown', blob: btoa('<b>x</b>') },
    ]);
    const href = $(el, '[part=download]')!.getAttribute('href')!;
    const file = await (await realFetch(href)).blob();
    expect([file.type, await file.text()]).to.deep.equal(['application/octet-stream', '<b>x</b>']);
    // Nothing was copied yet: the status line says nothing.
    expect(words($(el, '.copy-status'))).to.equal('');

    await withRefusingClipboard(async () => {
      $(el, '[part=copy]')!.click();
      await waitUntil(() => words($(el, '.copy-status')), 'Copy said nothing');
    });
    expect(words($(el, '.copy-status'))).to.equal(
      'The browser did not allow copying: select the text and press Ctrl+C (⌘C).',
    );
    // The page drew again for the status, and the link is the same download.
    expect($(el, '[part=download]')!.getAttribute('href')).to.equal(href);
  });
});
