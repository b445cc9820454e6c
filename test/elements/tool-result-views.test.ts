// What each view of <tool-result> shows in the cases the other files leave out (issue 27): an empty result, a result
// without structured content or _meta, a trace id that is no text, the verdict's colour, the Raw view of a failed
// call, the cURL view of a call without a token, and malformed parts a server or proxy may send.
import { expect, fixture, html } from '@open-wc/testing';
import { ApiError } from '../../elements/api.js';
import type { ToolResult } from '../../elements/tool-result/tool-result.js';
import { $, $$, openTab, outcome, show } from './tool-result.helpers.js';

const panel = (el: ToolResult) => $(el, '[role=tabpanel]')!.textContent!.replace(/\s+/g, ' ').trim();
const headings = (el: ToolResult) => $$(el, 'section h4').map((h4) => h4.textContent!.replace(/\s+/g, ' ').trim());

describe('<tool-result> views', () => {
  it('should say the tool returned no content, and show nothing else, for an empty result', async () => {
    const el = await show(outcome({ content: [] }));
    expect(panel(el)).to.equal('The tool returned no content.');
    expect($$(el, 'button.copy').length).to.equal(0);
  });

  it('should not say "no content" when every text item was the structured content', async () => {
    const el = await show(outcome({ content: [{ type: 'text', text: '{"n":1}' }], structuredContent: { n: 1 } }));
    expect(panel(el)).not.to.contain('no content');
    expect(headings(el)).to.deep.equal(['Structured content · also sent as text']);
  });

  it('should show _meta as JSON in its own section, and no section for what the result lacks', async () => {
    const plain = await show(outcome({ content: [{ type: 'text', text: 'hi' }] }));
    expect(headings(plain)).to.deep.equal([]);
    const el = await show(outcome({ content: [{ type: 'text', text: 'hi' }], _meta: { region: 'eu' } }));
    expect(headings(el)).to.deep.equal(['_meta']);
    expect($(el, 'section pre')!.textContent).to.equal('{\n  "region": "eu"\n}');
  });

  it('should show a trace id only when it is text', async () => {
    const el = await show(outcome({ content: [], _meta: { _trace_id: 42 } }));
    expect($(el, '[part=header]')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Success HTTP 200 12 ms');
  });

  it('should colour a success as good and a tool error as bad', async () => {
    const ok = await show(outcome({ content: [{ type: 'text', text: 'fine' }] }));
    expect($(ok, '.pill')!.className).to.equal('pill ok');
    expect($(ok, '.item')!.className).to.equal('item');
    const bad = await show(outcome({ content: [{ type: 'text', text: 'no' }], isError: true }, 500));
    expect($(bad, '.pill')!.className).to.equal('pill bad');
    expect($(bad, '.item')!.className).to.equal('item is-error');
    expect(getComputedStyle($(ok, '.pill')!).color).not.to.equal(getComputedStyle($(bad, '.pill')!).color);
  });

  it('should show in Raw the body a failed call got, or its message when it got none', async () => {
    const body = { error: 'Tool execution is disabled.' };
    const refused = await fixture<ToolResult>(
      html`<tool-result .error=${new ApiError(403, 'Forbidden', body)}></tool-result>`,
    );
    await openTab(refused, 'Raw');
    expect(JSON.parse($(refused, 'pre.raw')!.textContent!)).to.deep.equal(body);
    const unanswered = await fixture<ToolResult>(
      html`<tool-result .error=${new TypeError('Failed to fetch')}></tool-result>`,
    );
    await openTab(unanswered, 'Raw');
    expect($(unanswered, 'pre.raw')!.textContent).to.equal('"Failed to fetch"');
  });

  it('should explain a 404: the server no longer knows the tool', async () => {
    const el = await fixture<ToolResult>(
      html`<tool-result .error=${new ApiError(404, 'Unknown tool: echo')}></tool-result>`,
    );
    expect($(el, '[part=status]')!.textContent).to.equal('HTTP 404');
    expect($(el, '[role=alert] p')!.textContent).to.equal('The server does not know this tool (any more).');
  });

  it('should give a failure with no known cause its message alone', async () => {
    const el = await fixture<ToolResult>(
      html`<tool-result .error=${new ApiError(500, 'The server answered HTTP 500.')}></tool-result>`,
    );
    expect($(el, '[part=status]')!.textContent).to.equal('HTTP 500');
    const alert = $(el, '[role=alert]')!;
    expect(alert.textContent!.trim()).to.equal('The server answered HTTP 500.');
    expect(alert.querySelectorAll('p').length).to.equal(0);
  });

  it('should explain $TOKEN only while the token is hidden, and not at all for a call without one', async () => {
    const el = await show(outcome({ content: [] }, 200, 's3cret'));
    await openTab(el, 'cURL');
    expect(panel(el)).to.contain('Set TOKEN in your shell first, or tick “Show token”.');
    $(el, 'input[type=checkbox]')!.click();
    await el.updateComplete;
    expect(panel(el)).not.to.contain('Set TOKEN');

    const open = await show(outcome({ content: [] }));
    await openTab(open, 'cURL');
    expect($$(open, 'input[type=checkbox]').length).to.equal(0);
    expect(panel(open)).not.to.contain('TOKEN');
    expect($(open, 'pre.curl')!.textContent).to.contain("-H 'Content-Type: application/json'");
  });

  it('should list a malformed entry of the output check without breaking the result', async () => {
    // The check arrives in a header: a proxy or a buggy server can put anything in its list.
    const el = await show({
      ...outcome({ content: [{ type: 'text', text: 'summed' }] }),
      outputCheck: {
        valid: false,
        errors: [null as never, { path: '/a', message: 'must be number', keyword: 'type' }],
      },
    });
    expect($$(el, '[part=output-check] li').map((li) => li.textContent!.trim())).to.deep.equal([
      'structuredContent:',
      'structuredContent/a: must be number',
    ]);
    expect(panel(el)).to.contain('summed');
  });

  it('should show a result whose content holds a null item', async () => {
    const el = await show(outcome({ content: [null as never, { type: 'text', text: 'after' }] }));
    expect($$(el, '.item')).to.have.length(2);
    expect($$(el, '.item')[0].textContent).to.contain('null');
    expect($$(el, '.item')[1].textContent).to.contain('after');
  });

  it('should show an embedded resource of null as JSON, offering no download', async () => {
    const el = await show(outcome({ content: [{ type: 'resource', resource: null as never }] }));
    expect($(el, '.item')!.textContent).to.contain('resource');
    expect($$(el, 'a[download]').length).to.equal(0);
  });
});
