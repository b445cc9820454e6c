import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Field, ObjectField } from '../../elements/schema/field-descriptor.js';
import { describeSchema } from '../../elements/schema/schema-fields.js';

function objectOf(schema: Record<string, unknown>): ObjectField {
  const field = describeSchema(schema);
  assert.equal(field.kind, 'object');
  return field as ObjectField;
}

/** The field of one property of an object schema. */
function property(properties: Record<string, unknown>, key = 'p', extra: Record<string, unknown> = {}): Field {
  const found = objectOf({ type: 'object', properties, ...extra }).properties.find((entry) => entry.key === key);
  assert.ok(found, `no property ${key}`);
  return found.field;
}

describe('describeSchema: strings', () => {
  it('maps formats to inputs and unknown formats to text', () => {
    const kinds = Object.fromEntries(
      ['email', 'uri', 'url', 'date', 'date-time', 'time', 'int32', 'json', 'cidrv4'].map((format) => {
        const field = property({ p: { type: 'string', format } });
        return [format, field.kind === 'string' ? field.inputType : field.kind];
      }),
    );
    assert.deepEqual(kinds, {
      email: 'email',
      uri: 'url',
      url: 'url',
      date: 'date',
      'date-time': 'datetime-local',
      time: 'time',
      int32: 'text',
      json: 'text',
      cidrv4: 'text',
    });
  });

  it('keeps pattern and length limits, and makes long text multiline', () => {
    const field = property({ p: { type: 'string', pattern: '^a', minLength: 1, maxLength: 500 } });
    assert.equal(field.kind, 'string');
    if (field.kind !== 'string') return;
    assert.equal(field.pattern, '^a');
    assert.equal(field.minLength, 1);
    assert.equal(field.multiline, true);
    const short = property({ p: { type: 'string', maxLength: 20 } });
    assert.equal(short.kind === 'string' && short.multiline, false);
    const prompt = property({ prompt: { type: 'string' } }, 'prompt');
    assert.equal(prompt.kind === 'string' && prompt.multiline, true);
  });
});

describe('describeSchema: numbers, booleans, choices', () => {
  it('tells integers from numbers', () => {
    const integer = property({ p: { type: 'integer', minimum: 0 } });
    assert.deepEqual(
      [integer.kind, integer.kind === 'number' && integer.integer, integer.kind === 'number' && integer.minimum],
      ['number', true, 0],
    );
    const number = property({ p: { type: 'number' } });
    assert.equal(number.kind === 'number' && number.integer, false);
  });

  it('makes enums keep their values typed, and a null in an enum makes it nullable', () => {
    const field = property({ p: { enum: [1, 'two', null] } });
    assert.equal(field.kind, 'enum');
    if (field.kind !== 'enum') return;
    assert.deepEqual(field.options, [
      { label: '1', value: 1 },
      { label: 'two', value: 'two' },
    ]);
    assert.equal(field.nullable, true);
  });

  it('labels enum values with enumNames, in order, where it names them', () => {
    const field = property({ p: { enum: ['lo', 'hi', null, 'mid'], enumNames: ['Low', 'High', 'None', ''] } });
    assert.deepEqual(field.kind === 'enum' && field.options, [
      { label: 'Low', value: 'lo' },
      { label: 'High', value: 'hi' },
      { label: 'mid', value: 'mid' },
    ]);
    const unnamed = property({ p: { enum: ['a'], enumNames: 'A' } });
    assert.deepEqual(unnamed.kind === 'enum' && unnamed.options, [{ label: 'a', value: 'a' }]);
  });

  it('turns oneOf/anyOf of consts into a select labelled by titles', () => {
    const field = property({ p: { anyOf: [{ const: 'a', title: 'Alpha' }, { const: 2 }] } });
    assert.equal(field.kind, 'enum');
    assert.deepEqual(field.kind === 'enum' && field.options, [
      { label: 'Alpha', value: 'a' },
      { label: '2', value: 2 },
    ]);
  });

  it('collapses nullable types to the type with a null control', () => {
    for (const schema of [
      { type: ['string', 'null'] },
      { anyOf: [{ type: 'string' }, { type: 'null' }] },
      { oneOf: [{ type: 'null' }, { type: 'string' }] },
    ]) {
      const field = property({ p: schema });
      assert.deepEqual([field.kind, field.nullable], ['string', true], JSON.stringify(schema));
    }
  });

  it('marks readOnly, deprecated, title, description and default', () => {
    const field = property({
      p: { type: 'boolean', readOnly: true, deprecated: true, title: 'P', description: 'd', default: true },
    });
    assert.deepEqual(
      [field.kind, field.readOnly, field.deprecated, field.title, field.description, field.default],
      ['boolean', true, true, 'P', 'd', { value: true }],
    );
  });
});

