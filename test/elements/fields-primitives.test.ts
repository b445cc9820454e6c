// The controls of single values in <tool-form>: text and long text, dates and times, numbers, booleans, choices and
// fixed values. Each test types, clicks or replays as a person or a history replay does, and reads what the control
// shows and what the form would send.
import { expect } from '@open-wc/testing';
import type { ToolForm } from '../../elements/tool-form/tool-form.js';
import { json, stubFetch } from './fetch-stub.js';
import { button, click, control, formFor, query, typeInto } from './tool-form.helpers.js';
import { replay } from './fields.helpers.js';

/** The lines of the error text said under a control. */
const errorsOf = (el: ToolForm, target: Element) =>
  [...(query(el, `#${target.id}-error`)?.children ?? [])].map((line) => line.textContent);

describe('fields: text', () => {
  beforeEach(() => stubFetch(() => json({ valid: true })));

  it('tells the browser the length limits and whether the text is required', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 2, maxLength: 10 },
        essay: { type: 'string', minLength: 3, maxLength: 5000 },
        free: { type: 'string' },
        story: { type: 'string', maxLength: 900 },
      },
      required: ['code', 'essay'],
    });
    const code = control(el, 'code');
    expect([code.localName, code.minLength, code.maxLength, code.required]).to.deep.equal(['input', 2, 10, true]);
    const essay = control<HTMLTextAreaElement>(el, 'essay');
    expect([essay.localName, essay.minLength, essay.maxLength, essay.required]).to.deep.equal([
      'textarea',
      3,
      5000,
      true,
    ]);
    const free = control(el, 'free');
    expect([free.getAttribute('minlength'), free.getAttribute('maxlength'), free.required]).to.deep.equal([
      null,
      null,
      false,
    ]);
    const story = control<HTMLTextAreaElement>(el, 'story');
    expect([story.getAttribute('minlength'), story.required]).to.deep.equal([null, false]);
  });

  it('shows text of several lines in a text area, even where the schema asks for one line', async () => {
    const el = await formFor({ type: 'object', properties: { q: { type: 'string' } } });
    expect(control(el, 'q').localName).to.equal('input');
    await replay(el, { q: 'first line\nsecond line' });
    const q = control<HTMLTextAreaElement>(el, 'q');
    expect([q.localName, q.value]).to.deep.equal(['textarea', 'first line\nsecond line']);
    await typeInto(el, q, 'edited\nagain');
    expect(el.value.q).to.equal('edited\nagain');
  });

  it('hints the format it cannot check in a plain text input, and steps pickers by the second', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        port: { type: 'string', format: 'int32' },
        plain: { type: 'string' },
        mail: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        day: { type: 'string', format: 'date' },
        at: { type: 'string', format: 'date-time' },
        clock: { type: 'string', format: 'time' },
      },
    });
    const attributes = (name: string) => {
      const input = control(el, name);
      return [input.type, input.getAttribute('placeholder'), input.getAttribute('step')];
    };
    expect(attributes('port')).to.deep.equal(['text', 'int32', null]);
    expect(attributes('plain')).to.deep.equal(['text', null, null]);
    expect(attributes('mail')).to.deep.equal(['email', null, null]);
    expect(attributes('site')).to.deep.equal(['url', null, null]);
    expect(attributes('day')).to.deep.equal(['date', null, '1']);
    expect(attributes('at')).to.deep.equal(['datetime-local', null, '1']);
    expect(attributes('clock')).to.deep.equal(['time', null, '1']);
  });

  it('keeps an emptied list item as empty text, where an emptied optional field is unset', async () => {
    const el = await formFor({
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' } }, note: { type: 'string' } },
    });
    await click(el, button(el, 'Add item to tags'));
    await typeInto(el, control(el, 'Item 1'), 'a');
    await typeInto(el, control(el, 'Item 1'), '');
    await typeInto(el, control(el, 'note'), 'b');
    await typeInto(el, control(el, 'note'), '');
    expect(el.value).to.deep.equal({ tags: [''] });
  });
});

