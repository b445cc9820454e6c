// <resource-view> (issue 29): a resource's metadata and its contents as the backend reads them, each drawn by its
// MIME type; a 5 MB text shown in part first; Subscribe, refresh(), Copy URI; what a failed read says; XSS as text.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { ReadResourceResult, ResourceSummary } from '../../elements/api.js';
import '../../elements/resource-view/resource-view.js';
import type { ResourceView } from '../../elements/resource-view/resource-view.js';
import { $, $$, XSS, backend, expectNoInjection, seen } from './content.helpers.js';
import { eventStream, json, stubFetch, type FetchCall } from './fetch-stub.js';
import { PNG, withClipboard } from './tool-result.helpers.js';

const realFetch = window.fetch;

/** A backend whose `resources/read` answers `read(uri)`; every request is recorded. */
function reads(read: (uri: string, call: FetchCall) => Response | ReadResourceResult) {
  return stubFetch((call) => {
    if (call.url === 'http://h/resources/read') {
      const answer = read((call.body as { uri: string }).uri, call);
      return answer instanceof Response ? answer : json(answer);
    }
    if (call.url === 'http://h/resources/subscribe' || call.url === 'http://h/resources/unsubscribe') {
      return new Response(null, { status: 204 });
    }
    return json({ error: 'Not found' }, 404);
  });
}

async function show(resource: ResourceSummary, subscribable = false): Promise<ResourceView> {
  const { api, catalog } = backend();
  const el = await fixture<ResourceView>(
    html`<resource-view .api=${api} .catalog=${catalog} .resource=${resource} ?subscribable=${subscribable}></resource-view>`,
  );
  await waitUntil(() => $(el, '[part=contents], [part=error]'), 'the read never ended');
  return el;
}

const one = (uri: string, fields: Record<string, unknown>) => ({ contents: [{ uri, ...fields }] });

