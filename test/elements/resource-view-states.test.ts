// <resource-view> between its main states: nothing chosen or no backend, reading and reading again, an empty or odd
// answer, a failure's hint; Subscribe while it is out, without a catalog, failing and succeeding, and what happens to
// the subscription, the Copy status and the update line when another resource (or the same one again) is shown.
// The contents themselves are resource-view.test.ts.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ResourceSummary } from '../../elements/api.js';
import '../../elements/resource-view/resource-view.js';
import type { ResourceView } from '../../elements/resource-view/resource-view.js';
import { $, $$, backend } from './content.helpers.js';
import { json, stubFetch, type FetchCall } from './fetch-stub.js';

const NOTES: ResourceSummary = { uri: 'file:///notes.txt', name: 'notes' };
const TODO: ResourceSummary = { uri: 'file:///todo.txt', name: 'todo' };

/** A request the test answers by hand. */
function held() {
  let answer!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => (answer = resolve));
  return { response, answer };
}

/** A backend whose every answer comes from `answer`, recording each request as `path {uri}`. */
function stub(answer: (path: string, call: FetchCall) => Response | Promise<Response>) {
  const { calls } = stubFetch((call) => answer(new URL(call.url).pathname, call));
  const asked = () => calls.map((call) => `${new URL(call.url).pathname} ${(call.body as { uri?: string })?.uri}`);
  return { calls, asked };
}
const text = (uri: string, words: string) => json({ contents: [{ uri, mimeType: 'text/plain', text: words }] });
const ok = () => new Response(null, { status: 204 });

