// Fields that hold other fields in <tool-form>: lists (add, move, remove, a cap on their length), lists of choices as
// checkboxes, extra keys of an object, fixed-length tuples, and one-of variants with their picker. Each test acts as a
// person does (buttons by their accessible names, keys) and reads what the form shows and would send.
import { expect, oneEvent } from '@open-wc/testing';
import type { ToolForm } from '../../elements/tool-form/tool-form.js';
import { type FetchCall, json, stubFetch } from './fetch-stub.js';
import { button, click, control, formFor, query, typeInto } from './tool-form.helpers.js';
import { replay, validatorSaying } from './fields.helpers.js';

/** Whether each named button can be pressed (its name, `disabled` when it cannot). */
const states = (el: ToolForm, names: string[]) =>
  names.map((name) => (button(el, name).disabled ? `${name}: disabled` : name));

function keydown(target: Element, key: string, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

const legends = (el: ToolForm) =>
  [...el.shadowRoot!.querySelectorAll('legend > span')].map((legend) => legend.textContent!.trim());

describe('fields: lists', () => {
  let calls: FetchCall[];
  beforeEach(() => {
    calls = stubFetch(() => json({ valid: true })).calls;
  });

  it('offers to move an item only where it can go, and moves it down', async () => {
    const el = await formFor({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } });
    await replay(el, { tags: ['a'] });
    expect(states(el, ['Move Item 1 of tags up', 'Move Item 1 of tags down', 'Remove Item 1 of tags'])).to.deep.equal([
      'Move Item 1 of tags up: disabled',
      'Move Item 1 of tags down: disabled',
      'Remove Item 1 of tags',
    ]);
    await replay(el, { tags: ['a', 'b', 'c'] });
    expect(
      states(el, [
        'Move Item 1 of tags up',
        'Move Item 1 of tags down',
        'Move Item 2 of tags up',
        'Move Item 2 of tags down',
        'Move Item 3 of tags up',
        'Move Item 3 of tags down',
      ]),
    ).to.deep.equal([
      'Move Item 1 of tags up: disabled',
      'Move Item 1 of tags down',
      'Move Item 2 of tags up',
      'Move Item 2 of tags down',
      'Move Item 3 of tags up',
      'Move Item 3 of tags down: disabled',
    ]);
    await click(el, button(el, 'Move Item 1 of tags down'));
    expect(el.value.tags).to.deep.equal(['b', 'a', 'c']);
    await click(el, button(el, 'Remove Item 2 of tags'));
    expect(el.value.tags).to.deep.equal(['b', 'c']);
    expect(control(el, 'Item 2').value).to.equal('c');
  });

  it('stops adding items at maxItems, and offers it again after a removal', async () => {
    const el = await formFor({
      type: 'object',
      properties: { pair: { type: 'array', items: { type: 'string', title: 'Word' }, maxItems: 2 } },
    });
    const add = () => button(el, 'Add word to pair');
    expect(add().textContent!.trim()).to.equal('Add word');
    await click(el, add());
    expect(add().disabled).to.equal(false);
    await click(el, add());
    expect([add().disabled, el.value.pair]).to.deep.equal([true, ['', '']]);
    await click(el, add());
    expect(el.value.pair).to.deep.equal(['', '']);
    await click(el, button(el, 'Remove Word 2 of pair'));
    expect(add().disabled).to.equal(false);
  });

  it('forgets what was typed into items that move, so no text lands on another item', async () => {
    const el = await formFor({ type: 'object', properties: { nums: { type: 'array', items: { type: 'number' } } } });
    await click(el, button(el, 'Add item to nums'));
    await click(el, button(el, 'Add item to nums'));
    await typeInto(el, control(el, 'Item 1'), '1.');
    await typeInto(el, control(el, 'Item 2'), '1');
    expect([control(el, 'Item 1').value, control(el, 'Item 2').value]).to.deep.equal(['1.', '1']);
    await click(el, button(el, 'Move Item 2 of nums up'));
    expect([control(el, 'Item 1').value, control(el, 'Item 2').value]).to.deep.equal(['1', '1']);
    await typeInto(el, control(el, 'Item 2'), '1.');
    await click(el, button(el, 'Remove Item 1 of nums'));
    expect(control(el, 'Item 1').value).to.equal('1');
  });

  it('keeps a new or emptied number item in a number input, holding null', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        nums: { type: 'array', items: { type: 'number' } },
        pair: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'integer' }] },
        n: { type: 'number' },
      },
    });
    await click(el, button(el, 'Add item to nums'));
    const item = control(el, 'Item 1');
    expect([item.localName, item.value, el.value.nums]).to.deep.equal(['input', '', [null]]);
    await typeInto(el, item, '3');
    item.focus();
    await typeInto(el, item, '');
    expect([control(el, 'Item 1'), el.value.nums]).to.deep.equal([item, [null]]);
    expect(el.shadowRoot!.activeElement).to.equal(item);
    await typeInto(el, control(el, 'pair [0]'), '3');
    expect([control(el, 'pair [1]').localName, el.value.pair]).to.deep.equal(['input', [3, null]]);
    // An optional number cannot be emptied to null: a null replayed there is shown as it is, as JSON.
    await replay(el, { n: null });
    expect(control(el, 'n').localName).to.equal('textarea');
  });

  it('marks no item of a required list as required', async () => {
    const el = await formFor({
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' } } },
      required: ['tags'],
    });
    await replay(el, { tags: ['a'] });
    expect(query(el, 'legend .required')!.textContent).to.equal('*');
    expect([control(el, 'Item 1').required, query(el, 'label .required')]).to.deep.equal([false, null]);
  });

  it('names object items after their title and number', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        people: { type: 'array', items: { type: 'object', title: 'Person', properties: { name: { type: 'string' } } } },
      },
    });
    await click(el, button(el, 'Add person to people'));
    await click(el, button(el, 'Add person to people'));
    expect(legends(el)).to.deep.equal(['people', 'Person 1', 'Person 2']);
    expect(calls.filter((call) => call.url.endsWith('/call'))).to.deep.equal([]);
  });
});

