// What each drawn field knows about its schema: labels and help, badges, the input a string gets, when text is
// long, and how choices (enums, consts, oneOf/anyOf, nullable types) become selects and variant pickers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Field, ObjectField, StringField } from '../../elements/schema/field-descriptor.js';
import { describeSchema } from '../../elements/schema/schema-fields.js';

function property(schema: unknown, key = 'p'): Field {
  const root = describeSchema({ type: 'object', properties: { [key]: schema } });
  assert.equal(root.kind, 'object');
  return (root as ObjectField).properties[0].field;
}

function stringField(schema: Record<string, unknown>, key = 'p'): StringField {
  const field = property({ type: 'string', ...schema }, key);
  assert.equal(field.kind, 'string');
  return field as StringField;
}

describe('field labels, help and badges', () => {
  it('takes title, description, readOnly, deprecated and default from the schema', () => {
    const field = property({
      type: 'string',
      title: 'City',
      description: 'Where',
      readOnly: true,
      deprecated: true,
      default: 'Oslo',
    });
    assert.deepEqual(
      [field.title, field.description, field.readOnly, field.deprecated, field.default, field.nullable],
      ['City', 'Where', true, true, { value: 'Oslo' }, false],
    );
  });

  it('ignores those keywords when they have the wrong type, and keeps a null default', () => {
    const field = property({
      type: 'number',
      title: 5,
      description: ['x'],
      readOnly: 'true',
      deprecated: 1,
      default: null,
    });
    assert.deepEqual(
      [field.title, field.description, field.readOnly, field.deprecated, field.default],
      [undefined, undefined, false, false, { value: null }],
    );
    assert.equal(property({ type: 'number' }).default, undefined);
  });
});

describe('string inputs', () => {
  it('maps the email and URL formats of every draft', () => {
    assert.equal(stringField({ format: 'idn-email' }).inputType, 'email');
    assert.equal(stringField({ format: 'iri' }).inputType, 'url');
  });

  it('treats formats it does not know, or that are not strings, as text', () => {
    assert.deepEqual(
      [stringField({ format: 'constructor' }).inputType, stringField({ format: 'constructor' }).format],
      ['text', 'constructor'],
    );
    assert.deepEqual([stringField({ format: 5 }).inputType, stringField({ format: 5 }).format], ['text', undefined]);
  });

  it('keeps only well-typed limits', () => {
    const field = stringField({ pattern: 5, minLength: '1', maxLength: 10 });
    assert.deepEqual([field.pattern, field.minLength, field.maxLength], [undefined, undefined, 10]);
  });

  it('makes text over 200 characters multiline, and 200 or fewer a single line', () => {
    assert.equal(stringField({ maxLength: 200 }).multiline, false);
    assert.equal(stringField({ maxLength: 201 }).multiline, true);
    assert.equal(stringField({ maxLength: 201, format: 'email' }).multiline, false);
  });

  it('makes fields named like long text multiline, unless a format or a limit says otherwise', () => {
    assert.equal(stringField({}, 'body_text').multiline, true);
    assert.equal(stringField({}, 'SQL').multiline, true);
    assert.equal(stringField({}, 'textual').multiline, false);
    assert.equal(stringField({ maxLength: 20 }, 'prompt').multiline, false);
    assert.equal(stringField({ format: 'uri' }, 'prompt').multiline, false);
    assert.equal(stringField({}, 'city').multiline, false);
  });

  it("gives server-sequential-thinking's thought several lines, and its short strings one", () => {
    // The tool's schema as the server declares it: no format, no limit, a one-line description.
    const tool = describeSchema({
      type: 'object',
      properties: {
        thought: { type: 'string', description: 'Your current thinking step' },
        branchId: { type: 'string', description: 'Branch identifier' },
        thoughtNumber: { type: 'integer', minimum: 1 },
      },
    }) as ObjectField;
    const multiline = tool.properties.map(({ key, field }) => [key, field.kind === 'string' && field.multiline]);
    assert.deepEqual(multiline, [
      ['thought', true],
      ['branchId', false],
      ['thoughtNumber', false],
    ]);
  });

  it('makes a string named like prose multiline, unless a pattern, a format or a limit shapes it', () => {
    assert.equal(stringField({}, 'summary').multiline, true);
    assert.equal(stringField({}, 'release_notes').multiline, true);
    assert.equal(stringField({ pattern: '^[A-Z]{3}$' }, 'description').multiline, false);
    assert.equal(stringField({ description: 'A few paragraphs about the change.' }).multiline, false);
  });
});

