// The tabs of <tool-result> (issue 27): which views a result offers, their ARIA (one selected, a roving tabindex, the
// panel named by its tab), the arrow keys, and which view stays open when a newer result replaces the shown one.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ApiError } from '../../elements/api.js';
import type { ToolResult } from '../../elements/tool-result/tool-result.js';
import { $, $$, openTab, outcome, show } from './tool-result.helpers.js';

const request = { url: 'http://h/tools/a/call', method: 'POST' as const, headers: {}, body: '{}' };

const names = (el: ToolResult) => $$(el, '[role=tab]').map((tab) => tab.textContent!.trim());
/** Each tab as the user meets it: its name, whether it is selected, and whether Tab reaches it. */
const states = (el: ToolResult) =>
  $$(el, '[role=tab]').map(
    (tab) => `${tab.textContent!.trim()} ${tab.getAttribute('aria-selected')} ${tab.getAttribute('tabindex')}`,
  );
const selected = (el: ToolResult) => $$(el, '[role=tab][aria-selected=true]').map((tab) => tab.textContent!.trim());
/** The name the panel takes from the tab that labels it. */
const panelName = (el: ToolResult) =>
  el.shadowRoot!.getElementById($(el, '[role=tabpanel]')!.getAttribute('aria-labelledby')!)?.textContent!.trim();

async function press(el: ToolResult, key: string): Promise<void> {
  await sendKeys({ press: key });
  await el.updateComplete;
}

describe('<tool-result> tabs', () => {
  it('should open on Result, the only tab in the Tab order, naming the panel', async () => {
    const el = await show(outcome({ content: [{ type: 'text', text: 'hi' }] }));
    expect(states(el)).to.deep.equal(['Result true 0', 'Raw false -1', 'cURL false -1', 'Command false -1']);
    expect($(el, '[role=tablist]')!.getAttribute('aria-label')).to.equal('Result views');
    expect(panelName(el)).to.equal('Result');
    await openTab(el, 'cURL');
    expect(states(el)).to.deep.equal(['Result false -1', 'Raw false -1', 'cURL true 0', 'Command false -1']);
    expect(panelName(el)).to.equal('cURL');
  });

  it('should offer only Result and Raw for a failed call without its request, and cURL with it', async () => {
    const lone = await fixture<ToolResult>(
      html`<tool-result .error=${new TypeError('Failed to fetch')}></tool-result>`,
    );
    expect(names(lone)).to.deep.equal(['Result', 'Raw']);
    const withRequest = await fixture<ToolResult>(
      html`<tool-result .error=${new ApiError(401, 'Unauthorized')} .request=${request}></tool-result>`,
    );
    expect(names(withRequest)).to.deep.equal(['Result', 'Raw', 'cURL']);
  });

  it('should move with the arrow keys, wrapping at both ends, and ignore other keys', async () => {
    const el = await show(outcome({ content: [{ type: 'text', text: 'hi' }] }));
    $$(el, '[role=tab]')[0].focus();
    await press(el, 'ArrowRight');
    expect(selected(el)).to.deep.equal(['Raw']);
    expect(el.shadowRoot!.activeElement!.textContent!.trim()).to.equal('Raw');
    expect($(el, 'pre.raw')).not.to.equal(null);
    await press(el, 'ArrowLeft');
    expect(selected(el)).to.deep.equal(['Result']);
    await press(el, 'ArrowLeft');
    expect(selected(el)).to.deep.equal(['Command']);
    expect(el.shadowRoot!.activeElement!.textContent!.trim()).to.equal('Command');
    await press(el, 'ArrowRight');
    expect(selected(el)).to.deep.equal(['Result']);
    await press(el, 'a');
    await press(el, 'ArrowDown');
    expect(selected(el)).to.deep.equal(['Result']);
  });

  it('should not select a tab that merely has focus when a key other than an arrow is pressed', async () => {
    // A press on a tab dragged off before release focuses it without selecting it.
    const el = await show(outcome({ content: [{ type: 'text', text: 'hi' }] }));
    $$(el, '[role=tab]')[2].focus();
    await press(el, 'a');
    expect(selected(el)).to.deep.equal(['Result']);
  });

  it('should keep the open view when a newer result replaces the shown one', async () => {
    const el = await show(outcome({ content: [{ type: 'text', text: 'first' }] }));
    await openTab(el, 'cURL');
    el.outcome = { ...outcome({ content: [{ type: 'text', text: 'second' }] }), name: 'other' };
    await el.updateComplete;
    expect(selected(el)).to.deep.equal(['cURL']);
    await openTab(el, 'Command');
    el.outcome = { ...outcome({ content: [] }), name: 'third' };
    await el.updateComplete;
    expect(selected(el)).to.deep.equal(['Command']);
    expect($(el, 'pre.command')!.textContent).to.contain('call third');
    await openTab(el, 'Raw');
    el.outcome = undefined;
    el.error = new TypeError('Failed to fetch');
    await el.updateComplete;
    expect(selected(el)).to.deep.equal(['Raw']);
    expect($(el, 'pre.raw')!.textContent).to.equal('"Failed to fetch"');
  });

  it('should fall back to Result when the open view has nothing left to show', async () => {
    const el = await show(outcome({ content: [{ type: 'text', text: 'first' }] }));
    await openTab(el, 'Command');
    el.outcome = undefined;
    el.error = new ApiError(401, 'Unauthorized');
    el.request = request;
    await el.updateComplete;
    expect(names(el)).to.deep.equal(['Result', 'Raw', 'cURL']);
    expect(selected(el)).to.deep.equal(['Result']);
    expect($(el, '[role=alert]')!.textContent).to.contain('Unauthorized');

    await openTab(el, 'cURL');
    el.request = undefined;
    await el.updateComplete;
    expect(names(el)).to.deep.equal(['Result', 'Raw']);
    expect(selected(el)).to.deep.equal(['Result']);
    expect(panelName(el)).to.equal('Result');
  });

  it('should keep cURL open when only the error of a failed call changes', async () => {
    const el = await fixture<ToolResult>(
      html`<tool-result .error=${new ApiError(401, 'Unauthorized')} .request=${request}></tool-result>`,
    );
    await openTab(el, 'cURL');
    el.error = new ApiError(403, 'Forbidden');
    await el.updateComplete;
    expect(selected(el)).to.deep.equal(['cURL']);
    expect($(el, '[part=status]')!.textContent).to.equal('HTTP 403');
  });
});