describe('describeSchema: structure', () => {
  it('nests objects and marks required properties', () => {
    const outer = objectOf({
      type: 'object',
      properties: { a: { type: 'object', properties: { b: { type: 'string' } }, required: ['b'] } },
    });
    const inner = outer.properties[0].field as ObjectField;
    assert.equal(inner.kind, 'object');
    assert.deepEqual(
      inner.properties.map((entry) => [entry.key, entry.required]),
      [['b', true]],
    );
  });

  it('infers object and array types when `type` is missing', () => {
    assert.equal(describeSchema({ properties: { a: { type: 'string' } } }).kind, 'object');
    assert.equal(property({ p: { items: { type: 'string' } } }).kind, 'array');
  });

  it('describes arrays of primitives and objects, and tuples from prefixItems and draft-07 items arrays', () => {
    const list = property({
      p: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } } }, maxItems: 3 },
    });
    assert.deepEqual(
      [list.kind, list.kind === 'array' && list.items.kind, list.kind === 'array' && list.maxItems],
      ['array', 'object', 3],
    );
    const modern = property({ p: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } });
    const legacy = property({ p: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } });
    for (const tuple of [modern, legacy]) {
      assert.deepEqual(tuple.kind === 'tuple' && tuple.items.map((item) => item.kind), ['string', 'number']);
    }
  });

  it('follows $ref into $defs and definitions, keeping sibling keywords', () => {
    const field = property(
      { p: { $ref: '#/$defs/Name', description: 'Local words' }, q: { $ref: '#/definitions/Count' } },
      'p',
      { $defs: { Name: { type: 'string', title: 'Name' } }, definitions: { Count: { type: 'integer' } } },
    );
    assert.deepEqual([field.kind, field.title, field.description], ['string', 'Name', 'Local words']);
    const count = property({ q: { $ref: '#/definitions/Count' } }, 'q', {
      definitions: { Count: { type: 'integer' } },
    });
    assert.equal(count.kind === 'number' && count.integer, true);
  });

  it('edits a recursive $ref as JSON past some depth instead of looping', () => {
    const root = describeSchema({
      type: 'object',
      $defs: { Node: { type: 'object', properties: { child: { $ref: '#/$defs/Node' } } } },
      properties: { tree: { $ref: '#/$defs/Node' } },
    }) as ObjectField;
    let field: Field = root.properties[0].field;
    let depth = 0;
    while (field.kind === 'object') {
      field = field.properties[0].field;
      depth++;
    }
    assert.equal(field.kind, 'json');
    assert.equal(depth, 2);
  });

  it('edits an unresolvable or remote $ref as JSON', () => {
    assert.equal(property({ p: { $ref: '#/$defs/Missing' } }).kind, 'json');
    assert.equal(property({ p: { $ref: 'https://example.com/schema.json' } }).kind, 'json');
  });

  it('merges allOf, uniting properties and required', () => {
    const field = objectOf({
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { properties: { b: { type: 'number' }, a: { minLength: 2 } }, required: ['b'] },
      ],
    });
    assert.deepEqual(
      field.properties.map((entry) => [entry.key, entry.field.kind, entry.required]),
      [
        ['a', 'string', true],
        ['b', 'number', true],
      ],
    );
    const a = field.properties[0].field;
    assert.equal(a.kind === 'string' && a.minLength, 2);
  });

  it('makes a variant picker of object oneOf/anyOf, named by title or discriminator', () => {
    const field = property({
      p: {
        type: 'object',
        properties: { common: { type: 'string' } },
        oneOf: [
          { title: 'By name', properties: { name: { type: 'string' } } },
          { properties: { kind: { const: 'id' }, id: { type: 'integer' } } },
          { type: 'object', properties: { x: { type: 'number' } } },
        ],
      },
    });
    assert.equal(field.kind, 'variant');
    if (field.kind !== 'variant') return;
    assert.deepEqual(
      field.variants.map((variant) => variant.label),
      ['By name', 'id', 'object (option 3)'],
    );
    const first = field.variants[0].field as ObjectField;
    assert.deepEqual(
      first.properties.map((entry) => entry.key),
      ['common', 'name'],
    );
  });

  it('makes a variant per type of a multi-type field', () => {
    const field = property({ p: { type: ['string', 'number'] } });
    assert.deepEqual(field.kind === 'variant' && field.variants.map((variant) => variant.field.kind), [
      'string',
      'number',
    ]);
  });

  it('draws additionalProperties with a schema as entries, and a free-form object as JSON', () => {
    const map = property({ p: { type: 'object', additionalProperties: { type: 'integer' } } });
    assert.deepEqual([map.kind, map.kind === 'object' && map.additional?.kind], ['object', 'number']);
    assert.equal(property({ p: { type: 'object' } }).kind, 'json');
    assert.equal(property({ p: { type: 'object', additionalProperties: true } }).kind, 'json');
    const closed = property({
      p: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    });
    assert.equal(closed.kind === 'object' && closed.additional, undefined);
  });

  it('never throws on schemas it cannot draw', () => {
    for (const schema of [
      true,
      false,
      {},
      { type: 'wat' },
      { type: 'array' },
      { $ref: 42 },
      { allOf: [false] },
      { oneOf: [] },
      { items: 'x' },
    ]) {
      assert.doesNotThrow(() => describeSchema(schema as never), JSON.stringify(schema));
    }
    assert.equal(property({ p: { type: 'wat' } }).kind, 'json');
    assert.equal(property({ p: true }).kind, 'json');
  });

  it('describes a const as a fixed value and `type: null` as the null const', () => {
    const fixed = property({ p: { const: 'v' } });
    assert.deepEqual([fixed.kind, fixed.kind === 'const' && fixed.value], ['const', 'v']);
    const nothing = property({ p: { type: 'null' } });
    assert.deepEqual([nothing.kind, nothing.kind === 'const' && nothing.value], ['const', null]);
  });
});