describe('fields: lists of choices', () => {
  beforeEach(() => stubFetch(() => json({ valid: true })));

  const days = {
    type: 'object',
    properties: {
      days: { type: 'array', items: { enum: ['mon', 'tue', 'wed'] } },
      spots: { type: 'array', items: { enum: [{ at: 1 }, { at: 2 }] } },
    },
  };
  const checked = (el: ToolForm, names: string[]) => names.filter((name) => control(el, name).checked);

  it('ticks the choices the value holds, and sends object choices as objects', async () => {
    const el = await formFor(days);
    await replay(el, { days: ['wed', 'mon'] });
    expect(checked(el, ['mon', 'tue', 'wed'])).to.deep.equal(['mon', 'wed']);
    await click(el, control(el, '{"at":2}'));
    expect(el.value.spots).to.deep.equal([{ at: 2 }]);
    expect(checked(el, ['{"at":1}', '{"at":2}'])).to.deep.equal(['{"at":2}']);
  });

  it('shows a list holding a value no box offers as a list, and an empty list as boxes', async () => {
    const el = await formFor(days);
    await replay(el, { days: ['mon', 'sun'] });
    expect(control<HTMLSelectElement>(el, 'Item 1').localName).to.equal('select');
    expect(control(el, 'Item 2').localName).to.equal('textarea');
    await replay(el, { days: [] });
    expect(control(el, 'tue').type).to.equal('checkbox');
  });
});

