// Reading a result's resources in place (issue 27): what the item says while the read is under way, an empty or
// partly malformed answer, a backend that does not answer, one read per URI, which URIs offer Open, and a read that
// outlives its result (replaced, or the element removed) showing nothing under the newer one.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { ToolApi, type ReadResourceResult } from '../../elements/api.js';
import type { ToolResult } from '../../elements/tool-result/tool-result.js';
import { json, stubFetch, type FetchCall } from './fetch-stub.js';
import { $, $$, openTab, outcome } from './tool-result.helpers.js';

const link = (uri: unknown) => ({ type: 'resource_link', uri, name: 'r' });
const embedded = (uri: string) => ({ type: 'resource', resource: { uri, text: 'inline' } });

async function resultWith(content: unknown[], api: unknown = new ToolApi('/api/tools')): Promise<ToolResult> {
  const el = await fixture<ToolResult>(
    html`<tool-result .api=${api} .outcome=${outcome({ content: content as never })}></tool-result>`,
  );
  await el.updateComplete;
  return el;
}

const item = (el: ToolResult, index = 0) => $$(el, '[part=item]')[index];
const text = (node: Element) => node.textContent!.replace(/\s+/g, ' ').trim();
const openButtons = (el: ToolResult) => $$(el, '[part=item]').map((node) => node.querySelector('button.open') !== null);

/** A backend whose answers to resources/read the test releases one at a time. */
function heldBackend() {
  const held: { call: FetchCall; answer: (response: Response) => void }[] = [];
  const { calls } = stubFetch((call) => new Promise<Response>((answer) => held.push({ call, answer })));
  return { held, calls };
}

