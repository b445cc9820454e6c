import { expect, fixture, html } from '@open-wc/testing';
import { ApiError } from '../../elements/api.js';
import type { ToolResult } from '../../elements/tool-result/tool-result.js';
import { $, $$, PNG, openTab, outcome, show, withClipboard } from './tool-result.helpers.js';

const XSS = '<img src=x onerror="window.__xss=1"></script><script>window.__xss=1</script><svg onload="window.__xss=1">';

describe('<tool-result>', () => {
  afterEach(() => {
    delete (window as { __xss?: unknown }).__xss;
  });

  it('should show a placeholder before any call', async () => {
    const el = await fixture<ToolResult>(html`<tool-result></tool-result>`);
    expect($(el, '.placeholder')!.textContent).to.contain('Run the tool');
  });

  it('should pretty-print JSON text and keep plain text as it is, with status and duration', async () => {
    const el = await show(
      outcome({
        content: [
          { type: 'text', text: '{"a":1}' },
          { type: 'text', text: 'plain  text' },
        ],
      }),
    );
    const pres = $$(el, '.item pre');
    expect(pres[0].textContent).to.equal('{\n  "a": 1\n}');
    expect(pres[1].textContent).to.equal('plain  text');
    expect($(el, '[part=status]')!.textContent).to.equal('HTTP 200');
    expect($(el, '.header')!.textContent).to.contain('12 ms');
  });

  it('should render images and audio from base64 data only for their media types', async () => {
    const el = await show(
      outcome({
        content: [
          { type: 'image', data: PNG, mimeType: 'image/png' },
          { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
          { type: 'image', data: PNG, mimeType: 'text/html' },
          { type: 'image', data: '"><b>', mimeType: 'image/png' },
        ],
      }),
    );
    const images = $$(el, 'img');
    expect(images).to.have.length(1);
    expect(images[0].getAttribute('src')).to.equal(`data:image/png;base64,${PNG}`);
    expect($(el, 'audio')!.getAttribute('src')).to.equal('data:audio/wav;base64,UklGRg==');
    expect($$(el, '.notice')).to.have.length(2);
  });

  it('should show embedded resource text and offer blobs as an inert download', async () => {
    const el = await show(
      outcome({
        content: [
          { type: 'resource', resource: { uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'hello notes' } },
          {
            type: 'resource',
            resource: { uri: 'file:///x/page.html', mimeType: 'text/html', blob: btoa('<script>1</script>') },
          },
        ],
      }),
    );
    expect($$(el, '.item')[0].textContent).to.contain('hello notes');
    const link = $(el, 'a[download]') as HTMLAnchorElement;
    expect(link.download).to.equal('page.html');
    expect(link.href).to.match(/^blob:/);
    const blob = await (await fetch(link.href)).blob();
    expect(blob.type).to.equal('application/octet-stream');
  });

  it('should make only http and https resource links clickable', async () => {
    const el = await show(
      outcome({
        content: [
          { type: 'resource_link', uri: 'https://example.com/doc', name: 'doc' },
          { type: 'resource_link', uri: 'javascript:window.__xss=1', name: 'evil' },
        ],
      }),
    );
    const links = $$(el, 'a') as HTMLAnchorElement[];
    expect(links.map((link) => link.href)).to.deep.equal(['https://example.com/doc']);
    expect(links[0].rel).to.equal('noopener noreferrer');
    expect($$(el, '.item')[1].textContent).to.contain('javascript:window.__xss=1');
  });

  it('should show unknown content as JSON, structured content, _meta, trace id and isError', async () => {
    const el = await show(
      outcome(
        {
          content: [{ type: 'hologram', beam: 1 } as never],
          structuredContent: { temp: 21 },
          isError: true,
          _meta: { _trace_id: 'abc123' },
        },
        500,
      ),
    );
    expect($(el, '.item')!.classList.contains('is-error')).to.equal(true);
    expect($(el, '.item')!.textContent).to.contain('"beam": 1');
    expect(el.shadowRoot!.textContent).to.contain('"temp": 21');
    expect($(el, '.trace')!.textContent).to.equal('abc123');
    expect($(el, '[part=status]')!.textContent).to.equal('HTTP 500');
  });

  it('should show the exact envelope in the Raw tab', async () => {
    const result = { content: [{ type: 'text' as const, text: 'x' }], isError: false };
    const el = await show(outcome(result));
    await openTab(el, 'Raw');
    expect(JSON.parse($(el, 'pre.raw')!.textContent!)).to.deep.equal(result);
  });

  it('should give a cURL command with $TOKEN until the token is revealed, and copy it', async () => {
    const el = await show(outcome({ content: [] }, 200, 's3cret'));
    await openTab(el, 'cURL');
    const curl = () => $(el, 'pre.curl')!.textContent!;
    expect(curl()).to.contain('"Authorization: Bearer $TOKEN"');
    expect(curl()).to.contain(`--data-raw '{"text":"it'\\''s"}'`);
    expect(el.shadowRoot!.textContent).not.to.contain('s3cret');
    const reveal = $(el, 'input[type=checkbox]') as HTMLInputElement;
    reveal.click();
    await el.updateComplete;
    expect(curl()).to.contain(`'Authorization: Bearer s3cret'`);
    const written = await withClipboard(async () => {
      $(el, 'button.copy')!.click();
      await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
      await el.updateComplete;
      expect($(el, '.copy-status')!.textContent).to.equal('Copied.');
    });
    expect(written).to.deep.equal([curl()]);
  });

  it('should explain a 401 and a 403 and keep the cURL of the failed request', async () => {
    const request = { url: 'http://h/tools/a/call', method: 'POST' as const, headers: {}, body: '{}' };
    const el = await fixture<ToolResult>(
      html`<tool-result .error=${new ApiError(401, 'Unauthorized')} .request=${request}></tool-result>`,
    );
    expect($(el, '[role=alert]')!.textContent).to.contain('auth bar');
    el.error = new ApiError(403, 'Tool execution is disabled.');
    await el.updateComplete;
    expect($(el, '[role=alert]')!.textContent).to.contain('disabled');
    await openTab(el, 'cURL');
    expect($(el, 'pre.curl')!.textContent).to.contain("'http://h/tools/a/call'");
  });

  it('should never run script-bearing text from any field', async () => {
    const el = await show(
      outcome({
        content: [
          { type: 'text', text: XSS },
          { type: 'text', text: JSON.stringify({ html: XSS }) },
          {
            type: 'image',
            data: btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"/>'),
            mimeType: 'image/svg+xml',
          },
          { type: 'resource', resource: { uri: XSS, text: XSS, mimeType: XSS } },
          { type: 'resource_link', uri: 'javascript:window.__xss=1', name: XSS, description: XSS, mimeType: XSS },
          { type: XSS } as never,
        ],
        structuredContent: { x: XSS },
        _meta: { _trace_id: XSS },
      }),
    );
    // Wait until every image has loaded or failed, so a would-be onerror/onload has had its chance.
    await Promise.all($$(el, 'img').map((img) => (img as HTMLImageElement).decode().catch(() => undefined)));
    expect((window as { __xss?: unknown }).__xss).to.equal(undefined);
    expect($$(el, 'script, svg, iframe, object')).to.have.length(0);
    expect($$(el, 'img').map((img) => img.getAttribute('src')!.slice(0, 26))).to.deep.equal([
      'data:image/svg+xml;base64,',
    ]);
  });

  it('should be accessible', async () => {
    const el = await show(
      outcome({
        content: [
          { type: 'text', text: 'hi' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
        ],
        _meta: { _trace_id: 't' },
      }),
    );
    await expect(el).to.be.accessible();
  });
});
