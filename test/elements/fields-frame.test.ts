// The frame around every field of <tool-form>: its label and required mark, the help and error text a screen reader
// reads with the control, the set-to-null control of nullable fields, and the fieldset of a group. Each test reads the
// form the way a person (or a screen reader) meets it.
import { expect } from '@open-wc/testing';
import type { ToolForm } from '../../elements/tool-form/tool-form.js';
import { button, click, control, formFor, query, typeInto } from './tool-form.helpers.js';
import { replay, validatorSaying } from './fields.helpers.js';

/** The texts the ids in `describedby` name, in order (what a screen reader reads after the control's name). */
function descriptions(el: ToolForm, target: Element): string[] | null {
  const ids = target.getAttribute('aria-describedby');
  if (ids === null) return null;
  return ids.split(' ').map((id) => el.shadowRoot!.getElementById(id)?.textContent?.trim() ?? `no element #${id}`);
}

const legendOf = (fieldset: Element) => fieldset.querySelector(':scope > legend > span')!.textContent!.trim();

describe('fields: labels, marks and help', () => {
  it('marks required fields with a star hidden from screen readers, and only those', async () => {
    validatorSaying();
    const el = await formFor({
      type: 'object',
      properties: {
        city: { type: 'string' },
        note: { type: 'string' },
        where: { type: 'object', properties: { lat: { type: 'number' } } },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['city', 'where'],
    });
    const marks = (target: Element) => [...target.querySelectorAll('.required')].map((mark) => mark.textContent);
    const label = (text: string) => query(el, `label[for="${control(el, text).id}"]`)!;
    expect(marks(label('city'))).to.deep.equal(['*']);
    expect(label('city').querySelector('.required')!.getAttribute('aria-hidden')).to.equal('true');
    expect(marks(label('note'))).to.deep.equal([]);
    const [where, tags] = [...el.shadowRoot!.querySelectorAll('fieldset')];
    expect(marks(where.querySelector('legend')!)).to.deep.equal(['*']);
    expect(marks(tags.querySelector('legend')!)).to.deep.equal([]);
    expect(marks(label('lat'))).to.deep.equal([]);
  });

  it('labels a field by its title, else its key, and says its description after its name', async () => {
    validatorSaying();
    const el = await formFor({
      type: 'object',
      properties: {
        city: { type: 'string', title: 'City name', description: 'Where to look' },
        days: { type: 'integer' },
        where: { type: 'object', title: 'Position', description: 'Somewhere', properties: { lat: { type: 'number' } } },
        plain: { type: 'object', properties: { lon: { type: 'number' } } },
      },
    });
    expect(descriptions(el, control(el, 'City name'))).to.deep.equal(['Where to look']);
    expect(descriptions(el, control(el, 'days'))).to.equal(null);
    const [where, plain] = [...el.shadowRoot!.querySelectorAll('fieldset')];
    expect(legendOf(where)).to.equal('Position');
    expect(descriptions(el, where)).to.deep.equal(['Somewhere']);
    expect(legendOf(plain)).to.equal('plain');
    expect(descriptions(el, plain)).to.equal(null);
    expect(el.shadowRoot!.querySelectorAll('.help').length).to.equal(2);
  });

  it('labels a field, a list item and a tuple position with an empty title by what it would be without one', async () => {
    validatorSaying();
    const el = await formFor({
      type: 'object',
      properties: {
        city: { type: 'string', title: '' },
        tags: { type: 'array', items: { type: 'string', title: '' } },
        pair: { type: 'array', prefixItems: [{ type: 'string', title: '' }] },
      },
    });
    await click(el, button(el, 'Add item to tags'));
    expect([control(el, 'city').id, control(el, 'Item 1').id, control(el, 'pair [0]').id].map(Boolean)).to.deep.equal([
      true,
      true,
      true,
    ]);
    expect(button(el, 'Add item to tags').textContent!.trim()).to.equal('Add item');
  });

  it('names the parts of a field whose key is empty after the arguments, or generically', async () => {
    validatorSaying();
    const el = await formFor({
      type: 'object',
      properties: {
        '': {
          type: 'object',
          properties: {
            '': { type: 'array', items: { type: 'string' } },
          },
        },
      },
    });
    expect(button(el, 'Add item to the arguments')).to.exist;
    const tuple = await formFor({
      type: 'object',
      properties: { '': { type: 'array', prefixItems: [{ type: 'string' }] } },
    });
    expect(control(tuple, 'Item [0]').type).to.equal('text');
    const variant = await formFor({ type: 'object', properties: { '': { type: ['string', 'number'] } } });
    expect(control(variant, 'Value (string)').type).to.equal('text');
    expect(control(variant, 'Variant').getAttribute('aria-label')).to.equal('Variant of the arguments');
  });

  it('gives every key its own control, whatever characters its name holds', async () => {
    validatorSaying();
    // Ids are made from the keys: keys that differ only in characters an id cannot hold must still differ.
    const keys = ['a.b', 'a(b', 'a b', 'a_20b', '!', '_21', '~x', '_7ex', 'k', 'k-help', 'k-error'];
    const el = await formFor({
      type: 'object',
      properties: Object.fromEntries(keys.map((key) => [key, { type: 'string', description: `About ${key}` }])),
    });
    for (const key of keys) await typeInto(el, control(el, key), `typed into ${key}`);
    expect(el.value).to.deep.equal(Object.fromEntries(keys.map((key) => [key, `typed into ${key}`])));
    for (const key of keys) expect(descriptions(el, control(el, key))).to.deep.equal([`About ${key}`]);
  });
});

describe('fields: problems', () => {
  it('says the server’s messages under their field, each on its own line, read after the description', async () => {
    validatorSaying([
      { path: '/city', message: 'must be shorter' },
      { path: '/city', message: 'must start with a capital' },
      { path: '/days', message: 'must be <= 7' },
    ]);
    const el = await formFor({
      type: 'object',
      properties: { city: { type: 'string', description: 'Where to look' }, days: { type: 'integer' } },
    });
    await replay(el, { city: 'paris and beyond', days: 9 });
    const city = control(el, 'city');
    expect(city.getAttribute('aria-invalid')).to.equal('true');
    expect(descriptions(el, city)).to.deep.equal(['Where to look', 'must be shortermust start with a capital']);
    const lines = [...query(el, `#${city.id}-error`)!.children].map((line) => line.textContent);
    expect(lines).to.deep.equal(['must be shorter', 'must start with a capital']);
    expect(query(el, `#${city.id}-error`)!.getAttribute('part')).to.equal('error');
    const days = control(el, 'days');
    expect(descriptions(el, days)).to.deep.equal(['must be <= 7']);
    expect(days.getAttribute('aria-invalid')).to.equal('true');
    // Drawn again for any reason (here a switch of views and back), the form says the same.
    await click(el, button(el, 'JSON'));
    await click(el, button(el, 'Form'));
    expect(descriptions(el, control(el, 'days'))).to.deep.equal(['must be <= 7']);
    expect(query(el, '.top-errors')!.textContent!.trim()).to.equal('');
  });

  it('says once what the form and the server both say about a field', async () => {
    validatorSaying([{ path: '/days', message: 'must be integer', keyword: 'type' }]);
    const el = await formFor({ type: 'object', properties: { days: { type: 'integer' } } });
    await typeInto(el, control(el, 'days'), '2.5');
    await el.validationComplete;
    await el.updateComplete;
    const days = control(el, 'days');
    expect([...query(el, `#${days.id}-error`)!.children].map((line) => line.textContent)).to.deep.equal([
      'must be integer',
    ]);
  });

  it('marks a group the server finds fault with, and says why in its legend’s place', async () => {
    validatorSaying([{ path: '/tags', message: 'must NOT have fewer than 1 items' }]);
    const el = await formFor({
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string' }, description: 'Words to find' },
        where: { type: 'object', properties: { lat: { type: 'number' } } },
      },
    });
    await replay(el, { tags: [] });
    const [tags, where] = [...el.shadowRoot!.querySelectorAll('fieldset')];
    expect(tags.getAttribute('aria-invalid')).to.equal('true');
    expect(descriptions(el, tags)).to.deep.equal(['Words to find', 'must NOT have fewer than 1 items']);
    expect(where.getAttribute('aria-invalid')).to.equal('false');
    expect(descriptions(el, where)).to.equal(null);
    expect(query(el, '.top-errors')!.textContent!.trim()).to.equal('');
  });
});