describe('fields: extra keys of an object', () => {
  let calls: FetchCall[];
  beforeEach(() => {
    calls = stubFetch((call) => json(call.url.endsWith('/validate') ? { valid: true } : { content: [] })).calls;
  });

  const env = {
    type: 'object',
    properties: {
      env: {
        type: 'object',
        properties: { PATH: { type: 'string' } },
        additionalProperties: { type: 'string' },
      },
      limits: { type: 'object', additionalProperties: { type: 'number' } },
    },
  };

  it('adds a key on Enter without running the tool, and empties the box for the next one', async () => {
    const el = await formFor(env);
    const key = control(el, 'New key in env');
    await typeInto(el, key, 'HOME');
    const enter = keydown(key, 'Enter');
    await el.updateComplete;
    expect(enter.defaultPrevented).to.equal(true);
    expect(el.value.env).to.deep.equal({ HOME: '' });
    expect(control(el, 'New key in env').value).to.equal('');
    expect(button(el, 'Add entry').disabled).to.equal(true);
    // Enter in a field of its own does run: the one call sent is that one.
    const ended = oneEvent(el, 'tool-call-end');
    keydown(control(el, 'PATH'), 'Enter');
    await ended;
    expect(calls.filter((call) => call.url.endsWith('/call')).map((call) => call.body)).to.deep.equal([
      { env: { HOME: '' } },
    ]);
  });

  it('adds no key on Enter while composing, on another key, or with nothing typed', async () => {
    const el = await formFor(env);
    const key = control(el, 'New key in env');
    keydown(key, 'Enter');
    await el.updateComplete;
    expect(el.value).to.deep.equal({});
    await typeInto(el, key, 'HOME');
    keydown(key, 'Enter', { isComposing: true });
    keydown(key, 'a');
    await el.updateComplete;
    expect(el.value).to.deep.equal({});
    expect(control(el, 'New key in env').value).to.equal('HOME');
    const ended = oneEvent(el, 'tool-call-end');
    keydown(control(el, 'PATH'), 'Enter');
    await ended;
    expect(calls.filter((call) => call.url.endsWith('/call')).map((call) => call.body)).to.deep.equal([{}]);
  });

  it('refuses a key the object has already, declared or added', async () => {
    const el = await formFor(env);
    const key = () => control(el, 'New key in env');
    await typeInto(el, key(), 'PATH');
    expect(button(el, 'Add entry').disabled).to.equal(true);
    keydown(key(), 'Enter');
    await el.updateComplete;
    expect(el.value).to.deep.equal({});
    await typeInto(el, key(), 'HOME');
    expect(button(el, 'Add entry').disabled).to.equal(false);
    await click(el, button(el, 'Add entry'));
    await typeInto(el, control(el, 'HOME'), '/root');
    await typeInto(el, key(), 'HOME');
    expect(button(el, 'Add entry').disabled).to.equal(true);
    keydown(key(), 'Enter');
    await el.updateComplete;
    expect(el.value.env).to.deep.equal({ HOME: '/root' });
  });

  it('shows declared keys as their fields and only the others as entries, each holding its empty value', async () => {
    const el = await formFor(env);
    await replay(el, { env: { PATH: '/bin', HOME: '/root' } });
    expect(control(el, 'PATH').value).to.equal('/bin');
    expect(button(el, 'Remove HOME')).to.exist;
    expect(() => button(el, 'Remove PATH')).to.throw();
    await typeInto(el, control(el, 'New key in limits'), 'cpu');
    expect(control(el, 'New key in env').value).to.equal('');
    await click(el, [...el.shadowRoot!.querySelectorAll('button')].filter((b) => b.textContent === 'Add entry')[1]);
    expect(el.value.limits).to.deep.equal({ cpu: null });
  });

  it('keeps an entry emptied as empty text, and marks no entry required', async () => {
    const el = await formFor({ ...env, properties: { ...env.properties }, required: ['env'] });
    await replay(el, { env: { HOME: '/root' } });
    await typeInto(el, control(el, 'HOME'), '');
    expect(el.value.env).to.deep.equal({ HOME: '' });
    expect(query(el, `label[for="${control(el, 'HOME').id}"] .required`)).to.equal(null);
    expect(control(el, 'HOME').required).to.equal(false);
  });

  it('names the key box of the arguments themselves', async () => {
    const el = await formFor({ type: 'object', additionalProperties: { type: 'string' } });
    await typeInto(el, control(el, 'New key in arguments'), 'x');
    await click(el, button(el, 'Add entry'));
    expect(el.value).to.deep.equal({ x: '' });
  });
});

describe('fields: tuples', () => {
  beforeEach(() => stubFetch(() => json({ valid: true })));

  it('labels positions by title or by place, marks none required, and keeps items past them', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        span: { type: 'array', prefixItems: [{ type: 'string', title: 'From' }, { type: 'string' }] },
      },
      required: ['span'],
    });
    expect(control(el, 'From').required).to.equal(false);
    expect(control(el, 'span [1]').required).to.equal(false);
    expect(query(el, 'fieldset')!.querySelectorAll('label .required').length).to.equal(0);
    await replay(el, { span: ['a', 'b', 'extra'] });
    await typeInto(el, control(el, 'From'), 'z');
    expect(el.value.span).to.deep.equal(['z', 'b', 'extra']);
    await typeInto(el, control(el, 'From'), '');
    expect(el.value.span).to.deep.equal(['', 'b', 'extra']);
  });
});

