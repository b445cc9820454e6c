// <tool-list> by keyboard beyond the arrows: which keys the search field and the list take for themselves and which
// they leave to the browser (Tab, the caret keys), the list's place kept when it loses focus and gets it back, paging a
// list shorter than two rows, a list with nothing in it, and a click as the keyboard's new starting point.
import { expect, oneEvent } from '@open-wc/testing';
import type { ToolSummary } from '../../elements/api.js';
import type { ToolList } from '../../elements/tool-list/tool-list.js';
import {
  active,
  heightOf,
  listOf,
  listboxOf,
  manyTools,
  measured,
  options,
  press,
  searchField,
  type,
  ROW,
} from './tool-list.helpers.js';

const tools: ToolSummary[] = [
  { name: 'echo', description: 'Says the text back' },
  { name: 'fs/read', title: 'Read a file', description: 'Reads a file' },
  { name: 'fs/delete', description: 'Deletes a file' },
  { name: 'math.add', description: 'Adds numbers' },
];

/** Every tool-select the list fires from now on, by name. */
function picks(el: ToolList): string[] {
  const picked: string[] = [];
  el.addEventListener('tool-select', (event) => picked.push(event.detail.name));
  return picked;
}

describe('<tool-list> keyboard', () => {
  it('should leave the keys of the search field to it, but ArrowDown, which goes to the list', async () => {
    const el = await listOf(tools);
    const picked = picks(el);
    const input = searchField(el);
    input.focus();
    for (const key of ['ArrowUp', 'Home', 'End', 'a', ' ', 'Tab']) {
      expect(await press(el, input, key), `${key} is the field's`).to.equal(false);
      expect(el.shadowRoot!.activeElement, `${key} stays in the field`).to.equal(input);
    }
    expect(active(listboxOf(el))).to.equal(null);
    expect(await press(el, input, 'ArrowDown'), 'ArrowDown does not move the caret').to.equal(true);
    expect(el.shadowRoot!.activeElement).to.equal(listboxOf(el));
    expect(picked).to.deep.equal([]);
  });

  it('should stay in the search field on Enter when nothing matches', async () => {
    const el = await listOf(tools);
    const picked = picks(el);
    await type(el, 'nothing like this');
    const input = searchField(el);
    input.focus();
    expect(await press(el, input, 'Enter')).to.equal(false);
    expect(el.shadowRoot!.activeElement).to.equal(input);
    expect(active(listboxOf(el))).to.equal(null);
    expect(picked).to.deep.equal([]);
  });

  it('should take the arrows, paging keys, Enter and Space, and leave Tab and letters to the browser', async () => {
    const el = await listOf(tools);
    const listbox = listboxOf(el);
    listbox.focus();
    await el.updateComplete;
    for (const key of ['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'End', 'Home']) {
      expect(await press(el, listbox, key), `${key} is the list's`).to.equal(true);
    }
    expect(active(listbox)).to.equal('t0');
    for (const key of ['Tab', 'a', 'Escape', 'ArrowRight']) {
      expect(await press(el, listbox, key), `${key} is the browser's`).to.equal(false);
      expect(active(listbox), `${key} does not move`).to.equal('t0');
    }
    setTimeout(() => press(el, listbox, 'Enter'));
    expect((await oneEvent(el, 'tool-select')).detail.name).to.equal('echo');
  });

  it('should keep its place when the list loses focus and gets it back, rather than go back to the selected tool', async () => {
    const el = await listOf(tools, 'fs/read');
    const listbox = listboxOf(el);
    listbox.focus();
    await el.updateComplete;
    expect(active(listbox), 'it starts on the selected tool').to.equal('t1');
    await press(el, listbox, 'Home');
    searchField(el).focus();
    listbox.focus();
    await el.updateComplete;
    expect(active(listbox)).to.equal('t0');
    await press(el, listbox, 'End');
    searchField(el).focus();
    listbox.focus();
    await el.updateComplete;
    expect(active(listbox)).to.equal('t3');
  });

  it('should page by one option in a list too short to show two', async () => {
    const el = await listOf(manyTools(10), '', '150px');
    const listbox = await measured(el);
    expect(heightOf(listbox)).to.be.below(2 * ROW, 'the list shows less than two rows');
    listbox.focus();
    await el.updateComplete;
    await press(el, listbox, 'PageDown');
    expect(active(listbox)).to.equal('t1');
    await press(el, listbox, 'PageDown');
    expect(active(listbox)).to.equal('t2');
    await press(el, listbox, 'PageUp');
    expect(active(listbox)).to.equal('t1');
  });

  it('should leave every key to the browser while no tool matches', async () => {
    const el = await listOf(tools);
    const picked = picks(el);
    await type(el, 'nothing like this');
    const listbox = listboxOf(el);
    listbox.focus();
    await el.updateComplete;
    for (const key of ['ArrowDown', 'End', 'Enter', ' ', 'Home']) {
      expect(await press(el, listbox, key), `${key} on an empty list`).to.equal(false);
    }
    expect(active(listbox)).to.equal(null);
    expect(picked).to.deep.equal([]);
    await type(el, '');
    expect(options(el)).to.have.length(4);
  });

  it('should go on from a clicked option with the keyboard', async () => {
    const el = await listOf(tools);
    const listbox = listboxOf(el);
    options(el)[2]
      .querySelector('.name')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    await el.updateComplete;
    expect(el.selected).to.equal('fs/delete');
    expect(active(listbox)).to.equal('t2');
    listbox.focus();
    await press(el, listbox, 'ArrowDown');
    expect(active(listbox)).to.equal('t3');
    setTimeout(() => press(el, listbox, ' '));
    expect((await oneEvent(el, 'tool-select')).detail.name).to.equal('math.add');
  });

  it('should pick nothing on a click on a namespace header or below the last option', async () => {
    const el = await listOf(tools, 'echo');
    const picked = picks(el);
    el.shadowRoot!.querySelector<HTMLElement>('[part=group] .ns')!.click();
    listboxOf(el).click();
    await el.updateComplete;
    expect(picked).to.deep.equal([]);
    expect(el.selected).to.equal('echo');
    expect(options(el).map((option) => option.getAttribute('aria-selected'))).to.deep.equal([
      'true',
      'false',
      'false',
      'false',
    ]);
  });

  it('should keep the keyboard on the last option when the tools shrink under it, and on nothing when none is left', async () => {
    const el = await listOf(tools);
    const listbox = listboxOf(el);
    listbox.focus();
    await press(el, listbox, 'End');
    expect(active(listbox)).to.equal('t3');
    el.tools = tools.slice(0, 2);
    await el.updateComplete;
    expect(active(listbox)).to.equal('t1');
    await type(el, 'echo');
    expect(active(listbox)).to.equal('t0');
    await type(el, 'nothing like this');
    expect(active(listbox)).to.equal(null);
    await type(el, '');
    expect(active(listbox), 'none until a key moves it').to.equal(null);
    const picked = picks(el);
    await press(el, listbox, 'Enter');
    expect(picked, 'Enter picks nothing while no option is active').to.deep.equal([]);
    await press(el, listbox, 'ArrowDown');
    expect(active(listbox)).to.equal('t0');
  });

  it('should outline the option the keyboard is on, and only while the list has focus', async () => {
    const el = await listOf(tools, 'echo');
    const listbox = listboxOf(el);
    const outlines = () => options(el).map((option) => getComputedStyle(option).outlineStyle);
    expect(outlines()).to.deep.equal(['none', 'none', 'none', 'none']);
    listbox.focus();
    await press(el, listbox, 'ArrowDown');
    expect(outlines()).to.deep.equal(['none', 'solid', 'none', 'none']);
    searchField(el).focus();
    expect(outlines()).to.deep.equal(['none', 'none', 'none', 'none']);
  });
});