async function view(resource: ResourceSummary | undefined, options: { catalog?: boolean; api?: boolean } = {}) {
  const { api, catalog } = backend();
  return fixture<ResourceView>(
    html`<resource-view
      .api=${options.api === false ? undefined : api}
      .catalog=${options.catalog === false ? undefined : catalog}
      .resource=${resource}
      subscribable
    ></resource-view>`,
  );
}
const status = (el: ResourceView) =>
  $$(el, '[role=status]')
    .map((s) => s.textContent!.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
const toggle = (el: ResourceView) => $(el, '[part=subscribe]') as HTMLButtonElement;
const alertText = (el: ResourceView) => $(el, '.header ~ [role=alert]')?.textContent ?? '';

describe('<resource-view> states', () => {
  it('should say no resource is chosen, and read nothing without one', async () => {
    const { calls } = stub(() => json({ error: 'Not expected' }, 500));
    const el = await view(undefined);
    expect(el.shadowRoot!.textContent!.trim()).to.equal('No resource chosen.');
    await el.updateComplete;
    expect(calls.length).to.equal(0);
  });

  it('should show the metadata and read nothing without a backend', async () => {
    const { calls } = stub(() => json({ error: 'Not expected' }, 500));
    const el = await view({ ...NOTES, title: 'notes' }, { api: false });
    await el.updateComplete;
    expect(calls.length).to.equal(0);
    expect(
      $$(el, '[part=metadata] dt').map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`),
    ).to.deep.equal(['URI: file:///notes.txt']);
    expect([status(el), $(el, '[part=error]') === null, $(el, '[part=contents]') === null]).to.deep.equal([
      [],
      true,
      true,
    ]);
  });

  it('should say it is reading, then reading again while the old contents stay', async () => {
    let pending = held();
    stub(() => pending.response);
    const el = await view(NOTES);
    await waitUntil(() => status(el).length, 'reading');
    expect(status(el)).to.deep.equal(['Reading…']);
    pending.answer(text(NOTES.uri, 'first'));
    await waitUntil(() => $(el, '[part=contents]'), 'read');
    expect([status(el), $(el, '[part=contents]')!.getAttribute('aria-label')]).to.deep.equal([
      [],
      'Contents of file:///notes.txt',
    ]);
    pending = held();
    const refreshed = el.refresh();
    await waitUntil(() => status(el).length, 'reading again');
    expect([status(el), $(el, '[part=item] pre')!.textContent]).to.deep.equal([['Reading again…'], 'first']);
    pending.answer(text(NOTES.uri, 'second'));
    await refreshed;
    expect($(el, '[part=item] pre')!.textContent).to.equal('second');
    expect(status(el)[0]).to.match(/^Updated once by the server, read again at /);
  });

  it('should say an empty resource is empty, and show only the items that are objects', async () => {
    stub((path, call) =>
      (call.body as { uri: string }).uri === NOTES.uri
        ? json({ contents: [] })
        : json({ contents: ['junk', 7, { uri: TODO.uri, mimeType: 'text/plain', text: 'kept' }] }),
    );
    const el = await view(NOTES);
    await waitUntil(() => $(el, '[part=contents]'), 'read');
    expect($(el, '[part=contents]')!.textContent!.trim()).to.equal('The resource is empty.');
    el.resource = TODO;
    await waitUntil(() => $(el, '[part=item]'), 'read');
    expect($$(el, '[part=item]').map((item) => item.querySelector('pre')?.textContent)).to.deep.equal(['kept']);
  });

  it('should give the hint of a failed read', async () => {
    stub(() => json({ error: 'Sign in first.' }, 401));
    const el = await view(NOTES);
    await waitUntil(() => $(el, '[part=error]'), 'failed');
    expect($(el, '[part=error] p')!.textContent).to.equal('Enter a Bearer token in the auth bar, then try again.');
  });

  it('should name metadata rows only for what the server gave', async () => {
    stub(() => text(NOTES.uri, 'x'));
    const rows = async (resource: ResourceSummary) => {
      const el = await view(resource);
      return $$(el, '[part=metadata] dt').map((dt) => dt.textContent);
    };
    expect(await rows({ ...NOTES, title: 'notes' })).to.deep.equal(['URI']);
    expect(await rows({ ...NOTES, title: '' })).to.deep.equal(['URI']);
    expect(await rows({ ...NOTES, title: 'Notes', mimeType: '', size: 0 })).to.deep.equal(['Name', 'URI', 'Size']);
  });
});

describe('<resource-view> Subscribe', () => {
  it('should offer no Subscribe without a catalog', async () => {
    stub(() => text(NOTES.uri, 'x'));
    const el = await view(NOTES, { catalog: false });
    expect([toggle(el).textContent!.trim(), toggle(el).disabled]).to.deep.equal(['Subscribe', true]);
  });

  it('should hold the toggle while it is out, clear a failure on the next try, and say a failed unsubscribe', async () => {
    let pending = held();
    const { asked } = stub((path) => (path === '/resources/read' ? text(NOTES.uri, 'x') : pending.response));
    const el = await view(NOTES);
    expect([toggle(el).textContent!.trim(), toggle(el).disabled, alertText(el)]).to.deep.equal([
      'Subscribe',
      false,
      '',
    ]);
    toggle(el).click();
    await el.updateComplete;
    expect(toggle(el).disabled).to.equal(true);
    pending.answer(json({ error: 'Busy.' }, 502));
    await waitUntil(() => alertText(el), 'the failure is shown');
    expect(alertText(el)).to.equal(
      'Subscribing failed: Busy. (HTTP 502) The MCP server behind the console could not answer.',
    );
    pending = held();
    toggle(el).click();
    await el.updateComplete;
    expect(alertText(el)).to.equal('');
    pending.answer(ok());
    await waitUntil(() => toggle(el).getAttribute('aria-pressed') === 'true', 'subscribed');
    pending = held();
    toggle(el).click();
    pending.answer(json({ error: 'No.' }, 400));
    await waitUntil(() => alertText(el), 'the failure is shown');
    expect([alertText(el), toggle(el).getAttribute('aria-pressed')]).to.deep.equal([
      'Unsubscribing failed: No. (HTTP 400)',
      'true',
    ]);
    expect(asked().filter((a) => !a.startsWith('/resources/read'))).to.deep.equal([
      '/resources/subscribe file:///notes.txt',
      '/resources/subscribe file:///notes.txt',
      '/resources/unsubscribe file:///notes.txt',
    ]);
  });

  it('should keep the subscription for the same resource, and leave it (once) for another', async () => {
    const { asked } = stub((path, call) =>
      path === '/resources/read' ? text((call.body as { uri: string }).uri, 'x') : ok(),
    );
    const el = await view(NOTES);
    toggle(el).click();
    await waitUntil(() => toggle(el).getAttribute('aria-pressed') === 'true', 'subscribed');
    el.resource = { ...NOTES, title: 'Notes, renamed' };
    await el.updateComplete;
    expect(toggle(el).getAttribute('aria-pressed')).to.equal('true');
    el.resource = TODO;
    await el.updateComplete;
    expect(toggle(el).getAttribute('aria-pressed')).to.equal('false');
    el.resource = NOTES;
    await el.updateComplete;
    el.remove();
    expect(asked().filter((a) => !a.startsWith('/resources/read'))).to.deep.equal([
      '/resources/subscribe file:///notes.txt',
      '/resources/unsubscribe file:///notes.txt',
    ]);
  });

  it('should leave the subscription when the resource is taken away', async () => {
    const { asked } = stub((path) => (path === '/resources/read' ? text(NOTES.uri, 'x') : ok()));
    const el = await view(NOTES);
    toggle(el).click();
    await waitUntil(() => toggle(el).getAttribute('aria-pressed') === 'true', 'subscribed');
    el.resource = undefined;
    await el.updateComplete;
    expect(el.shadowRoot!.textContent!.trim()).to.equal('No resource chosen.');
    expect(asked().at(-1)).to.equal('/resources/unsubscribe file:///notes.txt');
  });
});

describe('<resource-view> Copy URI and the update line across resources', () => {
  it('should say when the browser refused to copy, and forget it for another resource', async () => {
    stub((path, call) => text((call.body as { uri: string }).uri, 'x'));
    const el = await view(NOTES);
    await waitUntil(() => $(el, '[part=contents]'), 'read');
    expect(status(el)).to.deep.equal([]);
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
    try {
      $(el, '[part=copy-uri]')!.click();
      await waitUntil(() => status(el).length, 'the refusal is shown');
    } finally {
      delete (navigator as unknown as Record<string, unknown>).clipboard;
      Object.defineProperty(Navigator.prototype, 'clipboard', original);
    }
    expect(status(el)).to.deep.equal(['The browser did not allow copying: select the URI and press Ctrl+C (⌘C).']);
    el.resource = TODO;
    await el.updateComplete;
    expect(status(el).filter((s) => !s.startsWith('Reading'))).to.deep.equal([]);
  });

  it('should keep saying an update arrived when the same resource is shown again', async () => {
    stub((path, call) => text((call.body as { uri: string }).uri, 'x'));
    const el = await view(NOTES);
    await waitUntil(() => $(el, '[part=contents]'), 'read');
    await el.refresh();
    el.resource = { ...NOTES, title: 'Notes, renamed' };
    await el.updateComplete;
    expect($(el, '[part=updated]')?.textContent ?? '').to.match(/Updated once by the server/);
  });
});
