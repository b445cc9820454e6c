// JSON shown as a tree (issue 27): how many items or keys each array and object holds, empty ones, every kind of value
// as JSON text, and the edge of 2000 values past which the tree is shown as indented text instead.
import { expect } from '@open-wc/testing';
import { $ } from './content.helpers.js';
import { read } from './content-read.helpers.js';

// What the page shows (closed branches hidden), one line per value, spaces collapsed.
const text = (node: HTMLElement | null) => node?.innerText.replace(/\s+/g, ' ').trim();

async function shown(value: unknown) {
  const el = await read([{ uri: 'file:///v.json', mimeType: 'application/json', text: JSON.stringify(value) }]);
  return { tree: text($(el, '[part=json-tree]')), pre: text($(el, '[part=item] pre')) };
}

describe('content: JSON tree', () => {
  it('should count items and keys in the singular and plural, and show empty arrays and objects as [] and {}', async () => {
    const { tree, pre } = await shown({
      one: [1],
      two: [1, 2],
      o: { k: true },
      oo: { a: null, b: 'x' },
      e: [],
      eo: {},
    });
    expect(tree).to.equal(
      '{6 keys} one: [1 item] 1 two: [2 items] 1 2 o: {1 key} k: true oo: {2 keys} a: null b: "x" e: [] eo: {}',
    );
    expect(pre).to.equal(undefined);
  });

  it('should draw 2000 values as a tree and 2001 as indented text', async () => {
    const edge = await shown(Array(1999).fill(1));
    expect(edge.tree!.startsWith('[1999 items] 1 1')).to.equal(true);
    expect(edge.pre).to.equal(undefined);

    const flat = Array(2000).fill(1);
    const over = await shown(flat);
    expect(over.tree).to.equal(undefined);
    expect(over.pre).to.equal(JSON.stringify(flat, null, 2).replace(/\s+/g, ' '));

    // The 2000th value is an array whose one item is the 2001st.
    const nested = [...Array(1998).fill('s'), [null]];
    const last = await shown(nested);
    expect(last.tree).to.equal(undefined);
    expect(last.pre!.endsWith('"s", [ null ] ]')).to.equal(true);
  });
});
