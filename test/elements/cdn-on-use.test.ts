// The CDN entry (elements/cdn.ts) leaves the form, the question dialog and the result view to scripts beside it, and
// loads them when a page first puts one of them in its markup. Here the page has none when the entry runs; the next
// file (cdn-in-markup.test.ts) has one before. test/e2e/cdn-entry.test.ts checks the built file on a host page.
import { expect } from '@open-wc/testing';
import { loadToolForm, loadToolResult } from '../../elements/cdn.js';

const defined = (tag: string) => customElements.get(tag) !== undefined;

describe('the CDN entry, with no form in the page', () => {
  it('should define the console and its list now, and leave the form, dialog and result view for later', () => {
    expect([defined('tool-console'), defined('tool-list'), defined('tool-auth-bar')]).to.deep.equal([true, true, true]);
    expect([defined('tool-form'), defined('tool-question'), defined('tool-result')]).to.deep.equal([
      false,
      false,
      false,
    ]);
  });

  it('should leave them alone while the page adds other elements', async () => {
    const other = document.createElement('section');
    other.append(document.createElement('p'));
    // Text and comments are added too: nodes that are no element, with nothing to match.
    const text = new Text('text');
    const comment = new Comment('comment');
    document.body.append(other, text, comment);
    // Long enough for the observer's records to come through and a load they started to be asked of the server.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const asked = performance.getEntriesByType('resource').map(({ name }) => new URL(name).pathname);
    expect(asked.filter((path) => /tool-form-and-question|tool-result\.(js|ts)/.test(path))).to.deep.equal([]);
    expect([defined('tool-form'), defined('tool-result')]).to.deep.equal([false, false]);
    other.remove();
    text.remove();
    comment.remove();
  });

  it('should load them all once the page adds a question dialog inside another element', async () => {
    const wrapper = document.createElement('div');
    wrapper.append(document.createElement('tool-question'));
    document.body.append(wrapper);
    await Promise.all(['tool-form', 'tool-question', 'tool-result'].map((tag) => customElements.whenDefined(tag)));
    expect([defined('tool-form'), defined('tool-question'), defined('tool-result')]).to.deep.equal([true, true, true]);
    wrapper.remove();
  });

  it('should hand a page the classes it awaits', async () => {
    const { ToolForm, ToolQuestion } = await loadToolForm();
    const { ToolResult } = await loadToolResult();
    expect([ToolForm, ToolQuestion, ToolResult].map((element) => element.name)).to.deep.equal([
      'ToolForm',
      'ToolQuestion',
      'ToolResult',
    ]);
  });
});