describe('<tool-result> reading resources', () => {
  it('should say a resource is being read, then show its contents as a named group', async () => {
    const { held } = heldBackend();
    const el = await resultWith([link('file:///notes.md')]);
    item(el).querySelector<HTMLButtonElement>('button.open')!.click();
    await waitUntil(() => held.length === 1, 'nothing was read');
    await el.updateComplete;
    const notice = item(el).querySelector('[role=status]')!;
    expect(text(notice)).to.equal('Reading file:///notes.md…');
    expect(item(el).querySelector('button.open')?.outerHTML).to.equal(undefined);
    held[0].answer(json({ contents: [{ uri: 'file:///notes.md', text: 'the notes' }] }));
    await waitUntil(() => item(el).querySelector('[role=group]'), 'the contents never came');
    const group = item(el).querySelector('[role=group]')!;
    expect(group.getAttribute('aria-label')).to.equal('Contents of file:///notes.md');
    expect(text(group)).to.contain('the notes');
    expect(item(el).querySelector('[role=status]')?.outerHTML).to.equal(undefined);
  });

  it('should say an empty resource is empty, and skip entries of an answer that are no contents', async () => {
    stubFetch(({ body }) => {
      const { uri } = body as { uri: string };
      if (uri === 'file:///empty') return json({ contents: [] });
      return json({ contents: [null, 'junk', { uri, mimeType: 'audio/wav', blob: 'UklGRg==' }] });
    });
    const el = await resultWith([link('file:///empty'), link('file:///sound.wav')]);
    item(el, 0).querySelector<HTMLButtonElement>('button.open')!.click();
    item(el, 1).querySelector<HTMLButtonElement>('button.open')!.click();
    await waitUntil(() => $$(el, '[role=group]').length === 2, 'the contents never came');
    expect(text(item(el, 0).querySelector('[role=group]')!)).to.equal('It is empty.');
    const sound = item(el, 1).querySelector('[role=group]')!;
    expect(sound.querySelector('audio')!.getAttribute('src')).to.equal('data:audio/wav;base64,UklGRg==');
    expect(sound.querySelectorAll('[part=item], pre')).to.have.length(0);
  });

  it('should say the server did not answer when the read gets no answer', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const el = await resultWith([link('file:///far')]);
    item(el).querySelector<HTMLButtonElement>('button.open')!.click();
    await waitUntil(() => item(el).querySelector('[role=alert]'), 'no failure was shown');
    expect(text(item(el).querySelector('[role=alert]')!)).to.equal(
      'Reading file:///far failed: the server did not answer.',
    );
  });

  it('should read a URI once and show it under every item that links to it, across views', async () => {
    const { calls } = stubFetch(({ body }) =>
      json({ contents: [{ uri: (body as { uri: string }).uri, text: 'one' }] }),
    );
    const el = await resultWith([link('file:///same'), link('file:///same')]);
    item(el, 0).querySelector<HTMLButtonElement>('button.open')!.click();
    await waitUntil(() => $$(el, '[role=group]').length === 2, 'both items should show the contents');
    expect(calls).to.have.length(1);
    await openTab(el, 'Raw');
    await openTab(el, 'Result');
    expect($$(el, '[role=group] pre').map(text)).to.deep.equal(['one', 'one']);
  });

  it('should offer Open only for a link with a URI, and for embedded resources whose URI is no web address', async () => {
    stubFetch(() => json({ contents: [] }));
    const el = await resultWith([
      link(''),
      link(7),
      link(undefined),
      link('ui://app/data:chart'),
      embedded('ui://app/https://x'),
      embedded('http://example.com/page'),
      embedded('HTTPS://EXAMPLE.COM/'),
      embedded('DATA:text/plain,hi'),
      embedded('blob:http://h/1'),
      embedded('file:///x.txt'),
    ]);
    expect(openButtons(el)).to.deep.equal([false, false, false, true, true, false, false, false, false, true]);
  });

  it('should drop a read under way when a newer result comes, even for the same URI', async () => {
    const { held } = heldBackend();
    const el = await resultWith([link('file:///notes.md')]);
    item(el).querySelector<HTMLButtonElement>('button.open')!.click();
    await waitUntil(() => held.length === 1, 'nothing was read');
    el.outcome = outcome({ content: [link('file:///notes.md')] as never });
    await el.updateComplete;
    expect(held[0].call.signal!.aborted).to.equal(true);
    // The aborted read has settled (as a failure): the newer result still offers Open, and says nothing of it.
    await new Promise((resolve) => setTimeout(resolve));
    await el.updateComplete;
    expect(openButtons(el)).to.deep.equal([true]);
    expect(item(el).querySelector('[role=alert], [role=status], [role=group]')?.outerHTML).to.equal(undefined);
  });

  it('should not show an answer that arrives after its result was replaced', async () => {
    // A backend that answers whatever the signal says, as an embedding page's own ToolApi may.
    let release!: (result: ReadResourceResult) => void;
    const api = {
      readResource: () => new Promise<ReadResourceResult>((resolve) => (release = resolve)),
    };
    const el = await resultWith([link('file:///notes.md')], api);
    item(el).querySelector<HTMLButtonElement>('button.open')!.click();
    await waitUntil(() => release, 'nothing was read');
    el.outcome = outcome({ content: [link('file:///notes.md')] as never });
    await el.updateComplete;
    release({ contents: [{ uri: 'file:///notes.md', text: 'stale notes' }] });
    await new Promise((resolve) => setTimeout(resolve));
    await el.updateComplete;
    expect(openButtons(el)).to.deep.equal([true]);
    expect(text($(el, '[role=tabpanel]')!)).not.to.contain('stale notes');
  });

  it('should stop a read under way when it leaves the page, and offer Open again when back', async () => {
    const { held } = heldBackend();
    const el = await resultWith([link('file:///notes.md')]);
    item(el).querySelector<HTMLButtonElement>('button.open')!.click();
    await waitUntil(() => held.length === 1, 'nothing was read');
    const parent = el.parentElement!;
    el.remove();
    expect(held[0].call.signal!.aborted).to.equal(true);
    parent.append(el);
    await el.updateComplete;
    // Not stuck on “Reading…” for a read that will never end.
    expect(item(el).querySelector('[role=status]')?.outerHTML).to.equal(undefined);
    expect(openButtons(el)).to.deep.equal([true]);
  });
});
