// How a result reads (issue 10): a tool's own error is not a crash, a result is shown once, base64 is never text,
// the Result tab copies what it shows, and the server's output-schema check sits beside the result.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ApiError } from '../../elements/api.js';
import type { ToolResult } from '../../elements/tool-result/tool-result.js';
import { $, $$, PNG, openTab, outcome, show, withClipboard } from './tool-result.helpers.js';

// 4 KB of base64: long enough that printing it would bury the result.
const LONG_BASE64 = btoa(String.fromCharCode(...Array.from({ length: 3000 }, (_, i) => i % 256)));

async function failed(error: Error): Promise<ToolResult> {
  const request = { url: 'http://h/tools/a/call', method: 'POST' as const, headers: {}, body: '{}' };
  return fixture<ToolResult>(html`<tool-result .error=${error} .request=${request}></tool-result>`);
}

const header = (el: ToolResult) => $(el, '[part=header]')!.textContent!.replace(/\s+/g, ' ').trim();
const panel = (el: ToolResult) => $(el, '[role=tabpanel]')!.textContent!;

describe('<tool-result> reading', () => {
  it('should badge an isError result "Tool error", keeping its HTTP status and duration in the status line', async () => {
    const el = await show(outcome({ content: [{ type: 'text', text: 'No such city' }], isError: true }, 500));
    expect(header(el)).to.equal('Tool error HTTP 500 12 ms');
    expect($(el, '.pill')!.classList.contains('bad')).to.equal(true);
    expect($(el, '[part=status]')!.classList.contains('pill')).to.equal(false);
    expect(panel(el)).to.contain('No such city');

    const ok = await show(outcome({ content: [{ type: 'text', text: 'fine' }] }));
    expect(header(ok)).to.equal('Success HTTP 200 12 ms');
    const late = await show(outcome({ content: [{ type: 'text', text: 'Timed out after 60 s' }], isError: true }, 504));
    expect(header(late)).to.equal('Timed out HTTP 504 12 ms');
  });

  it('should say what failed when the call got no result, never "Tool error"', async () => {
    const cases: [Error, string, string][] = [
      [new ApiError(401, 'Unauthorized'), 'HTTP 401', 'auth bar'],
      [new ApiError(413, 'Request body too large'), 'HTTP 413', 'larger than the server accepts'],
      [new ApiError(502, 'The server answered HTTP 502.'), 'HTTP 502', 'could not start or stopped'],
      [new TypeError('Failed to fetch'), 'No answer', 'did not answer'],
      [new Error('Something else broke'), 'Failed', ''],
    ];
    for (const [error, badge, hint] of cases) {
      const el = await failed(error);
      expect(header(el)).to.equal(badge);
      expect($(el, '[role=alert]')!.textContent).to.contain(error.message).and.to.contain(hint);
      expect(el.shadowRoot!.textContent).not.to.contain('Tool error');
    }
  });

  it('should show structured content once when a text item is its JSON, noting "also sent as text"', async () => {
    const structured = { city: 'Lagos', temp: 31, tags: ['hot', { humid: true }] };
    // The same value with its keys in another order, as a server in another language may write it.
    const twin = JSON.stringify({ tags: ['hot', { humid: true }], temp: 31, city: 'Lagos' });
    const el = await show(
      outcome({
        content: [
          { type: 'text', text: twin },
          { type: 'text', text: 'A summary' },
        ],
        structuredContent: structured,
      }),
    );
    expect($$(el, '.item').map((item) => item.textContent)).to.deep.equal(['A summary']);
    expect($(el, 'section h4')!.textContent).to.contain('Structured content').and.to.contain('also sent as text');
    expect(panel(el).split('"Lagos"')).to.have.length(2);

    const differs = await show(
      outcome({
        content: [{ type: 'text', text: '{"city":"Lagos","temp":30}' }],
        structuredContent: { city: 'Lagos', temp: 31 },
      }),
    );
    expect($$(differs, '.item')).to.have.length(1);
    expect($(differs, 'section h4')!.textContent).not.to.contain('also sent as text');
  });

  it('should never print base64 as text in the Result tab, and abbreviate it in Raw while Copy copies it whole', async () => {
    const result = {
      content: [
        { type: 'image' as const, data: LONG_BASE64, mimeType: 'image/png' },
        { type: 'image' as const, data: LONG_BASE64, mimeType: 'text/html' },
        { type: 'resource' as const, resource: { uri: 'file:///x.bin', blob: `${LONG_BASE64}!` } },
        { type: 'hologram', data: LONG_BASE64 } as never,
      ],
    };
    const el = await show(outcome(result));
    expect($$(el, 'img')).to.have.length(1);
    expect(panel(el)).not.to.contain(LONG_BASE64.slice(0, 40));
    expect(panel(el)).to.contain('characters');

    await openTab(el, 'Raw');
    const raw = $(el, 'pre.raw')!.textContent!;
    expect(raw).not.to.contain(LONG_BASE64.slice(0, 40));
    expect(raw).to.contain(`"${LONG_BASE64.slice(0, 12)}… (${LONG_BASE64.length.toLocaleString('en')} characters)"`);
    const written = await withClipboard(async () => {
      $(el, 'button.copy')!.click();
      await waitUntil(() => $(el, '.copy-status')!.textContent === 'Copied.');
    });
    expect(JSON.parse(written[0])).to.deep.equal(result);
  });

  it('should copy the Result tab’s text from the keyboard and say so', async () => {
    const el = await show(
      outcome({
        content: [
          { type: 'text', text: 'Line one' },
          { type: 'text', text: '{"a":1}' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
        ],
        structuredContent: { a: 1 },
      }),
    );
    const copy = $(el, 'button.copy')!;
    expect(copy.textContent!.trim()).to.equal('Copy');
    const written = await withClipboard(async () => {
      copy.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => $(el, '.copy-status')!.textContent === 'Copied.');
    });
    expect(written).to.deep.equal(['Line one\n\n{\n  "a": 1\n}']);
    expect($(el, '.copy-status')!.getAttribute('role')).to.equal('status');
    await openTab(el, 'Raw');
    expect($(el, '.copy-status')!.textContent).to.equal('');
  });

  it('should offer no Copy on the Result tab when it shows no text', async () => {
    const el = await show(outcome({ content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] }));
    expect($(el, 'button.copy')).to.equal(null);
  });

  it('should show that the structured content matches the output schema', async () => {
    const el = await show({ ...outcome({ content: [], structuredContent: { sum: 3 } }), outputCheck: { valid: true } });
    expect($(el, '[part=output-check]')!.textContent).to.contain('Matches the output schema');
    expect(panel(el)).to.contain('"sum": 3');
  });

  it('should list the mismatches with the output schema beside the result, never hiding it', async () => {
    const el = await show({
      ...outcome({ content: [{ type: 'text', text: 'summed' }], structuredContent: { sum: 'three' } }),
      outputCheck: {
        valid: false,
        errors: [
          { path: '/sum', message: 'must be number', keyword: 'type' },
          { path: '', message: "must have required property 'unit'", keyword: 'required' },
        ],
        truncated: true,
      },
    });
    const check = $(el, '[part=output-check]')!;
    expect(check.textContent).to.contain('Does not match the output schema');
    expect([...check.querySelectorAll('li')].map((li) => li.textContent!.trim())).to.deep.equal([
      'structuredContent/sum: must be number',
      "structuredContent: must have required property 'unit'",
      'and more',
    ]);
    expect(panel(el)).to.contain('summed').and.to.contain('"sum": "three"');
  });

  it('should be accessible with a check, a twin and a Copy bar', async () => {
    const el = await show({
      ...outcome({ content: [{ type: 'text', text: '{"sum":3}' }], structuredContent: { sum: 3 } }),
      outputCheck: { valid: false, errors: [{ path: '/sum', message: 'must be string', keyword: 'type' }] },
    });
    await expect(el).to.be.accessible();
  });
});