describe('fields: nullable fields', () => {
  const nullable = {
    type: 'object',
    properties: {
      named: { type: ['string', 'null'], default: 'anon' },
      flag: { type: ['boolean', 'null'] },
      count: { type: ['integer', 'null'] },
      where: { type: ['object', 'null'], properties: { lat: { type: 'number' } }, description: 'A place' },
      rows: { type: 'array', items: { type: 'object', properties: { s: { type: ['string', 'null'] } } } },
      nums: { type: 'array', items: { type: ['number', 'null'], title: 'Count' } },
      words: { type: 'array', items: { type: ['string', 'null'] } },
    },
  };

  it('shows null as text in the control’s place, and takes the field back to its default', async () => {
    validatorSaying();
    const el = await formFor(nullable);
    expect(el.value).to.deep.equal({ named: 'anon' });
    expect(button(el, 'Set null for named').textContent).to.equal('Set null');
    await click(el, button(el, 'Set null for named'));
    expect(button(el, 'Set a value for named').textContent).to.equal('Set a value');
    expect(el.value.named).to.equal(null);
    // The label still names what stands in the control's place.
    const shown = control(el, 'named');
    expect([shown.localName, shown.textContent]).to.deep.equal(['span', 'null']);
    await click(el, button(el, 'Set a value for named'));
    expect(el.value.named).to.equal('anon');
    expect(control(el, 'named').value).to.equal('anon');
  });

  it('takes an optional boolean back to false, and an optional number back to unset', async () => {
    validatorSaying();
    const el = await formFor(nullable);
    await click(el, button(el, 'Set null for flag'));
    await click(el, button(el, 'Set null for count'));
    expect([el.value.flag, el.value.count]).to.deep.equal([null, null]);
    await click(el, button(el, 'Set a value for flag'));
    await click(el, button(el, 'Set a value for count'));
    expect(el.value.flag).to.equal(false);
    expect(Object.hasOwn(el.value, 'count')).to.equal(false);
    expect(control(el, 'count').value).to.equal('');
  });

  it('collapses a null group to the word null, and opens it again empty', async () => {
    validatorSaying();
    const el = await formFor(nullable);
    await click(el, button(el, 'Set null for where'));
    const where = [...el.shadowRoot!.querySelectorAll('fieldset')].find((set) => legendOf(set) === 'where')!;
    expect(where.querySelector('.null')!.textContent).to.equal('null');
    expect(where.querySelector('input')).to.equal(null);
    expect(descriptions(el, where)).to.deep.equal(['A place']);
    await click(el, button(el, 'Set a value for where'));
    expect(el.value.where).to.deep.equal({});
    await typeInto(el, control(el, 'lat'), '4');
    expect(el.value.where).to.deep.equal({ lat: 4 });
  });

  it('names the null control after the list item it is in', async () => {
    validatorSaying();
    const el = await formFor(nullable);
    await click(el, button(el, 'Add item to rows'));
    await click(el, button(el, 'Add item to rows'));
    await click(el, button(el, 'Set null for s in Item 2 of rows'));
    expect(el.value.rows).to.deep.equal([{}, { s: null }]);
    await click(el, button(el, 'Set a value for s in Item 2 of rows'));
    expect(el.value.rows).to.deep.equal([{}, {}]);
  });

  it('names the null control of an entry or a tuple position after the list item it is in', async () => {
    validatorSaying();
    const el = await formFor({
      type: 'object',
      properties: {
        maps: { type: 'array', items: { type: 'object', additionalProperties: { type: ['string', 'null'] } } },
        pairs: { type: 'array', items: { type: 'array', prefixItems: [{ type: ['string', 'null'] }] } },
      },
    });
    await replay(el, { maps: [{ a: 'x' }], pairs: [['y']] });
    await click(el, button(el, 'Set null for a in Item 1 of maps'));
    await click(el, button(el, 'Set null for Item 1 [0] in Item 1 of pairs'));
    expect(el.value).to.deep.equal({ maps: [{ a: null }], pairs: [[null]] });
  });

  it('starts a new nullable number item at null, and gives it 0 (text: "") for a value', async () => {
    validatorSaying();
    const el = await formFor(nullable);
    await click(el, button(el, 'Add count to nums'));
    await click(el, button(el, 'Add item to words'));
    expect([el.value.nums, el.value.words]).to.deep.equal([[null], ['']]);
    await click(el, button(el, 'Set a value for Count 1 of nums'));
    await click(el, button(el, 'Set null for Item 1 of words'));
    expect([el.value.nums, el.value.words]).to.deep.equal([[0], [null]]);
    await click(el, button(el, 'Set a value for Item 1 of words'));
    expect(el.value.words).to.deep.equal(['']);
    expect(control(el, 'Count 1').value).to.equal('0');
  });

  it('edits a null it cannot hold as JSON instead of showing it as null', async () => {
    validatorSaying();
    const el = await formFor({ type: 'object', properties: { city: { type: 'string' } } });
    await replay(el, { city: null });
    const city = control<HTMLTextAreaElement>(el, 'city');
    expect([city.localName, city.value]).to.deep.equal(['textarea', 'null']);
    expect(() => button(el, 'Set a value for city')).to.throw();
  });
});