describe('fields: dates and times', () => {
  beforeEach(() => stubFetch(() => json({ valid: true })));

  const schema = {
    type: 'object',
    properties: {
      day: { type: 'string', format: 'date' },
      clock: { type: 'string', format: 'time' },
      at: { type: 'string', format: 'date-time' },
      days: { type: 'array', items: { type: 'string', format: 'date' } },
    },
  };

  it('shows a date in a date picker only when the picker can hold it exactly', async () => {
    const el = await formFor(schema);
    const shown = async (day: string) => {
      await replay(el, { day });
      const input = control(el, 'day');
      return [input.type, input.value];
    };
    expect(await shown('2024-05-01')).to.deep.equal(['date', '2024-05-01']);
    for (const odd of ['2024-05-01T00:00Z', 'x2024-05-01', '12024-05-01', '2024-5-01', '2024-05-0a', 'May 1']) {
      expect(await shown(odd), odd).to.deep.equal(['text', odd]);
    }
    expect(control(el, 'day').getAttribute('placeholder')).to.equal('date');
  });

  it('shows a time in a time picker only when the picker can hold it exactly', async () => {
    const el = await formFor(schema);
    const type = async (clock: string) => {
      await replay(el, { clock });
      return control(el, 'clock').type;
    };
    for (const fits of ['10:30', '10:30:15', '10:30:15.25']) expect(await type(fits), fits).to.equal('time');
    for (const odd of ['x10:30', '10:30Z', '1:30', '10:3', '10:30:1', '10:30:15.', '10:30:15.2x', '1030']) {
      expect(await type(odd), odd).to.equal('text');
      expect(control(el, 'clock').value).to.equal(odd);
    }
  });

  it('sends a picked date-time with the local offset, and a date-time typed as text as typed', async () => {
    const el = await formFor(schema);
    await typeInto(el, control(el, 'at'), '2024-05-01T10:00');
    const sent = el.value.at as string;
    expect(sent.startsWith('2024-05-01T10:00:00')).to.equal(true);
    expect(new Date(sent).getTime()).to.equal(new Date('2024-05-01T10:00').getTime());
    await replay(el, { at: '2024-05-01T10:00:00Z' });
    expect([control(el, 'at').type, new Date(control(el, 'at').value).getTime()]).to.deep.equal([
      'datetime-local',
      new Date('2024-05-01T10:00:00Z').getTime(),
    ]);
    await replay(el, { at: 'tomorrow' });
    expect(control(el, 'at').type).to.equal('text');
    await typeInto(el, control(el, 'at'), '2024-05-01T10:00');
    expect(el.value.at).to.equal('2024-05-01T10:00');
  });

  it('gives a new date item an empty date picker', async () => {
    const el = await formFor(schema);
    await click(el, button(el, 'Add item to days'));
    const item = control(el, 'Item 1');
    expect([item.type, item.value, el.value.days]).to.deep.equal(['date', '', ['']]);
  });
});

