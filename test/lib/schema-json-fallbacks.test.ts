// Every part of a schema the form cannot draw becomes a JSON box for that part only, with help text saying why.
// These are the reasons a user reads, one per way a schema can defeat the form.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Field, JsonField, ObjectField } from '../../elements/schema/field-descriptor.js';
import { describeSchema } from '../../elements/schema/schema-fields.js';

/** The field of property `p` of an object schema with `extra` keywords (such as `$defs`) at the root. */
function property(schema: unknown, extra: Record<string, unknown> = {}): Field {
  const root = describeSchema({ type: 'object', properties: { p: schema }, ...extra });
  assert.equal(root.kind, 'object');
  return (root as ObjectField).properties[0].field;
}

function reason(field: Field): string {
  assert.equal(field.kind, 'json', `a JSON field, got ${field.kind}`);
  return (field as JsonField).reason;
}

describe('JSON fallbacks and their reasons', () => {
  it('takes any JSON value where the schema allows anything', () => {
    assert.equal(reason(property(true)), 'Any JSON value.');
    assert.equal(reason(property({})), 'Any JSON value.');
    assert.equal(reason(property({ description: 'anything' })), 'Any JSON value.');
    assert.equal(reason(property(undefined)), 'Any JSON value.');
    assert.equal(reason(describeSchema(true)), 'Any JSON value.');
  });

  it('says when the schema accepts nothing, or is not a schema at all', () => {
    assert.equal(reason(property(false)), 'The schema accepts no value here.');
    assert.equal(reason(property({ allOf: [{ type: 'string' }, false] })), 'The schema accepts no value here.');
    assert.equal(reason(property({ allOf: [false, { type: 'string' }] })), 'The schema accepts no value here.');
    assert.equal(reason(property(42)), 'This part of the schema is not a JSON Schema.');
    assert.equal(reason(property('string')), 'This part of the schema is not a JSON Schema.');
    assert.equal(reason(property(null)), 'This part of the schema is not a JSON Schema.');
    assert.equal(reason(property([{ type: 'string' }])), 'This part of the schema is not a JSON Schema.');
  });

  it('names the $ref it cannot follow', () => {
    assert.equal(reason(property({ $ref: '#/$defs/Missing' })), 'Cannot follow $ref #/$defs/Missing.');
    assert.equal(reason(property({ $ref: 'other.json#/x' })), 'Cannot follow $ref other.json#/x.');
    assert.equal(
      reason(property({ $ref: '#/$defs/Never' }, { $defs: { Never: false } })),
      'Cannot follow $ref #/$defs/Never.',
    );
  });

  it('names the recursive $ref it stopped at', () => {
    const tree = describeSchema({
      $defs: { Node: { type: 'object', properties: { child: { $ref: '#/$defs/Node' } } } },
      $ref: '#/$defs/Node',
    });
    let field: Field = tree;
    while (field.kind === 'object') field = field.properties[0].field;
    assert.equal(reason(field), 'Recursive schema (#/$defs/Node): edited as JSON from here.');
  });

  it('follows a chain of different refs to the end', () => {
    const field = property(
      { $ref: '#/$defs/A' },
      { $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/C' }, C: { type: 'string', title: 'C' } } },
    );
    assert.deepEqual([field.kind, field.title], ['string', 'C']);
  });

  it('draws the sibling keywords of a $ref to `true`', () => {
    const field = property({ $ref: '#/$defs/Any', type: 'integer' }, { $defs: { Any: true } });
    assert.equal(field.kind === 'number' && field.integer, true);
  });

  it('stops drawing at the 24th level of nesting', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 30; level++) schema = { type: 'object', properties: { p: schema } };
    let field: Field = describeSchema(schema);
    let level = 0;
    while (field.kind === 'object') {
      field = field.properties[0].field;
      level++;
    }
    assert.equal(level, 24);
    assert.equal(reason(field), 'Nested too deeply to draw: edited as JSON.');
  });

  it('quotes a type it does not know', () => {
    assert.equal(reason(property({ type: 'wat' })), 'Unknown type "wat": edited as JSON.');
    const lookalike = property({ type: 'nonnull' });
    assert.equal(reason(lookalike), 'Unknown type "nonnull": edited as JSON.');
    assert.equal(lookalike.nullable, false);
  });

  it('edits free-form objects as JSON, but draws closed and typed ones', () => {
    assert.equal(reason(property({ type: 'object' })), 'A free-form object: edited as JSON.');
    assert.equal(reason(property({ type: 'object', additionalProperties: {} })), 'A free-form object: edited as JSON.');
    const closed = property({ type: 'object', additionalProperties: false });
    assert.deepEqual([closed.kind, closed.kind === 'object' && closed.properties], ['object', []]);
    const typed = property({ type: 'object', additionalProperties: { type: 'string' } });
    assert.deepEqual([typed.kind, typed.kind === 'object' && typed.additional?.kind], ['object', 'string']);
  });

  it('edits arrays of anything as JSON, and draws items that are themselves JSON', () => {
    assert.equal(reason(property({ type: 'array' })), 'An array of any JSON values.');
    assert.equal(reason(property({ type: 'array', items: true })), 'An array of any JSON values.');
    const never = property({ type: 'array', items: false });
    assert.equal(never.kind, 'array');
    assert.equal(never.kind === 'array' && reason(never.items), 'The schema accepts no value here.');
  });
});

describe('the arguments object itself', () => {
  it('has no fields when the schema declares no properties (the form says the tool takes no arguments)', () => {
    for (const schema of [{ type: 'object' }, { type: 'object', properties: {} }, { properties: {} }]) {
      const field = describeSchema(schema);
      assert.equal(field.kind, 'object', JSON.stringify(schema));
      assert.deepEqual(field.kind === 'object' && [field.properties, field.additional], [[], undefined]);
    }
  });

  it('offers key/value entries of any JSON when extra keys are allowed outright', () => {
    for (const schema of [
      { type: 'object', additionalProperties: true },
      { type: 'object', additionalProperties: {} },
    ]) {
      const field = describeSchema(schema);
      assert.equal(field.kind === 'object' && field.additional?.kind, 'json', JSON.stringify(schema));
    }
  });

  it('still edits a nested free-form object as JSON', () => {
    const field = describeSchema({ type: 'object', properties: { meta: { type: 'object' } } });
    assert.equal(field.kind === 'object' && field.properties[0].field.kind, 'json');
  });
});