describe('fields: tuples, and what the server says about them', () => {
  it('says at once that a required part of a full tuple was emptied', async () => {
    validatorSaying([{ path: '/pair/0/x', keyword: 'required', message: "must have required property 'x'" }]);
    const el = await formFor({
      type: 'object',
      properties: {
        pair: {
          type: 'array',
          prefixItems: [{ type: 'object', title: 'First', properties: { x: { type: 'string' } }, required: ['x'] }],
        },
      },
    });
    await replay(el, { pair: [{ x: 'a' }] });
    await typeInto(el, control(el, 'x'), '');
    await el.validationComplete;
    await el.updateComplete;
    expect(el.value.pair).to.deep.equal([{}]);
    expect(el.shadowRoot!.textContent).to.contain("must have required property 'x'");
  });
});

describe('fields: variants', () => {
  beforeEach(() => stubFetch(() => json({ valid: true })));

  const shapes = {
    oneOf: [
      { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' } }, required: ['kind'] },
      { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['kind'] },
    ],
  };

  it('names its picker after the field, and shows which variant is open', async () => {
    const el = await formFor({ type: 'object', properties: { shape: shapes }, required: ['shape'] });
    const picker = control<HTMLSelectElement>(el, 'Variant');
    expect(picker.getAttribute('aria-label')).to.equal('Variant of shape');
    expect([...picker.options].map((option) => [option.textContent, option.selected])).to.deep.equal([
      ['circle', true],
      ['square', false],
    ]);
    await replay(el, { shape: { kind: 'square', side: 2 } });
    expect(control<HTMLSelectElement>(el, 'Variant').value).to.equal('1');
    expect(control(el, 'side').value).to.equal('2');
  });

  it('draws an optional object variant’s fields in its own group, unset until typed into', async () => {
    const el = await formFor({ type: 'object', properties: { shape: shapes } });
    expect(legends(el)).to.deep.equal(['shape']);
    expect(el.value).to.deep.equal({});
    await typeInto(el, control(el, 'r'), '2');
    expect(el.value.shape).to.deep.equal({ r: 2 });
    await typeInto(el, control<HTMLSelectElement>(el, 'Variant'), '1');
    expect(el.value.shape).to.deep.equal({ kind: 'square' });
  });

  it('keeps a variant of a single value open once picked, labelled with the variant', async () => {
    const el = await formFor({ type: 'object', properties: { size: { type: ['string', 'number'] } } });
    expect(control(el, 'size (string)').type).to.equal('text');
    await typeInto(el, control(el, 'size (string)'), 'big');
    await typeInto(el, control<HTMLSelectElement>(el, 'Variant'), '1');
    expect(Object.hasOwn(el.value, 'size')).to.equal(false);
    expect(control<HTMLSelectElement>(el, 'Variant').value).to.equal('1');
    await typeInto(el, control(el, 'size (number)'), '5');
    expect(el.value.size).to.equal(5);
    expect(control(el, 'size (number)').getAttribute('inputmode')).to.equal('decimal');
  });

  it('leaves an optional field unset when the variant picked has nothing to start from', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        on: { type: ['string', 'boolean'] },
        at: {
          oneOf: [
            { type: 'object', title: 'Place', properties: { city: { type: 'string' } } },
            { type: 'object', title: 'Point', properties: { lat: { type: 'number' } } },
          ],
        },
      },
    });
    await typeInto(el, control(el, 'on (string)'), 'yes');
    await typeInto(el, control(el, 'city'), 'Oslo');
    const [onPicker, atPicker] = [...el.shadowRoot!.querySelectorAll<HTMLSelectElement>('.variant-picker select')];
    await typeInto(el, onPicker, '1');
    await typeInto(el, atPicker, '1');
    expect(el.value).to.deep.equal({});
    expect(control(el, 'on (boolean)').indeterminate).to.equal(true);
    expect(control(el, 'lat').value).to.equal('');
  });

  it('forgets what was typed into the shape left behind', async () => {
    const withMeta = (kind: string) => ({
      type: 'object',
      properties: { kind: { const: kind }, meta: { type: 'object' } },
      required: ['kind'],
    });
    const el = await formFor({ type: 'object', properties: { shape: { oneOf: [withMeta('a'), withMeta('b')] } } });
    await typeInto(el, control(el, 'meta'), '{"half":');
    expect(control(el, 'meta').getAttribute('aria-invalid')).to.equal('true');
    await typeInto(el, control<HTMLSelectElement>(el, 'Variant'), '1');
    expect([control(el, 'meta').value, control(el, 'meta').getAttribute('aria-invalid')]).to.deep.equal(['', 'false']);
    expect(el.value.shape).to.deep.equal({ kind: 'b' });
  });

  it('forgets half-written JSON of a variant left and picked again', async () => {
    const el = await formFor({ type: 'object', properties: { v: { anyOf: [{ type: 'array' }, { type: 'number' }] } } });
    const box = () => control<HTMLTextAreaElement>(el, 'v (array (option 1))');
    await typeInto(el, box(), '[1,');
    expect(box().getAttribute('aria-invalid')).to.equal('true');
    await typeInto(el, control<HTMLSelectElement>(el, 'Variant'), '1');
    await typeInto(el, control<HTMLSelectElement>(el, 'Variant'), '0');
    expect([box().value, box().getAttribute('aria-invalid'), el.value]).to.deep.equal(['', 'false', {}]);
  });

  it('starts a list item switched to another variant at that variant’s empty value', async () => {
    const el = await formFor({
      type: 'object',
      properties: { sizes: { type: 'array', items: { type: ['string', 'number'] } } },
    });
    await click(el, button(el, 'Add item to sizes'));
    expect(el.value.sizes).to.deep.equal(['']);
    expect(query(el, 'fieldset fieldset select')!.getAttribute('aria-label')).to.equal('Variant of Item 1 of sizes');
    await typeInto(el, control<HTMLSelectElement>(el, 'Variant'), '1');
    expect(el.value.sizes).to.deep.equal([null]);
    expect(control(el, 'Item 1 (number)').localName).to.equal('input');
  });

  it('offers one null control for a nullable variant, and forgets the variant picked when new arguments come', async () => {
    const el = await formFor({ type: 'object', properties: { size: { type: ['string', 'number', 'null'] } } });
    expect(el.shadowRoot!.querySelectorAll('button[aria-label^="Set null"]').length).to.equal(1);
    await typeInto(el, control<HTMLSelectElement>(el, 'Variant'), '1');
    await replay(el, { size: 'big' });
    expect(control<HTMLSelectElement>(el, 'Variant').value).to.equal('0');
    expect(control(el, 'size (string)').value).to.equal('big');
  });

  it('offers one null control when both the variants and the one picked may be null', async () => {
    const el = await formFor({
      type: 'object',
      properties: { size: { anyOf: [{ type: ['string', 'null'] }, { type: 'number' }, { type: 'null' }] } },
    });
    const toggles = () =>
      [...el.shadowRoot!.querySelectorAll('button[aria-label^="Set null"]')].map((b) => b.getAttribute('aria-label'));
    expect(toggles()).to.deep.equal(['Set null for size']);
    await click(el, button(el, 'Set null for size'));
    expect(el.value.size).to.equal(null);
  });

  it('edits a value no variant can show as JSON, under the variant’s name, and keeps it until edited', async () => {
    const el = await formFor({ type: 'object', properties: { shape: shapes } });
    for (const odd of ['round', null, [1]]) {
      await replay(el, { shape: odd });
      const box = control<HTMLTextAreaElement>(el, 'shape (circle)');
      expect([box.localName, box.value], JSON.stringify(odd)).to.deep.equal(['textarea', JSON.stringify(odd, null, 2)]);
      expect(el.value).to.deep.equal({ shape: odd });
    }
    await typeInto(el, control(el, 'shape (circle)'), '{"kind": "circle", "r": 1}');
    expect(control(el, 'r').value).to.equal('1');
  });
});