describe('fields: numbers', () => {
  beforeEach(() => stubFetch(() => json({ valid: true })));

  it('offers a keyboard without a minus only for integers that cannot be negative', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        count: { type: 'integer', minimum: 0 },
        shift: { type: 'integer', minimum: -1 },
        any: { type: 'integer' },
        ratio: { type: 'number', minimum: 0 },
        ten: { type: 'integer', minimum: 10 },
      },
      required: ['count'],
    });
    const mode = (name: string) => control(el, name).getAttribute('inputmode');
    expect(['count', 'shift', 'any', 'ratio', 'ten'].map(mode)).to.deep.equal([
      'numeric',
      'decimal',
      'decimal',
      'decimal',
      'numeric',
    ]);
    expect([control(el, 'count').required, control(el, 'any').required]).to.deep.equal([true, false]);
  });

  it('says what is wrong with text replayed into a number field', async () => {
    const el = await formFor({ type: 'object', properties: { n: { type: 'number' }, m: { type: 'number' } } });
    await replay(el, { n: 'abc', m: '12' });
    expect([control(el, 'n').value, control(el, 'm').value]).to.deep.equal(['abc', '12']);
    expect(errorsOf(el, control(el, 'n'))).to.deep.equal(['Not a number.']);
    expect(errorsOf(el, control(el, 'm'))).to.deep.equal(['This is text, not a number: retype it to send a number.']);
    expect(control(el, 'm').getAttribute('aria-invalid')).to.equal('true');
  });

  it('says what a number too long for JSON will be sent as, and flags fractions only in integers', async () => {
    const el = await formFor({ type: 'object', properties: { n: { type: 'number' }, i: { type: 'integer' } } });
    await typeInto(el, control(el, 'n'), '9007199254740993');
    expect(errorsOf(el, control(el, 'n'))).to.deep.equal([
      'Will be sent as 9007199254740992: a JSON number cannot carry these digits exactly.',
    ]);
    await typeInto(el, control(el, 'n'), '2.5');
    await typeInto(el, control(el, 'i'), '2');
    expect([errorsOf(el, control(el, 'n')), errorsOf(el, control(el, 'i'))]).to.deep.equal([[], []]);
    expect(control(el, 'n').getAttribute('aria-invalid')).to.equal('false');
    await replay(el, { i: 2.5 });
    expect(errorsOf(el, control(el, 'i'))).to.deep.equal(['must be integer']);
    await replay(el, {});
    expect([errorsOf(el, control(el, 'i')), control(el, 'i').getAttribute('aria-invalid')]).to.deep.equal([
      [],
      'false',
    ]);
  });

  it('keeps an emptied number item as null, where an emptied optional number is unset', async () => {
    const el = await formFor({
      type: 'object',
      properties: { nums: { type: 'array', items: { type: 'number' } }, n: { type: 'number' } },
    });
    await click(el, button(el, 'Add item to nums'));
    await typeInto(el, control(el, 'Item 1'), '3');
    await typeInto(el, control(el, 'n'), '4');
    expect(el.value).to.deep.equal({ nums: [3], n: 4 });
    await typeInto(el, control(el, 'Item 1'), '');
    await typeInto(el, control(el, 'n'), '');
    expect(el.value).to.deep.equal({ nums: [null] });
  });
});

describe('fields: booleans', () => {
  beforeEach(() => stubFetch(() => json({ valid: true })));

  it('says whether a box is required, and notes an optional box that is not set until it is', async () => {
    const el = await formFor({
      type: 'object',
      properties: { must: { type: 'boolean' }, maybe: { type: 'boolean' } },
      required: ['must'],
    });
    const row = (name: string) => control(el, name).parentElement!;
    expect(control(el, 'must').getAttribute('aria-required')).to.equal('true');
    expect(control(el, 'maybe').getAttribute('aria-required')).to.equal('false');
    // A required box starts false: set, so it offers Unset rather than noting it is not set.
    expect(row('must').textContent!.trim()).to.equal('Unset');
    expect(control(el, 'must').indeterminate).to.equal(false);
    expect(row('maybe').querySelector('.note')!.textContent).to.equal('not set');
    await click(el, control(el, 'maybe'));
    expect([row('maybe').querySelector('.note'), row('maybe').textContent!.trim()]).to.deep.equal([null, 'Unset']);
    expect(control(el, 'maybe').indeterminate).to.equal(false);
    await click(el, control(el, 'maybe'));
    expect(el.value).to.deep.equal({ must: false, maybe: false });
    expect(control(el, 'maybe').checked).to.equal(false);
    await click(el, button(el, 'Unset maybe'));
    expect(el.value).to.deep.equal({ must: false });
    expect(control(el, 'maybe').indeterminate).to.equal(true);
  });

  it('shows a tuple position not filled yet as an unchecked box, with no unset state', async () => {
    const el = await formFor({
      type: 'object',
      properties: { pair: { type: 'array', prefixItems: [{ type: 'boolean', title: 'On' }, { type: 'string' }] } },
    });
    const on = control(el, 'On');
    expect([on.checked, on.indeterminate, on.parentElement!.textContent!.trim()]).to.deep.equal([false, false, '']);
    await click(el, on);
    expect(el.value.pair).to.deep.equal([true, '']);
  });
});

