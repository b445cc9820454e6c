// Opening the resources a result links to (issue 13): resource links, and embedded resources only the server can read,
// offer Open; the resource is read through POST resources/read as the person, and shown with the result renderers.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { ToolApi } from '../../elements/api.js';
import type { ToolResult } from '../../elements/tool-result/tool-result.js';
import { json, stubFetch } from './fetch-stub.js';
import { $, $$, PNG, outcome } from './tool-result.helpers.js';

const CONTENTS: Record<string, unknown> = {
  'file:///notes.md': [{ uri: 'file:///notes.md', mimeType: 'text/plain', text: '<b>plain</b> notes' }],
  'ui://pics/dot.png': [{ uri: 'ui://pics/dot.png', mimeType: 'image/png', blob: PNG }],
  'ui://data/report.bin': [{ uri: 'ui://data/report.bin', mimeType: 'application/octet-stream', blob: btoa('bytes') }],
};

async function resultWith(content: unknown[], api?: ToolApi): Promise<ToolResult> {
  const el = await fixture<ToolResult>(
    html`<tool-result .api=${api} .outcome=${outcome({ content: content as never })}></tool-result>`,
  );
  await el.updateComplete;
  return el;
}

async function open(el: ToolResult, index: number): Promise<HTMLElement> {
  const item = $$(el, '[part=item]')[index];
  item.querySelector<HTMLButtonElement>('button.open')!.click();
  await waitUntil(() => item.querySelector('.opened, [role=alert]'), 'the resource was never shown');
  return item;
}

describe('<tool-result> resource links', () => {
  let reads: { uri: string; headers: Record<string, string> }[];
  beforeEach(() => {
    reads = [];
    stubFetch(({ url, body, init }) => {
      if (!url.endsWith('/api/resources/read')) return json({ error: 'unexpected' }, 500);
      const { uri } = body as { uri: string };
      reads.push({ uri, headers: init!.headers as Record<string, string> });
      return uri in CONTENTS ? json({ contents: CONTENTS[uri] }) : json({ error: `Resource ${uri} not found` }, 404);
    });
  });

  const links = [
    { type: 'resource_link', uri: 'file:///notes.md', name: 'notes.md' },
    { type: 'resource_link', uri: 'ui://pics/dot.png', name: 'dot' },
    { type: 'resource', resource: { uri: 'ui://data/report.bin', mimeType: 'text/plain', text: 'summary' } },
    { type: 'resource', resource: { uri: 'https://example.com/page', text: 'a web page' } },
    { type: 'resource_link', uri: 'file:///missing', name: 'missing' },
  ];

  it('should read a linked resource as the person and show its text as text', async () => {
    const el = await resultWith(links, new ToolApi('/api/tools'));
    const item = await open(el, 0);
    expect(reads).to.have.length(1);
    expect(reads[0].uri).to.equal('file:///notes.md');
    expect(reads[0].headers['Tool-Caller']).to.equal(undefined);
    expect(item.querySelector('.opened pre')!.textContent).to.equal('<b>plain</b> notes');
    expect(item.querySelector('.opened b')).to.equal(null);
    expect(item.querySelector('button.open')).to.equal(null);
  });

  it('should show an image resource as an image, and other bytes as a download', async () => {
    const el = await resultWith(links, new ToolApi('/api/tools'));
    const image = await open(el, 1);
    expect(image.querySelector<HTMLImageElement>('.opened img')!.src).to.equal(`data:image/png;base64,${PNG}`);
    const blob = await open(el, 2);
    const download = blob.querySelector<HTMLAnchorElement>('.opened a[download]')!;
    expect(download.download).to.equal('report.bin');
    expect(download.href).to.match(/^blob:/);
    expect(download.textContent).to.contain('(5 B)');
  });

  it('should offer Open for links and server-only embedded resources, not web pages, and only with a backend', async () => {
    const el = await resultWith(links, new ToolApi('/api/tools'));
    expect($$(el, '[part=item]').map((item) => Boolean(item.querySelector('button.open')))).to.deep.equal([
      true,
      true,
      true,
      false,
      true,
    ]);
    const alone = await resultWith(links);
    expect($(alone, 'button.open')).to.equal(null);
  });

  it('should say why a resource could not be read', async () => {
    const el = await resultWith(links, new ToolApi('/api/tools'));
    const item = await open(el, 4);
    expect(item.querySelector('[role=alert]')!.textContent).to.equal(
      'Reading file:///missing failed: Resource file:///missing not found',
    );
  });
});