describe('<resource-view>', () => {
  afterEach(() => {
    delete (window as { __xss?: unknown }).__xss;
  });

  it('should show the metadata and read the contents through the backend', async () => {
    const { calls } = reads((uri) => one(uri, { mimeType: 'text/plain', text: 'Hello, resources' }));
    const el = await show({
      uri: 'file:///notes.txt',
      name: 'notes',
      title: 'My notes',
      description: 'What I wrote down',
      mimeType: 'text/plain',
      size: 2048,
      annotations: { audience: ['user', 'assistant'], priority: 0.5, lastModified: '2025-01-12T15:00:58Z' },
    });
    expect(calls.map((call) => [call.method, call.url, call.body])).to.deep.equal([
      ['POST', 'http://h/resources/read', { uri: 'file:///notes.txt' }],
    ]);
    expect($(el, 'h3')!.textContent).to.equal('My notes');
    expect($(el, '.description')!.textContent).to.equal('What I wrote down');
    const rows = $$(el, '[part=metadata] dt').map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`);
    expect(rows).to.deep.equal([
      'Name: notes',
      'URI: file:///notes.txt',
      'MIME type: text/plain',
      'Size: 2 KB',
      'Audience: user, assistant',
      'Priority: 0.5',
      'Last modified: 2025-01-12T15:00:58Z',
    ]);
    expect($(el, '[part=item] pre')!.textContent).to.equal('Hello, resources');
    expect($(el, '[part=subscribe]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('should fold JSON into a tree and copy it as indented JSON', async () => {
    reads((uri) => one(uri, { mimeType: 'application/json', text: '{"city":"Lagos","days":[{"t":31},{"t":30}]}' }));
    const el = await show({ uri: 'data://weather.json', name: 'weather' });
    const tree = $(el, '[part=json-tree]')!;
    const details = [...tree.querySelectorAll('details')];
    expect(details.map((d) => d.open)).to.deep.equal([true, true, false, false]);
    expect(tree.querySelector('summary')!.textContent!.trim()).to.equal('{2 keys}');
    expect(tree.textContent).to.contain('city').and.to.contain('"Lagos"').and.to.contain('[2 items]');
    const written = await withClipboard(async () => {
      $(el, '[part=copy]')!.click();
      await waitUntil(() => $(el, '.copy-status')!.textContent === 'Copied.');
    });
    expect(written).to.deep.equal([JSON.stringify({ city: 'Lagos', days: [{ t: 31 }, { t: 30 }] }, null, 2)]);
  });

  it('should say JSON that does not parse is shown as text', async () => {
    reads((uri) => one(uri, { mimeType: 'application/json', text: '{"broken":' }));
    const el = await show({ uri: 'data://broken.json', name: 'broken' });
    expect(seen(el)).to.contain('Not valid JSON: shown as text.');
    expect($(el, '[part=item] pre')!.textContent).to.equal('{"broken":');
  });

  it('should draw Markdown, CSV as a table, and HTML as its source', async () => {
    const csv = 'name,note\n"Smith, J.","said ""hi"""\nDoe,plain\n';
    reads((uri) => ({
      contents: [
        { uri: `${uri}/readme.md`, mimeType: 'text/markdown', text: '**Bold** and `code`' },
        { uri: `${uri}/people.csv`, mimeType: 'text/csv', text: csv },
        {
          uri: `${uri}/page.html`,
          mimeType: 'text/html',
          text: '<h1>Hi</h1><iframe src="https://example.com"></iframe>',
        },
      ],
    }));
    const el = await show({ uri: 'file:///docs', name: 'docs' });
    const [markdown, table, source] = $$(el, '[part=item]');
    expect(markdown.querySelector('.markdown strong')!.textContent).to.equal('Bold');
    expect(markdown.querySelector('.markdown code')!.textContent).to.equal('code');
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).to.deep.equal(['name', 'note']);
    const cells = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(cells).to.deep.equal([
      ['Smith, J.', 'said "hi"'],
      ['Doe', 'plain'],
    ]);
    expect(source.querySelector('pre')!.textContent).to.equal('<h1>Hi</h1><iframe src="https://example.com"></iframe>');
    expect(source.textContent).to.contain('never renders');
    expect(source.querySelector('h1, iframe')).to.equal(null);
  });

  it('should show images and audio from their base64 and offer binaries as downloads, revoked when it leaves', async () => {
    const pdf = btoa('%PDF-1.4 fake');
    reads(() => ({
      contents: [
        { uri: 'file:///pixel.png', mimeType: 'image/png', blob: PNG },
        { uri: 'file:///beep.wav', mimeType: 'audio/wav', blob: 'UklGRgAAAABXQVZF' },
        { uri: 'file:///docs/report.pdf', mimeType: 'application/pdf', blob: pdf },
        { uri: 'file:///notes.txt', mimeType: 'text/plain', blob: btoa('as base64 text') },
      ],
    }));
    const el = await show({ uri: 'file:///mixed', name: 'mixed' });
    const img = $(el, 'img[part=image]') as HTMLImageElement;
    expect(img.getAttribute('src')).to.equal(`data:image/png;base64,${PNG}`);
    await waitUntil(() => img.complete && img.naturalWidth === 1, 'the image did not load');
    expect($(el, 'audio[part=audio]')!.getAttribute('src')).to.equal('data:audio/wav;base64,UklGRgAAAABXQVZF');
    const link = $(el, 'a[part=download]') as HTMLAnchorElement;
    expect(link.download).to.equal('report.pdf');
    expect(link.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Download report.pdf (13 B)');
    expect(link.href).to.match(/^blob:/);
    expect(await (await realFetch(link.href)).text()).to.equal('%PDF-1.4 fake');
    expect($$(el, '[part=item] pre').map((pre) => pre.textContent)).to.deep.equal(['as base64 text']);
    el.remove();
    let failed = false;
    await realFetch(link.href).catch(() => (failed = true));
    expect(failed, 'the blob URL still answers after the element left').to.equal(true);
  });

  it('should show the first 100 KB of a 5 MB text at once, and all of it on request', async () => {
    const line = 'x'.repeat(1023) + '\n';
    const text = line.repeat(5 * 1024);
    reads((uri) => one(uri, { mimeType: 'text/plain', text }));
    const started = performance.now();
    const el = await show({ uri: 'file:///big.log', name: 'big.log' });
    const firstPaint = performance.now() - started;
    const pre = $(el, '[part=item] pre')!;
    expect(pre.textContent!.length).to.equal(100_000);
    const button = $(el, '[part=show-all]')!;
    expect(button.textContent!.trim()).to.equal('Show all (5 MB)');
    expect($(el, '[part=item] .notice')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'Showing the first 98 KB of 5 MB. Show all (5 MB)',
    );
    // Loose: drawing all 5 MB takes seconds on this machine; the first part, a fraction of one.
    expect(firstPaint).to.be.below(1500);
    button.click();
    await el.updateComplete;
    expect($(el, '[part=item] pre')!.textContent!.length).to.equal(text.length);
    expect($(el, '[part=show-all]')).to.equal(null);
  });

  it('should subscribe and unsubscribe with the toggle, and unsubscribe when it leaves the page', async () => {
    const { calls } = reads((uri) => one(uri, { text: 'v1' }));
    const el = await show({ uri: 'test://static/resource/1', name: 'Resource 1' }, true);
    const toggle = () => $(el, '[part=subscribe]')!;
    expect(toggle().getAttribute('aria-pressed')).to.equal('false');
    toggle().click();
    await waitUntil(() => toggle().getAttribute('aria-pressed') === 'true');
    expect(toggle().textContent!.trim()).to.equal('Subscribed');
    toggle().click();
    await waitUntil(() => toggle().getAttribute('aria-pressed') === 'false');
    toggle().click();
    await waitUntil(() => toggle().getAttribute('aria-pressed') === 'true');
    el.remove();
    const posts = calls.filter((call) => call.url !== 'http://h/resources/read');
    expect(posts.map((call) => [call.url.slice(9), call.body])).to.deep.equal([
      ['resources/subscribe', { uri: 'test://static/resource/1' }],
      ['resources/unsubscribe', { uri: 'test://static/resource/1' }],
      ['resources/subscribe', { uri: 'test://static/resource/1' }],
      ['resources/unsubscribe', { uri: 'test://static/resource/1' }],
    ]);
  });

  it('should say why subscribing failed, with the server message', async () => {
    stubFetch((call) =>
      call.url.endsWith('/subscribe')
        ? json({ error: 'This console offers no subscriptions.' }, 404)
        : json(one('a://b', { text: 'x' })),
    );
    const el = await show({ uri: 'a://b', name: 'b' }, true);
    $(el, '[part=subscribe]')!.click();
    await waitUntil(() => $(el, '[role=alert]'));
    expect($(el, '[role=alert]')!.textContent).to.contain(
      'Subscribing failed: This console offers no subscriptions. (HTTP 404)',
    );
    expect($(el, '[part=subscribe]')!.getAttribute('aria-pressed')).to.equal('false');
  });

  it('should read again on refresh() and when the resource changes, showing the newest contents', async () => {
    let version = 0;
    const { calls } = reads((uri) => one(uri, { text: `${uri} v${++version}` }));
    const el = await show({ uri: 'a://one', name: 'one' });
    expect($(el, '[part=item] pre')!.textContent).to.equal('a://one v1');
    await el.refresh();
    expect($(el, '[part=item] pre')!.textContent).to.equal('a://one v2');
    el.resource = { uri: 'a://two', name: 'two' };
    await waitUntil(() => $(el, '[part=item] pre')?.textContent === 'a://two v3');
    expect(calls.map((call) => (call.body as { uri: string }).uri)).to.deep.equal(['a://one', 'a://one', 'a://two']);
  });

  it('should say that an update arrived even when the contents read again are the same, until another resource is shown', async () => {
    reads((uri) => one(uri, { text: 'unchanged' }));
    const el = await show({ uri: 'a://same', name: 'same' }, true);
    expect($(el, '[part=updated]')).to.equal(null);
    await el.refresh();
    const updated = () => $(el, '[part=updated]')!.textContent!.replace(/\s+/g, ' ').trim();
    expect(updated()).to.match(/^Updated once by the server, read again at \S/);
    await el.refresh();
    expect(updated()).to.match(/^Updated 2 times by the server/);
    el.resource = { uri: 'a://other', name: 'other' };
    await el.updateComplete;
    expect($(el, '[part=updated]')).to.equal(null);
  });

  it("should show the server's message when the read fails, and read again on Retry", async () => {
    let fail = true;
    reads((uri) => (fail ? json({ error: `Resource not found: ${uri}` }, 404) : one(uri, { text: 'found' })));
    const el = await show({ uri: 'a://gone', name: 'gone' });
    expect($(el, '[part=error]')!.textContent).to.contain(
      'Reading a://gone failed: Resource not found: a://gone (HTTP 404)',
    );
    fail = false;
    $(el, '[part=error] button')!.click();
    await waitUntil(() => $(el, '[part=item] pre')?.textContent === 'found');

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await el.refresh().catch(() => undefined);
    await waitUntil(() => $(el, '[part=error]'));
    expect($(el, '[part=error]')!.textContent).to.contain('The server did not answer.');
  });

  it('should copy the URI', async () => {
    reads((uri) => one(uri, { text: 'x' }));
    const el = await show({ uri: 'file:///a b.txt', name: 'a' });
    const written = await withClipboard(async () => {
      $(el, '[part=copy-uri]')!.click();
      await waitUntil(() => seen(el).includes('URI copied.'));
    });
    expect(written).to.deep.equal(['file:///a b.txt']);
  });

  it('should show XSS payloads in every field as text, creating no element from them', async () => {
    reads(() => ({
      contents: [
        { uri: XSS, mimeType: XSS, text: XSS },
        { uri: 'x://1', mimeType: 'text/markdown', text: `# ${XSS}\n\n[link](javascript:window.__xss=1) ${XSS}` },
        { uri: 'x://2', mimeType: 'text/csv', text: `"${XSS.replace(/"/g, '""')}",b\n${XSS.replace(/[",]/g, '')},c` },
        { uri: 'x://3', mimeType: 'application/json', text: JSON.stringify({ [XSS]: XSS }) },
        { uri: 'x://4', mimeType: 'text/html', text: XSS },
        {
          uri: 'x://5',
          mimeType: 'image/svg+xml',
          blob: btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"/>'),
        },
        { uri: 'x://6', mimeType: 'image/png', blob: XSS },
        { uri: 'javascript:window.__xss=1', mimeType: 'application/pdf', blob: btoa('%PDF') },
      ],
    }));
    const el = await show(
      {
        uri: XSS,
        name: XSS,
        title: XSS,
        description: XSS,
        mimeType: XSS,
        annotations: { audience: [XSS as 'user'], lastModified: XSS },
      },
      true,
    );
    expect($(el, 'h3')!.textContent).to.equal(XSS);
    expect($$(el, '[part=item]')[0].querySelector('pre')!.textContent).to.equal(XSS);
    expect(seen(el).split(XSS).length - 1).to.be.at.least(10);
    expect(($(el, 'a[part=download]') as HTMLAnchorElement).href).to.match(/^blob:/);
    expect($$(el, 'a').filter((a) => /^javascript:/i.test(a.getAttribute('href') ?? ''))).to.deep.equal([]);
    expectNoInjection(el);
  });

  it("should ask the server's question in the question dialog while the resource is read, and send the answer", async () => {
    const stream = eventStream();
    const schema = { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] };
    const { calls } = stubFetch((call) => {
      if (call.url === 'http://h/resources/read') return stream.response;
      if (call.url === 'http://h/resources/requests/q%201') {
        stream.send('result', { status: 200, result: one('modern://greeting', { text: 'Hello Grace.' }) });
        stream.close();
        return new Response(null, { status: 204 });
      }
      return json({ error: 'Not found' }, 404);
    });
    const { api, catalog } = backend();
    const el = await fixture<ResourceView>(
      html`<resource-view .api=${api} .catalog=${catalog} .resource=${{ uri: 'modern://greeting', name: 'greeting' }}></resource-view>`,
    );
    stream.send('request', {
      id: 'q 1',
      kind: 'elicitation',
      params: { mode: 'form', message: XSS, requestedSchema: schema },
    });
    const question = () => $(el, 'tool-question')!.shadowRoot!;
    await waitUntil(() => question().querySelector('dialog')?.open, 'the question never showed');
    expect(question().querySelector('[part=message]')!.textContent).to.contain(XSS);
    expect((calls[0].init!.headers as Record<string, string>).Accept).to.equal('text/event-stream');
    const input = question().querySelector('input')!;
    input.value = 'Grace';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await ($(el, 'tool-question') as unknown as { updateComplete: Promise<boolean> }).updateComplete;
    ([...question().querySelectorAll('button')].find((b) => b.textContent!.trim() === 'Accept') as HTMLElement).click();
    await waitUntil(() => $(el, '[part=contents]'), 'the contents never came');
    expect(calls[1].body).to.deep.equal({ action: 'accept', content: { name: 'Grace' } });
    expect($(el, '[part=item] pre')!.textContent).to.equal('Hello Grace.');
    expect(question().querySelector('dialog')!.open).to.equal(false);
    expectNoInjection(el);
  });

  it("should show the server's message when a streamed read ends in a failure", async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const { api } = backend();
    const el = await fixture<ResourceView>(
      html`<resource-view .api=${api} .resource=${{ uri: 'modern://gone', name: 'gone' }}></resource-view>`,
    );
    stream.send('result', { status: 404, result: { error: 'Resource modern://gone not found' } });
    stream.close();
    await waitUntil(() => $(el, '[part=error]'), 'no failure shown');
    expect($(el, '[part=error]')!.textContent).to.contain('Resource modern://gone not found');
  });
});