describe('fields: choices and fixed values', () => {
  beforeEach(() => stubFetch(() => json({ valid: true })));

  const options = (select: HTMLSelectElement) =>
    [...select.options].map((option) => `${option.selected ? '>' : ''}${option.textContent}`);

  it('asks to choose a required value, offers to unset an optional one, and selects what the value holds', async () => {
    const el = await formFor({
      type: 'object',
      properties: { units: { enum: ['c', 'f'] }, mode: { enum: ['fast', 'slow'] } },
      required: ['units'],
    });
    const units = control<HTMLSelectElement>(el, 'units');
    expect([units.required, control<HTMLSelectElement>(el, 'mode').required]).to.deep.equal([true, false]);
    expect(options(units)).to.deep.equal(['>Choose…', 'c', 'f']);
    expect(options(control<HTMLSelectElement>(el, 'mode'))).to.deep.equal(['>(not set)', 'fast', 'slow']);
    await replay(el, { units: 'f', mode: 'fast' });
    expect(options(control<HTMLSelectElement>(el, 'units'))).to.deep.equal(['Choose…', 'c', '>f']);
    expect(options(control<HTMLSelectElement>(el, 'mode'))).to.deep.equal(['(not set)', '>fast', 'slow']);
    await typeInto(el, control<HTMLSelectElement>(el, 'mode'), '');
    expect(el.value).to.deep.equal({ units: 'f' });
    await replay(el, {});
    expect(options(control<HTMLSelectElement>(el, 'units'))).to.deep.equal(['>Choose…', 'c', 'f']);
    expect(options(control<HTMLSelectElement>(el, 'mode'))).to.deep.equal(['>(not set)', 'fast', 'slow']);
  });

  it('offers no blank choice once a tuple position holds one, and sends object choices as objects', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        pair: {
          type: 'array',
          prefixItems: [
            { enum: ['a', 'b'], title: 'Letter' },
            { enum: [{ at: 1 }, { at: 2 }], title: 'Spot' },
          ],
        },
      },
    });
    const letter = () => control<HTMLSelectElement>(el, 'Letter');
    expect(options(letter())).to.deep.equal(['>(not set)', 'a', 'b']);
    await typeInto(el, letter(), '1');
    expect(options(letter())).to.deep.equal(['a', '>b']);
    await typeInto(el, control<HTMLSelectElement>(el, 'Spot'), '1');
    expect(el.value.pair).to.deep.equal(['b', { at: 2 }]);
    expect(options(control<HTMLSelectElement>(el, 'Spot'))).to.deep.equal(['{"at":1}', '>{"at":2}']);
  });

  it('shows a fixed value read-only, as text or as JSON', async () => {
    const el = await formFor({
      type: 'object',
      properties: { kind: { const: 'circle' }, version: { const: 2 }, meta: { const: { a: [1] } } },
      required: ['kind'],
    });
    const shown = (name: string) => {
      const input = control(el, name);
      return [input.readOnly, input.value];
    };
    expect([shown('kind'), shown('version'), shown('meta')]).to.deep.equal([
      [true, 'circle'],
      [true, '2'],
      [true, '{"a":[1]}'],
    ]);
    expect(el.value).to.deep.equal({ kind: 'circle' });
  });
});
