import { expect, oneEvent } from '@open-wc/testing';
import type { ToolSummary } from '../../elements/api.js';
import { WORK_TOOLS } from '../fixtures/work-tools.js';
import { active, heightOf, listOf, listboxOf, measured, names, options, press, type } from './tool-list.helpers.js';

const tools: ToolSummary[] = [
  { name: 'echo', description: 'Says the text back', annotations: { readOnlyHint: true, openWorldHint: false } },
  { name: 'fs/read', title: 'Read a file', description: 'Reads a file', annotations: { idempotentHint: true } },
  { name: 'fs/delete', description: 'Deletes a FILE', annotations: { destructiveHint: true } },
  { name: 'math.add', description: 'Adds numbers' },
];

describe('<tool-list>', () => {
  it('should group tools by namespace with counts, plain names first', async () => {
    const el = await listOf(tools);
    const groups = [...el.shadowRoot!.querySelectorAll('.group')].map((group) =>
      [...group.children].map((part) => part.textContent).join(' '),
    );
    expect(groups).to.deep.equal(['Other tools 1', 'fs 2', 'math 1']);
    expect(names(el)).to.deep.equal(['echo', 'fs/read', 'fs/delete', 'math.add']);
    const labels = [...el.shadowRoot!.querySelectorAll('[role=group]')].map((group) =>
      group.getAttribute('aria-label'),
    );
    expect(labels).to.deep.equal(['Other tools', 'fs', 'math']);
  });

  it('should show the words of a Markdown description in its row, not its marks', async () => {
    const el = await listOf([
      { name: 'pdf', description: '# Viewer\n\nShows a **PDF** from a `url`; see [docs](https://example.com).' },
    ]);
    const row = options(el)[0].textContent!.replace(/\s+/g, ' ');
    expect(row).to.contain('Viewer Shows a PDF from a url; see docs.');
    expect(row).not.to.match(/[*`#[]/);
  });

  it('should show no headers when no tool has a namespace', async () => {
    const el = await listOf([tools[0], { name: 'other', description: '' }]);
    expect(el.shadowRoot!.querySelector('.group')).to.equal(null);
    expect(el.shadowRoot!.querySelector('[role=group]')).to.equal(null);
  });

  it('should show annotation badges for explicit hints only', async () => {
    const el = await listOf(tools);
    const badges = options(el).map((option) =>
      [...option.querySelectorAll('.badge')].map((badge) => badge.textContent!.trim()),
    );
    expect(badges).to.deep.equal([['read-only', 'closed-world'], ['idempotent'], ['destructive'], []]);
  });

  it('should search name, title and description case-insensitively and say how many match', async () => {
    const el = await listOf(tools);
    await type(el, 'FILE');
    expect(names(el)).to.deep.equal(['fs/read', 'fs/delete']);
    expect(el.shadowRoot!.querySelector('[part=count]')!.textContent!.trim()).to.equal('2 of 4 tools');
    await type(el, 'read a');
    expect(names(el)).to.deep.equal(['fs/read']);
    await type(el, 'nothing like this');
    expect(options(el)).to.have.length(0);
    expect(el.shadowRoot!.querySelector('.empty')!.textContent).to.contain('No tool matches');
  });

  it('should fire tool-select on click and mark the option selected', async () => {
    const el = await listOf(tools);
    const selected = oneEvent(el, 'tool-select');
    options(el)[1].click();
    const event = await selected;
    expect(event.detail).to.deep.equal({ name: 'fs/read' });
    expect(event.bubbles && event.composed).to.equal(true);
    await el.updateComplete;
    expect(options(el)[1].getAttribute('aria-selected')).to.equal('true');
    expect(el.selected).to.equal('fs/read');
  });

  it('should move with arrows, Home and End and select with Enter', async () => {
    const el = await listOf(tools, 'fs/read');
    const listbox = el.shadowRoot!.querySelector<HTMLElement>('[role=listbox]')!;
    listbox.focus();
    await el.updateComplete;
    expect(listbox.getAttribute('aria-activedescendant')).to.equal('t1');
    await press(el, listbox, 'ArrowDown');
    expect(listbox.getAttribute('aria-activedescendant')).to.equal('t2');
    await press(el, listbox, 'End');
    expect(listbox.getAttribute('aria-activedescendant')).to.equal('t3');
    await press(el, listbox, 'ArrowDown');
    expect(listbox.getAttribute('aria-activedescendant')).to.equal('t3');
    await press(el, listbox, 'Home');
    await press(el, listbox, 'ArrowUp');
    expect(listbox.getAttribute('aria-activedescendant')).to.equal('t0');
    const selected = oneEvent(el, 'tool-select');
    await press(el, listbox, 'Enter');
    expect((await selected).detail.name).to.equal('echo');
  });

  it('should page with PageDown and PageUp by a screenful less one row, stopping at both ends', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({
      name: `tool_${String(i).padStart(2, '0')}`,
      description: '',
    }));
    const el = await listOf(many);
    const listbox = await measured(el);
    const page = Math.floor(heightOf(listbox) / 54) - 1; // rows are 54 px high
    expect(page).to.be.greaterThan(1, 'a page is more than one row');
    listbox.focus();
    await el.updateComplete;
    expect(active(listbox)).to.equal('t0');
    await press(el, listbox, 'PageDown');
    expect(active(listbox)).to.equal(`t${page}`);
    await press(el, listbox, 'PageDown');
    expect(active(listbox)).to.equal(`t${2 * page}`);
    expect(el.shadowRoot!.getElementById(`t${2 * page}`), 'the active option is rendered').to.exist;
    await press(el, listbox, 'PageUp');
    expect(active(listbox)).to.equal(`t${page}`);
    await press(el, listbox, 'PageUp');
    await press(el, listbox, 'PageUp');
    expect(active(listbox)).to.equal('t0');
    await press(el, listbox, 'End');
    await press(el, listbox, 'PageDown');
    expect(active(listbox)).to.equal('t39');
  });

  it('should select the active option with Space', async () => {
    const el = await listOf(tools);
    const listbox = listboxOf(el);
    listbox.focus();
    await press(el, listbox, 'ArrowDown');
    const selected = oneEvent(el, 'tool-select');
    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, composed: true, cancelable: true });
    listbox.dispatchEvent(space);
    expect((await selected).detail).to.deep.equal({ name: 'fs/read' });
    expect(space.defaultPrevented, 'the page does not scroll').to.equal(true);
    await el.updateComplete;
    expect(options(el)[1].getAttribute('aria-selected')).to.equal('true');
  });

  it('should select the first match with Enter from the search field', async () => {
    const el = await listOf(tools);
    await type(el, 'math');
    const input = el.shadowRoot!.querySelector('input')!;
    const selected = oneEvent(el, 'tool-select');
    await press(el, input, 'Enter');
    expect((await selected).detail.name).to.equal('math.add');
    expect(el.shadowRoot!.activeElement!.getAttribute('role')).to.equal('listbox');
  });

  it('should show the tool named exactly what was typed as the first row, then the best matches', async () => {
    const el = await listOf(WORK_TOOLS);
    expect(names(el)[0]).to.equal('fetch_url'); // the server's order, where "work" is only in a description
    await type(el, 'work');
    expect(names(el).slice(0, 6)).to.deep.equal([
      'work',
      'work_items_search',
      'worklog_get',
      'workflow_dispatch',
      'workspace_settings',
      'list_workflows',
    ]);
    expect(el.shadowRoot!.querySelector('[part=count]')!.textContent!.trim()).to.equal('16 of 61 tools');
    const input = el.shadowRoot!.querySelector('input')!;
    setTimeout(() => press(el, input, 'Enter'));
    expect((await oneEvent(el, 'tool-select')).detail.name).to.equal('work');
  });

  it('should lead with the namespace group that holds the best match', async () => {
    const el = await listOf([
      { name: 'notes', description: 'Notes about work in progress' },
      { name: 'git/log', description: 'History of the working tree' },
      { name: 'jira/work', title: 'Log work', description: 'Logs time on an issue' },
    ]);
    await type(el, 'WORK');
    expect(names(el)).to.deep.equal(['jira/work', 'notes', 'git/log']);
    const groups = [...el.shadowRoot!.querySelectorAll('.group .ns')].map((group) => group.textContent);
    expect(groups).to.deep.equal(['jira', 'Other tools', 'git']);
  });

  it('should move from the search field to the first match with ArrowDown, without selecting it', async () => {
    const el = await listOf(tools);
    await type(el, 'fs');
    const picked: string[] = [];
    el.addEventListener('tool-select', (event) => picked.push(event.detail.name));
    const input = el.shadowRoot!.querySelector('input')!;
    input.focus();
    await press(el, input, 'ArrowDown');
    const listbox = listboxOf(el);
    expect(el.shadowRoot!.activeElement).to.equal(listbox);
    expect(active(listbox)).to.equal('t1'); // fs/read, the first of the two matches
    await press(el, listbox, 'ArrowDown');
    expect(active(listbox)).to.equal('t2');
    expect(picked).to.deep.equal([]);
  });

  it('should render only the rows in view for 10,000 tools and keep the active one in view', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      name: `ns${i % 20}/tool_${i}`,
      description: `Tool number ${i}`,
    }));
    const el = await listOf(many);
    const listbox = await measured(el);
    // What is in view (rows of 54 px, the first behind a 30 px group header) and four rows either side, no more.
    expect(options(el).length).to.be.at.most(Math.ceil(heightOf(listbox) / 54) + 1 + 4);
    expect(el.shadowRoot!.querySelector('[part=count]')!.textContent!.trim()).to.equal('10000 tools');
    listbox.focus();
    await press(el, listbox, 'End');
    await el.updateComplete;
    const last = el.shadowRoot!.querySelector(`#${listbox.getAttribute('aria-activedescendant')}`);
    expect(last).to.exist;
    expect(last!.querySelector('.name')!.textContent).to.equal('ns19/tool_9999');
    await type(el, 'tool_9999');
    expect(names(el)).to.deep.equal(['ns19/tool_9999']);
  });

  it('should render names and descriptions as text, never HTML', async () => {
    const el = await listOf([
      {
        name: '<img src=x onerror="window.__xss=1">',
        title: '<script>window.__xss=1</script>',
        description: '<svg onload="window.__xss=1">',
      },
    ]);
    expect(el.shadowRoot!.querySelector('img, script, svg')).to.equal(null);
    expect(names(el)[0]).to.equal('<img src=x onerror="window.__xss=1">');
    expect((window as { __xss?: unknown }).__xss).to.equal(undefined);
  });

  it('should be accessible', async () => {
    const el = await listOf(tools, 'echo');
    await expect(el).to.be.accessible();
  });
});
