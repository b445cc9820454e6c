// What <tool-list> shows and names: the count line and the empty states, the accessible names of the search field and
// the list, each row's subtitle (title and description, whatever a server sends), the selected row as screen readers
// and a host's styles see it, and the namespace groups: their names, order, and the options each holds.
import { expect, fixture, html } from '@open-wc/testing';
import type { ToolSummary } from '../../elements/api.js';
import type { ToolList } from '../../elements/tool-list/tool-list.js';
import {
  ROW,
  countText,
  listOf,
  listboxOf,
  manyTools,
  measured,
  names,
  options,
  scrollTo,
  searchField,
  type,
} from './tool-list.helpers.js';

/** A tool as a server lists it, with an empty description unless told. */
const tool = (name: string, more: Partial<ToolSummary> = {}): ToolSummary => ({ name, description: '', ...more });

const subtitles = (el: ToolList) => options(el).map((option) => option.querySelector('.sub .text')!.textContent);

/** Each `role=group` as its accessible name and the tools it holds. */
const groupsHeld = (el: ToolList) =>
  [...el.shadowRoot!.querySelectorAll('[role=group]')].map((group) => [
    group.getAttribute('aria-label'),
    ...[...group.querySelectorAll('[role=option] .name')].map((name) => name.textContent),
  ]);

const selectedRows = (el: ToolList) =>
  options(el).map((option) => `${option.getAttribute('aria-selected')} ${option.getAttribute('part')}`);

describe('<tool-list> rows', () => {
  it('should count one tool in the singular, and say there are none', async () => {
    const el = await listOf([tool('echo')]);
    expect(countText(el)).to.equal('1 tool');
    await type(el, 'nothing like this');
    expect(countText(el)).to.equal('0 of 1 tools');
    el.tools = [];
    await el.updateComplete;
    expect(countText(el)).to.equal('0 tools');
    expect(el.shadowRoot!.querySelector('.empty')!.textContent).to.equal('No tools.');
    el.tools = [tool('echo'), tool('add')];
    await type(el, '');
    expect(countText(el)).to.equal('2 tools');
  });

  it('should show no tools until a page gives it some', async () => {
    const el = await fixture<ToolList>(html`<tool-list></tool-list>`);
    expect(countText(el)).to.equal('0 tools');
    expect(el.shadowRoot!.querySelector('.empty')!.textContent).to.equal('No tools.');
    expect(options(el)).to.have.length(0);
  });

  it('should show no tools while a page sets them to null or undefined, as a binding does before its data arrives', async () => {
    const el = await listOf([tool('echo')]);
    for (const nothing of [null, undefined]) {
      el.tools = nothing as unknown as ToolSummary[];
      await el.updateComplete;
      expect(countText(el)).to.equal('0 tools');
      expect(el.shadowRoot!.querySelector('.empty')!.textContent).to.equal('No tools.');
    }
    el.tools = [tool('echo'), tool('add')];
    await el.updateComplete;
    expect(names(el)).to.deep.equal(['echo', 'add']);
  });

  it('should name the search field, the list and the count line for screen readers', async () => {
    const el = await listOf([tool('echo')]);
    const input = searchField(el);
    expect(input.getAttribute('aria-label')).to.equal('Search tools by name, title or description');
    expect(input.placeholder).to.equal('Search tools');
    expect(el.shadowRoot!.getElementById(input.getAttribute('aria-controls')!)).to.equal(listboxOf(el));
    expect(listboxOf(el).getAttribute('aria-label')).to.equal('Tools');
    expect(el.shadowRoot!.querySelector('[part=count]')!.getAttribute('role')).to.equal('status');
  });

  it('should show the title and the description under the name, and nothing a server sends that is not text', async () => {
    const el = await listOf([
      { name: 'both', title: 'Read a file', description: 'Reads **one** file' },
      { name: 'description', title: '', description: 'Only this' },
      { name: 'title', title: 'Only a title' } as ToolSummary,
      tool('neither'),
      { name: 'odd', title: 7, description: { text: 'an object' } } as unknown as ToolSummary,
      { name: 'odd title', title: ['a list'], description: 'Words' } as unknown as ToolSummary,
    ]);
    expect(subtitles(el)).to.deep.equal(['Read a file — Reads one file', 'Only this', 'Only a title', '', '', 'Words']);
  });

  it('should mark the selected row for screen readers and for a host page styling its parts, as the selection moves', async () => {
    const tools = [tool('echo'), tool('add'), tool('fetch')];
    const el = await listOf(tools, 'add');
    expect(selectedRows(el)).to.deep.equal(['false option', 'true option selected', 'false option']);
    el.selected = 'fetch';
    await el.updateComplete;
    expect(selectedRows(el)).to.deep.equal(['false option', 'false option', 'true option selected']);
  });

  it('should set the selected row apart by its background and an accent at its edge', async () => {
    const el = await listOf([tool('echo'), tool('add')], 'add');
    const [plain, selected] = options(el).map((option) => getComputedStyle(option));
    expect(selected.backgroundColor).to.not.equal(plain.backgroundColor);
    expect(plain.borderLeftColor).to.equal('rgba(0, 0, 0, 0)');
    expect(selected.borderLeftColor).to.not.equal('rgba(0, 0, 0, 0)');
  });

  it('should keep the selected tool marked when the tools change under it, and mark none once it is gone', async () => {
    const el = await listOf([tool('echo'), tool('add')], 'add');
    el.tools = [tool('add'), tool('fetch'), tool('echo')];
    await el.updateComplete;
    expect(names(el)).to.deep.equal(['add', 'fetch', 'echo']);
    expect(selectedRows(el)).to.deep.equal(['true option selected', 'false option', 'false option']);
    el.tools = [tool('fetch'), tool('echo')];
    await el.updateComplete;
    expect(selectedRows(el)).to.deep.equal(['false option', 'false option']);
  });

  it('should put plain tools before the namespaces until the user searches, and call them "Other tools"', async () => {
    const el = await listOf([tool('fs/read'), tool('echo'), tool('fs/write')]);
    expect(groupsHeld(el)).to.deep.equal([
      ['Other tools', 'echo'],
      ['fs', 'fs/read', 'fs/write'],
    ]);
    const headers = [...el.shadowRoot!.querySelectorAll('[part=group]')];
    expect(headers.map((header) => header.getAttribute('aria-hidden'))).to.deep.equal(['true', 'true']);
    await type(el, 'write');
    expect(groupsHeld(el)).to.deep.equal([['fs', 'fs/write']]);
  });

  it('should hold in each group only its own options where a scrolled window cuts through two groups', async () => {
    const el = await listOf(manyTools(60, (i) => (i < 30 ? 'alpha' : 'beta')));
    await measured(el);
    // Scrolled to a few rows above the end of alpha: its last rows, beta's header and first rows are drawn.
    await scrollTo(el, 27 * ROW);
    const held = groupsHeld(el);
    expect(held.map(([label]) => label)).to.deep.equal(['alpha', 'beta']);
    expect(held[0].slice(1).every((name) => name!.startsWith('alpha/'))).to.equal(true);
    expect(held[0]).to.not.include('alpha/tool_0', 'the top of alpha is not drawn');
    expect(held[0].at(-1)).to.equal('alpha/tool_29');
    expect(held[1][1]).to.equal('beta/tool_30');
    expect(held[1].slice(1).every((name) => name!.startsWith('beta/'))).to.equal(true);
  });
});
