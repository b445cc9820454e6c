// <tool-list> scrolling a long list: the list scrolls the whole height of its rows though it draws only those in view,
// each drawn where it belongs; the keyboard scrolls just enough to show the option it moves to (with its namespace
// header when it is the first of a group); focusing the list shows the selected tool; a new search starts at the top.
import { expect } from '@open-wc/testing';
import type { ToolList } from '../../elements/tool-list/tool-list.js';
import {
  HEADER,
  ROW,
  activeName,
  inView,
  listOf,
  listboxOf,
  manyTools,
  measured,
  nameAt,
  names,
  press,
  scrollTo,
  type,
} from './tool-list.helpers.js';

/** The drawn element of the keyboard's active option. */
function activeOption(el: ToolList): Element {
  const id = listboxOf(el).getAttribute('aria-activedescendant');
  const option = id ? el.shadowRoot!.getElementById(id) : null;
  expect(option, 'the active option is drawn').to.exist;
  return option!;
}

describe('<tool-list> scrolling', () => {
  it('should scroll the height of every row and draw the rows scrolled to where the user looks', async () => {
    const el = await listOf(manyTools(200));
    const listbox = await measured(el);
    expect(listbox.scrollHeight).to.equal(200 * ROW);
    expect(names(el).length).to.be.below(20);
    expect(nameAt(el, 5)).to.equal('tool_0');
    await scrollTo(el, 120 * ROW);
    expect(nameAt(el, 5)).to.equal('tool_120');
    expect(nameAt(el, ROW + 5)).to.equal('tool_121');
    expect(names(el)).to.include('tool_120').and.not.include('tool_0');
    await scrollTo(el, 0);
    expect(nameAt(el, 5)).to.equal('tool_0');
  });

  it('should count the namespace headers in the height and draw each group under its header', async () => {
    const el = await listOf(manyTools(100, (i) => `ns${Math.floor(i / 20)}`));
    const listbox = await measured(el);
    expect(listbox.scrollHeight).to.equal(5 * HEADER + 100 * ROW);
    // The fourth group (ns3) starts below three headers and 60 tools, with its own header.
    await scrollTo(el, 3 * HEADER + 60 * ROW);
    const header = el.shadowRoot!.elementFromPoint(
      listbox.getBoundingClientRect().left + 20,
      listbox.getBoundingClientRect().top + 5,
    );
    const parts = [...(header?.closest('[part=group]')?.children ?? [])].map((part) => part.textContent);
    expect(parts).to.deep.equal(['ns3', '20']);
    expect(nameAt(el, HEADER + 5)).to.equal('ns3/tool_60');
  });

  it('should start a new search at the top of the list', async () => {
    const el = await listOf(manyTools(200));
    const listbox = await measured(el);
    await scrollTo(el, 150 * ROW);
    await type(el, 'tool_1');
    expect(listbox.scrollTop).to.equal(0);
    expect(nameAt(el, 5)).to.equal('tool_1');
  });

  it('should show the selected tool when the list gets focus', async () => {
    const el = await listOf(manyTools(200), 'tool_150');
    await measured(el);
    listboxOf(el).focus();
    await el.updateComplete;
    expect(activeName(el)).to.equal('tool_150');
    expect(inView(el, activeOption(el))).to.equal(true);
  });

  it('should scroll just enough to show the option the arrows move to, down and up', async () => {
    const el = await listOf(manyTools(200));
    const listbox = await measured(el);
    const rowsInView = Math.floor(listbox.clientHeight / ROW);
    listbox.focus();
    for (let i = 0; i < rowsInView; i++) await press(el, listbox, 'ArrowDown');
    // The first option below the fold: it comes into view at the bottom, and the list moves no further.
    expect(activeName(el)).to.equal(`tool_${rowsInView}`);
    const bottom = activeOption(el).getBoundingClientRect().bottom;
    expect(bottom).to.be.closeTo(listbox.getBoundingClientRect().bottom, 1);
    await press(el, listbox, 'End');
    expect(inView(el, activeOption(el))).to.equal(true);
    for (let i = 0; i < rowsInView; i++) await press(el, listbox, 'ArrowUp');
    expect(activeName(el)).to.equal(`tool_${199 - rowsInView}`);
    const top = activeOption(el).getBoundingClientRect().top;
    expect(top).to.be.closeTo(listbox.getBoundingClientRect().top, 1);
  });

  it('should show a group header with the first option of its group', async () => {
    const el = await listOf(manyTools(40, (i) => (i < 20 ? 'alpha' : 'beta')));
    const listbox = await measured(el);
    listbox.focus();
    await press(el, listbox, 'End');
    for (let i = 0; i < 19; i++) await press(el, listbox, 'ArrowUp');
    expect(activeName(el)).to.equal('beta/tool_20');
    expect(listbox.scrollTop).to.equal(HEADER + 20 * ROW);
    await press(el, listbox, 'End');
    await press(el, listbox, 'Home');
    expect(listbox.scrollTop).to.equal(0);
    expect(inView(el, el.shadowRoot!.querySelector('[part=group]')!)).to.equal(true);
  });

  it('should cost a key press or a keystroke only the rows it draws, not another pass over every tool', async () => {
    let reads = 0;
    const tools = manyTools(2000).map((tool) => {
      const { description } = tool;
      return Object.defineProperty(tool, 'description', { get: () => (reads++, description), enumerable: true });
    });
    const el = await listOf(tools);
    const listbox = await measured(el);
    listbox.focus();
    reads = 0;
    await press(el, listbox, 'ArrowDown');
    await type(el, 'tool_1');
    await press(el, listbox, 'End');
    expect(names(el).length).to.be.below(20);
    // Each drawn row reads its tool's description; building the search again would read all 2,000.
    expect(reads).to.be.below(200);
  });
});
