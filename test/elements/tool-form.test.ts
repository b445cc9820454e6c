import { expect } from '@open-wc/testing';
import { json, stubFetch } from './fetch-stub.js';
import { button, click, control, formFor, query, typeInto } from './tool-form.helpers.js';

describe('<tool-form> fields', () => {
  beforeEach(() => {
    stubFetch(() => json({ valid: true }));
  });

  it('should give strings the input their format asks for, and unknown formats a text input', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        mail: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        day: { type: 'string', format: 'date' },
        at: { type: 'string', format: 'date-time' },
        clock: { type: 'string', format: 'time' },
        port: { type: 'string', format: 'int32' },
        net: { type: 'string', format: 'cidrv4' },
        essay: { type: 'string', maxLength: 5000 },
      },
    });
    expect(control(el, 'mail').type).to.equal('email');
    expect(control(el, 'site').type).to.equal('url');
    expect(control(el, 'day').type).to.equal('date');
    expect(control(el, 'at').type).to.equal('datetime-local');
    expect(control(el, 'clock').type).to.equal('time');
    expect(control(el, 'port').type).to.equal('text');
    expect(control(el, 'net').type).to.equal('text');
    expect(control(el, 'essay').localName).to.equal('textarea');
  });

  it('should update value as the user types, and send no untouched or cleared optional string', async () => {
    const el = await formFor({ type: 'object', properties: { city: { type: 'string' }, note: { type: 'string' } } });
    expect(el.value).to.deep.equal({});
    await typeInto(el, control(el, 'city'), 'Paris');
    expect(el.value).to.deep.equal({ city: 'Paris' });
    await typeInto(el, control(el, 'city'), '');
    expect(el.value).to.deep.equal({});
  });

  it('should keep what is typed into a number field and never round silently', async () => {
    const el = await formFor({ type: 'object', properties: { n: { type: 'number' }, i: { type: 'integer' } } });
    const n = control(el, 'n');
    await typeInto(el, n, '1.');
    expect(n.value).to.equal('1.');
    expect(el.value.n).to.equal(1);
    await typeInto(el, n, '-');
    expect(n.value).to.equal('-');
    expect(el.value.n).to.equal('-');
    expect(n.getAttribute('aria-invalid')).to.equal('true');
    await typeInto(el, n, '1e5');
    expect(n.value).to.equal('1e5');
    expect(el.value.n).to.equal(100000);
    const i = control(el, 'i');
    await typeInto(el, i, '9007199254740993');
    expect(i.value).to.equal('9007199254740993');
    expect(query(el, `#${i.id}-error`)!.textContent).to.contain('cannot carry these digits exactly');
    await typeInto(el, i, '2.5');
    expect(query(el, `#${i.id}-error`)!.textContent).to.contain('must be integer');
  });

  it('should draw a required boolean as a checkbox seeded false, and an optional one with an unset state', async () => {
    const el = await formFor({
      type: 'object',
      properties: { must: { type: 'boolean' }, maybe: { type: 'boolean' } },
      required: ['must'],
    });
    expect(el.value).to.deep.equal({ must: false });
    const maybe = control(el, 'maybe');
    expect(maybe.indeterminate).to.equal(true);
    await click(el, maybe);
    expect(el.value.maybe).to.equal(true);
    await click(el, button(el, 'Unset maybe'));
    expect(Object.hasOwn(el.value, 'maybe')).to.equal(false);
  });

  it('should keep the JSON type of enum values, and label oneOf consts with their titles', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        level: { enum: [1, 2, 3] },
        color: {
          oneOf: [
            { const: 'r', title: 'Red' },
            { const: 'g', title: 'Green' },
          ],
        },
      },
    });
    await typeInto(el, control<HTMLSelectElement>(el, 'level'), '1');
    expect(el.value.level).to.equal(2);
    const color = control<HTMLSelectElement>(el, 'color');
    expect([...color.options].map((option) => option.textContent)).to.deep.equal(['(not set)', 'Red', 'Green']);
    await typeInto(el, color, '1');
    expect(el.value.color).to.equal('g');
  });

  it('should collapse a nullable field to its type with a set-to-null control', async () => {
    const el = await formFor({
      type: 'object',
      properties: { a: { type: ['string', 'null'] }, b: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
    });
    expect(control(el, 'a').type).to.equal('text');
    await click(el, button(el, 'Set null for b'));
    expect(el.value.b).to.equal(null);
    await click(el, button(el, 'Set a value for b'));
    expect(Object.hasOwn(el.value, 'b')).to.equal(false);
    expect(control(el, 'b').localName).to.equal('input');
  });

  it('should draw nested objects at any depth as fieldsets', async () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let depth = 8; depth >= 1; depth--)
      schema = { type: 'object', title: `Level ${depth}`, properties: { [`l${depth}`]: schema } };
    const el = await formFor({ type: 'object', properties: { root: schema } });
    expect(el.shadowRoot!.querySelectorAll('fieldset').length).to.equal(8);
    await typeInto(el, control(el, 'l8'), 'deep');
    expect(JSON.stringify(el.value)).to.equal(
      '{"root":{"l1":{"l2":{"l3":{"l4":{"l5":{"l6":{"l7":{"l8":"deep"}}}}}}}}}',
    );
  });

  it('should add, edit, reorder and remove array items of primitives and objects', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string' } },
        people: { type: 'array', items: { type: 'object', title: 'Person', properties: { name: { type: 'string' } } } },
      },
    });
    await click(el, button(el, 'Add item to tags'));
    await click(el, button(el, 'Add item to tags'));
    await typeInto(el, control(el, 'Item 1'), 'a');
    await typeInto(el, control(el, 'Item 2'), 'b');
    expect(el.value.tags).to.deep.equal(['a', 'b']);
    await click(el, button(el, 'Move Item 2 of tags up'));
    expect(el.value.tags).to.deep.equal(['b', 'a']);
    expect(control(el, 'Item 1').value).to.equal('b');
    await click(el, button(el, 'Remove Item 1 of tags'));
    expect(el.value.tags).to.deep.equal(['a']);
    await click(el, button(el, 'Add person to people'));
    await typeInto(el, control(el, 'name'), 'Ada');
    expect(el.value.people).to.deep.equal([{ name: 'Ada' }]);
  });

  it('should draw an array of choices as checkboxes, keep the order picked, and keep a list it cannot show so', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        days: { type: 'array', items: { enum: ['mon', 'tue', 'wed'], enumNames: ['Monday', 'Tuesday', 'Wednesday'] } },
        sizes: {
          type: 'array',
          items: {
            anyOf: [
              { const: 1, title: 'One' },
              { const: 2, title: 'Two' },
            ],
          },
        },
      },
    });
    const days = query(el, 'fieldset')!;
    expect(days.querySelector('legend')!.textContent!.trim()).to.equal('days');
    await click(el, control(el, 'Wednesday'));
    await click(el, control(el, 'Monday'));
    await click(el, control(el, 'Two'));
    expect([el.value.days, el.value.sizes]).to.deep.equal([['wed', 'mon'], [2]]);
    await click(el, control(el, 'Wednesday'));
    expect(el.value.days).to.deep.equal(['mon']);
    // Twice the same day, or one not offered: the list editor shows it as it is rather than losing any.
    el.value = { days: ['mon', 'mon'] };
    await el.updateComplete;
    expect([
      control<HTMLSelectElement>(el, 'Item 1').value,
      control<HTMLSelectElement>(el, 'Item 2').value,
    ]).to.deep.equal(['0', '0']);
  });

  it('should follow $defs and definitions, merge allOf, and edit a recursive ref as JSON past some depth', async () => {
    const el = await formFor({
      type: 'object',
      $defs: { Node: { type: 'object', properties: { label: { type: 'string' }, child: { $ref: '#/$defs/Node' } } } },
      definitions: { Id: { type: 'integer', title: 'Identifier' } },
      properties: {
        tree: { $ref: '#/$defs/Node' },
        id: { $ref: '#/definitions/Id' },
        both: {
          allOf: [
            { properties: { x: { type: 'string' } } },
            { properties: { y: { type: 'number' } }, required: ['y'] },
          ],
        },
      },
    });
    expect(control(el, 'Identifier').getAttribute('inputmode')).to.equal('decimal');
    expect(control(el, 'x').type).to.equal('text');
    expect(control(el, 'y').required).to.equal(true);
    const jsonParts = el.shadowRoot!.querySelectorAll('textarea.json');
    expect(jsonParts.length).to.equal(1);
    expect(el.shadowRoot!.querySelectorAll('label').length).to.be.greaterThan(4);
  });

  it('should pick object variants of oneOf, seeding the discriminator', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        shape: {
          oneOf: [
            { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' } }, required: ['kind'] },
            { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['kind'] },
          ],
        },
      },
      required: ['shape'],
    });
    expect(el.value.shape).to.deep.equal({ kind: 'circle' });
    await typeInto(el, control<HTMLSelectElement>(el, 'Variant'), '1');
    expect(el.value.shape).to.deep.equal({ kind: 'square' });
    await typeInto(el, control(el, 'side'), '4');
    expect(el.value.shape).to.deep.equal({ kind: 'square', side: 4 });
  });

  it('should seed defaults, mark required fields, and show title, description, readOnly and deprecated', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
        city: { type: 'string', title: 'City name', description: 'Where to look' },
        old: { type: 'string', deprecated: true, readOnly: true },
      },
      required: ['city'],
    });
    expect(el.value).to.deep.equal({ units: 'metric' });
    const city = control(el, 'City name');
    expect(city.required).to.equal(true);
    expect(query(el, `label[for="${city.id}"] .required`)).to.exist;
    expect(query(el, `#${city.getAttribute('aria-describedby')}`)!.textContent).to.equal('Where to look');
    const badges = [...el.shadowRoot!.querySelectorAll('.badge')].map((badge) => badge.textContent);
    expect(badges).to.deep.equal(['read-only', 'deprecated']);
  });

  it('should edit additionalProperties as key/value entries', async () => {
    const el = await formFor({
      type: 'object',
      properties: { env: { type: 'object', additionalProperties: { type: 'string' } } },
    });
    await typeInto(el, control(el, 'New key in env'), 'HOME');
    await click(el, button(el, 'Add entry'));
    await typeInto(el, control(el, 'HOME'), '/root');
    expect(el.value.env).to.deep.equal({ HOME: '/root' });
    await click(el, button(el, 'Remove HOME'));
    expect(el.value.env).to.deep.equal({});
  });

  it('should edit what it cannot draw as JSON, for that part only', async () => {
    const el = await formFor({
      type: 'object',
      properties: {
        free: { type: 'object' },
        odd: { type: 'wat' },
        name: { type: 'string' },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
      },
    });
    const free = control<HTMLTextAreaElement>(el, 'free');
    expect(free.classList.contains('json')).to.equal(true);
    expect(control(el, 'odd').localName).to.equal('textarea');
    await typeInto(el, free, '{"a": [1');
    expect(free.value).to.equal('{"a": [1');
    expect(free.getAttribute('aria-invalid')).to.equal('true');
    await typeInto(el, free, '{"a": [1]}');
    expect(el.value.free).to.deep.equal({ a: [1] });
    await typeInto(el, control(el, 'pair [1]'), '7');
    expect(el.value.pair).to.deep.equal(['', 7]);
  });

  it('should redraw with values set from outside, as history replay does', async () => {
    const el = await formFor({
      type: 'object',
      properties: { q: { type: 'string' }, n: { type: 'number' }, on: { type: 'boolean' } },
    });
    el.value = { q: 'again', n: 3, on: true };
    await el.updateComplete;
    expect(control(el, 'q').value).to.equal('again');
    expect(control(el, 'n').value).to.equal('3');
    expect(control(el, 'on').checked).to.equal(true);
  });

  it('should render script-bearing titles, descriptions, enum values and defaults as text', async () => {
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
    const el = await formFor({
      type: 'object',
      properties: {
        [evil]: { type: 'string', title: evil, description: evil, default: evil },
        pick: { enum: [evil, '</script><svg onload="window.__pwned=1">'] },
      },
    });
    await el.updateComplete;
    const shadow = el.shadowRoot!;
    expect(shadow.querySelector('img, script, svg')).to.equal(null);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    expect(control(el, evil).value).to.equal(evil);
    expect(shadow.textContent).to.contain(evil);
  });

  it('should draw a tool of 200 properties', async () => {
    const properties = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`p${index}`, { type: 'string' }]));
    const el = await formFor({ type: 'object', properties });
    expect(el.shadowRoot!.querySelectorAll('input').length).to.equal(200);
  });

  it('should be accessible', async () => {
    const el = await formFor(
      {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'A city' },
          days: { type: 'integer', minimum: 1 },
          units: { enum: ['c', 'f'] },
          alerts: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' } },
          where: { type: 'object', properties: { lat: { type: 'number' } } },
          note: { type: ['string', 'null'], deprecated: true },
          env: { type: 'object', additionalProperties: { type: 'string' }, default: { HOME: '/root' } },
          free: { type: 'object' },
          shape: {
            oneOf: [
              { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' } }, required: ['kind'] },
              { type: 'object', properties: { kind: { const: 'square' } }, required: ['kind'] },
            ],
          },
          list: {
            type: 'array',
            items: { type: 'object', properties: { a: { type: 'string' } } },
            default: [{ a: 'x' }],
          },
        },
        required: ['city', 'shape'],
      },
      { annotations: { destructiveHint: false } },
    );
    await expect(el).to.be.accessible();
  });
});
