// The JSON box of <tool-form>: what the form cannot draw, and a value that does not fit its field (pasted or replayed
// arguments that disagree with the schema), is edited as JSON text. Half-written JSON stays in the box with its
// problem under it; the arguments keep the last JSON that parsed.
import { expect } from '@open-wc/testing';
import type { ToolForm } from '../../elements/tool-form/tool-form.js';
import { json, stubFetch } from './fetch-stub.js';
import { button, click, control, formFor, query, typeInto } from './tool-form.helpers.js';
import { replay } from './fields.helpers.js';

const box = (el: ToolForm, name: string) => control<HTMLTextAreaElement>(el, name);
const helpOf = (el: ToolForm, target: Element) => query(el, `#${target.id}-help`)?.textContent;
const errorOf = (el: ToolForm, target: Element) => query(el, `#${target.id}-error`)?.textContent;

const MISFIT = 'The value does not fit the schema here: edited as JSON.';

describe('fields: the JSON box', () => {
  beforeEach(() => stubFetch(() => json({ valid: true })));

  const free = {
    type: 'object',
    properties: {
      free: { type: 'object' },
      settings: { type: 'object', description: 'Anything the server reads.' },
      locked: { type: 'object', readOnly: true },
      blobs: { type: 'array', items: { type: 'object' } },
    },
    required: ['settings'],
  };

  it('says why a part is JSON, after the part’s own description', async () => {
    const el = await formFor(free);
    expect(helpOf(el, box(el, 'free'))).to.equal('A free-form object: edited as JSON.');
    expect(helpOf(el, box(el, 'settings'))).to.equal('Anything the server reads. A free-form object: edited as JSON.');
    expect([box(el, 'settings').required, box(el, 'free').required]).to.deep.equal([true, false]);
    expect([box(el, 'locked').disabled, box(el, 'free').disabled]).to.deep.equal([true, false]);
  });

  it('shows a value as indented JSON, and keeps the text typed while it means the same value', async () => {
    const el = await formFor(free);
    await replay(el, { free: { a: [1] } });
    expect(box(el, 'free').value).to.equal('{\n  "a": [\n    1\n  ]\n}');
    await typeInto(el, box(el, 'free'), '{"a": [1, 2]}');
    expect([box(el, 'free').value, el.value.free]).to.deep.equal(['{"a": [1, 2]}', { a: [1, 2] }]);
  });

  it('keeps half-written JSON in the box with where it breaks, and the last JSON that parsed', async () => {
    const el = await formFor(free);
    await typeInto(el, box(el, 'free'), '{"a": 1}');
    await typeInto(el, box(el, 'free'), '{"a": 1,\n "b": }');
    const typed = box(el, 'free');
    expect(typed.value).to.equal('{"a": 1,\n "b": }');
    expect(el.value.free).to.deep.equal({ a: 1 });
    expect(typed.getAttribute('aria-invalid')).to.equal('true');
    expect(errorOf(el, typed)).to.match(/^Invalid JSON at line 2, column 8: /);
    expect(typed.getAttribute('aria-describedby')).to.equal(`${typed.id}-help ${typed.id}-error`);
    await typeInto(el, typed, '{"a": 2}');
    expect([typed.getAttribute('aria-invalid'), errorOf(el, typed), el.value.free]).to.deep.equal([
      'false',
      undefined,
      { a: 2 },
    ]);
  });

  it('unsets an optional part emptied, even to blanks, and says nothing is wrong with it', async () => {
    const el = await formFor(free);
    await typeInto(el, box(el, 'free'), '{"a": 1}');
    await typeInto(el, box(el, 'free'), '   ');
    expect(Object.hasOwn(el.value, 'free')).to.equal(false);
    expect([box(el, 'free').value, box(el, 'free').getAttribute('aria-invalid')]).to.deep.equal(['   ', 'false']);
    expect(errorOf(el, box(el, 'free'))).to.equal(undefined);
  });

  it('holds null in a list item emptied, since an item cannot be unset', async () => {
    const el = await formFor(free);
    await click(el, button(el, 'Add item to blobs'));
    expect([box(el, 'Item 1').value, el.value.blobs]).to.deep.equal(['null', [null]]);
    await typeInto(el, box(el, 'Item 1'), '{"x": true}');
    expect(el.value.blobs).to.deep.equal([{ x: true }]);
    await typeInto(el, box(el, 'Item 1'), '');
    expect([box(el, 'Item 1').value, el.value.blobs]).to.deep.equal(['', [null]]);
    expect(errorOf(el, box(el, 'Item 1'))).to.equal(undefined);
  });
});

describe('fields: values that do not fit their field', () => {
  beforeEach(() => stubFetch(() => json({ valid: true })));

  const every = {
    type: 'object',
    properties: {
      s: { type: 'string' },
      n: { type: 'number' },
      b: { type: 'boolean' },
      e: { enum: ['x', 'y'] },
      o: { type: 'object', properties: { a: { type: 'string' } } },
      a: { type: 'array', items: { type: 'string' } },
      t: { type: 'array', prefixItems: [{ type: 'string' }] },
      c: { const: 'fixed' },
      ns: { type: ['string', 'null'] },
    },
  };

  it('edits each value of the wrong JSON type as JSON, saying why, and keeps it as it is', async () => {
    const el = await formFor(every);
    const odd = { s: 5, n: true, b: 'yes', e: 'z', o: [1], a: { x: 1 }, t: 'x', ns: 7 };
    await replay(el, { ...odd, c: 'other' });
    for (const [name, value] of Object.entries(odd)) {
      const shown = box(el, name);
      expect([shown.localName, shown.value, helpOf(el, shown)], name).to.deep.equal([
        'textarea',
        JSON.stringify(value, null, 2),
        MISFIT,
      ]);
    }
    // A fixed value shows what the schema fixes; the value sent is the validator's to judge.
    expect([control(el, 'c').localName, control(el, 'c').value]).to.deep.equal(['input', 'fixed']);
    expect(el.value).to.deep.equal({ ...odd, c: 'other' });
  });

  it('draws each value of the right JSON type in its own control', async () => {
    const el = await formFor(every);
    await replay(el, { s: 'text', n: 'not yet', b: true, e: 'y', o: { a: 'in' }, a: ['one'], t: ['only'] });
    const kinds = ['s', 'n', 'b', 'e'].map((name) => `${control(el, name).localName}:${control(el, name).type}`);
    expect(kinds).to.deep.equal(['input:text', 'input:text', 'input:checkbox', 'select:select-one']);
    expect([control(el, 'a').value, control(el, 'Item 1').value, control(el, 't [0]').value]).to.deep.equal([
      'in',
      'one',
      'only',
    ]);
    expect(el.shadowRoot!.querySelectorAll('textarea').length).to.equal(0);
  });

  it('goes back to the field’s own control once the JSON typed fits it', async () => {
    const el = await formFor(every);
    await replay(el, { s: 5 });
    await typeInto(el, box(el, 's'), '"now text"');
    expect([control(el, 's').localName, control(el, 's').value, el.value.s]).to.deep.equal([
      'input',
      'now text',
      'now text',
    ]);
  });
});
