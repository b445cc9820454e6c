// How each content item of a tool's result reads (issue 27): its label (kind, MIME type, size), text and JSON text,
// images and audio named by their type, media that cannot be shown, embedded resources with text, a blob or neither,
// resource links, and kinds the console does not know. Untrusted text stays text.
import { expect } from '@open-wc/testing';
import type { CallResult } from '../../elements/api.js';
import type { ToolResult } from '../../elements/tool-result/tool-result.js';
import { XSS, expectNoInjection } from './content.helpers.js';
import { $$, PNG, outcome, show } from './tool-result.helpers.js';

const words = (node: Element | null | undefined) => node?.textContent!.replace(/\s+/g, ' ').trim();

async function shown(...content: unknown[]): Promise<ToolResult> {
  return show(outcome({ content } as CallResult));
}

/** Each item's label (its kind and detail, apart on the page) and what it shows under the label. */
const read = (el: ToolResult) =>
  $$(el, '[part=item]').map((item) => {
    const label = item.querySelector('.item-label')!;
    return {
      label: [...label.children].map((span) => words(span)).join(' '),
      body: words(item)!.slice(words(label)!.length).trim(),
    };
  });

describe('content: items of a result', () => {
  afterEach(() => {
    delete (window as { __xss?: unknown }).__xss;
  });

  it('should show text and JSON text in the card, a JSON value as indented JSON, and markup as text', async () => {
    const el = await shown(
      { type: 'text', text: 'plain words' },
      { type: 'text', text: '{"a":1}' },
      { type: 'text', text: { b: [2] } },
      { type: 'text', text: XSS },
    );
    const pres = $$(el, '[part=item] > pre');
    expect(pres.map((pre) => pre.textContent)).to.deep.equal([
      'plain words',
      '{\n  "a": 1\n}',
      '{\n  "b": [\n    2\n  ]\n}',
      XSS,
    ]);
    // Text and JSON sit in the item's card, with no panel of their own.
    expect(pres.map((pre) => getComputedStyle(pre).paddingTop)).to.deep.equal(['0px', '0px', '0px', '0px']);
    expectNoInjection(el);
  });

  it('should label images and audio with their type and size, and name them by their type', async () => {
    const el = await shown(
      { type: 'image', mimeType: 'image/png', data: PNG },
      { type: 'audio', mimeType: 'audio/wav', data: 'UklGRgAAAABXQVZF' },
    );
    expect(read(el).map((item) => item.label)).to.deep.equal(['image image/png · 68 B', 'audio audio/wav · 12 B']);
    expect($$(el, 'img[part=image]').map((img) => img.getAttribute('alt'))).to.deep.equal(['Image result (image/png)']);
    expect($$(el, 'audio[part=audio]').map((audio) => audio.getAttribute('aria-label'))).to.deep.equal([
      'Audio result (audio/wav)',
    ]);
  });

  it('should say why media is not shown, and show it as JSON with its data as a size', async () => {
    const el = await shown(
      { type: 'image', mimeType: 'text/plain', data: btoa('abc') },
      { type: 'audio', mimeType: 'audio/wav' },
      { type: 'image', mimeType: 'image/png', data: 42 },
    );
    const notice = (kind: string) => `Not shown: ${kind} content needs a ${kind}/* type and base64 data.`;
    expect(read(el)).to.deep.equal([
      {
        label: 'image text/plain',
        body: `${notice('image')} { "type": "image", "mimeType": "text/plain", "data": "(3 B)" }`,
      },
      { label: 'audio audio/wav', body: `${notice('audio')} { "type": "audio", "mimeType": "audio/wav" }` },
      { label: 'image image/png', body: `${notice('image')} { "type": "image", "mimeType": "image/png", "data": 42 }` },
    ]);
  });

  it('should show an embedded resource by its URI and type: its text, a download of its blob, or its JSON', async () => {
    const el = await shown(
      { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' } },
      { type: 'resource', resource: { mimeType: 'text/plain', text: 'no uri' } },
      { type: 'resource', resource: { uri: 'file:///b.bin', blob: btoa('xyz') } },
      { type: 'resource', resource: { uri: 'file:///c', size: 3 } },
      { type: 'resource', resource: 'not an object' },
    );
    expect(read(el)).to.deep.equal([
      { label: 'resource file:///a.txt · text/plain', body: 'hello' },
      { label: 'resource text/plain', body: 'no uri' },
      { label: 'resource file:///b.bin', body: 'Download b.bin (3 B)' },
      { label: 'resource file:///c', body: '{ "uri": "file:///c", "size": 3 }' },
      { label: 'resource', body: '{}' },
    ]);
  });

  it('should show a resource link by its title or name, its URI when that differs, its type and description', async () => {
    const el = await shown(
      {
        type: 'resource_link',
        uri: 'https://x.test/r.csv',
        name: 'report',
        mimeType: 'text/csv',
        description: 'Monthly',
      },
      { type: 'resource_link', uri: 'file:///notes.txt', title: 42, name: 'notes' },
      { type: 'resource_link', uri: 'file:///bare.txt', mimeType: 7 },
    );
    expect(read(el)).to.deep.equal([
      { label: 'resource link text/csv', body: 'report https://x.test/r.csv Monthly' },
      { label: 'resource link', body: 'notes file:///notes.txt' },
      { label: 'resource link', body: 'file:///bare.txt' },
    ]);
    const link = $$(el, 'a[part=link]');
    expect(link.map((a) => [a.getAttribute('href'), a.textContent])).to.deep.equal([
      ['https://x.test/r.csv', 'report'],
    ]);
    expect($$(el, '.link .name').map((span) => span.textContent)).to.deep.equal(['notes', 'file:///bare.txt']);
  });

  it('should show kinds it does not know as JSON, named by their type or "unknown"', async () => {
    const el = await shown({ type: 'video', url: 'v.mp4' }, { type: 5 }, 'just words');
    expect(read(el)).to.deep.equal([
      { label: 'video shown as JSON', body: '{ "type": "video", "url": "v.mp4" }' },
      { label: 'unknown shown as JSON', body: '{ "type": 5 }' },
      { label: 'unknown shown as JSON', body: '"just words"' },
    ]);
  });
});