describe('choices', () => {
  it('makes an enum of only null the null const, and marks an enum nullable only when null is in it', () => {
    const onlyNull = property({ enum: [null] });
    assert.deepEqual([onlyNull.kind, onlyNull.kind === 'const' && onlyNull.value], ['const', null]);
    const plain = property({ enum: ['a', 'b'] });
    assert.deepEqual([plain.kind, plain.nullable], ['enum', false]);
  });

  it('treats {type: "null"} and {const: null} members as "may be null"', () => {
    const field = property({ anyOf: [{ type: 'string' }, { const: null }], description: 'Optional city' }, 'prompt');
    assert.deepEqual([field.kind, field.nullable, field.description], ['string', true, 'Optional city']);
    assert.equal(field.kind === 'string' && field.multiline, true);
    const single = property({ oneOf: [{ type: 'integer' }] });
    assert.deepEqual([single.kind, single.nullable], ['number', false]);
  });

  it('makes a choice of only nulls the null const', () => {
    const field = property({ anyOf: [{ type: 'null' }, { const: null }], title: 'Nothing' });
    assert.deepEqual([field.kind, field.kind === 'const' && field.value, field.title], ['const', null, 'Nothing']);
  });

  it('labels const options by title, else by the value as text', () => {
    const field = property({
      oneOf: [{ const: 'a', title: 'Letter A' }, { const: 2 }, { const: 'c', title: 7 }, { type: 'null' }],
    });
    assert.equal(field.kind, 'enum');
    assert.equal(field.nullable, true);
    assert.deepEqual(field.kind === 'enum' && field.options, [
      { label: 'Letter A', value: 'a' },
      { label: '2', value: 2 },
      { label: 'c', value: 'c' },
    ]);
  });

  it('makes variants, not a select, when only some members are consts', () => {
    const field = property({ oneOf: [{ const: 'auto' }, { type: 'integer' }] });
    assert.equal(field.kind, 'variant');
    assert.equal(field.nullable, false);
  });

  it('marks a variant picker nullable when a member is null', () => {
    const field = property({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] });
    assert.deepEqual([field.kind, field.nullable], ['variant', true]);
    assert.deepEqual(field.kind === 'variant' && field.variants.map((variant) => variant.label), [
      'string (option 1)',
      'number (option 2)',
    ]);
  });

  it('labels variants by a string discriminator only, else by type or position', () => {
    const field = property({
      oneOf: [
        { type: 'object', properties: { kind: { const: 3 }, a: { type: 'string' } } },
        { properties: { b: { type: 'string' } } },
        false,
      ],
    });
    assert.equal(field.kind, 'variant');
    if (field.kind !== 'variant') return;
    assert.deepEqual(
      field.variants.map((variant) => variant.label),
      ['object (option 1)', 'Option 2', 'Option 3'],
    );
    assert.deepEqual(
      field.variants.map((variant) => variant.field.kind),
      ['object', 'object', 'json'],
    );
  });

  it('labels the variants of a multi-type field by type, nullable when null is one of the types', () => {
    const field = property({ type: ['integer', 'boolean', 'null'] });
    assert.deepEqual([field.kind, field.nullable], ['variant', true]);
    assert.deepEqual(field.kind === 'variant' && field.variants.map((variant) => [variant.label, variant.field.kind]), [
      ['integer', 'number'],
      ['boolean', 'boolean'],
    ]);
    const nullableString = property({ type: ['string', 'null'] });
    assert.deepEqual([nullableString.kind, nullableString.nullable], ['string', true]);
    assert.deepEqual([property({ type: ['null'] }).kind, property({ type: [] }).kind], ['const', 'const']);
  });
});
