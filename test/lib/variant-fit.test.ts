// How well a value fits each kind of field, which decides the variant a replayed or pasted value opens on:
// negative means "cannot be", and a closer fit scores higher.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Field } from '../../elements/schema/field-descriptor.js';
import { describeSchema } from '../../elements/schema/schema-fields.js';
import { fitScore, matchVariant } from '../../elements/schema/variant-match.js';

const field = (schema: Record<string, unknown>): Field => describeSchema(schema);

function variantsOf(schema: Record<string, unknown>) {
  const described = describeSchema(schema);
  assert.equal(described.kind, 'variant');
  return described.kind === 'variant' ? described.variants : [];
}

describe('fitScore of simple fields', () => {
  it('scores strings, numbers, integers and booleans by type', () => {
    assert.deepEqual([fitScore(field({ type: 'string' }), 'a'), fitScore(field({ type: 'string' }), 1)], [1, -1]);
    assert.deepEqual([fitScore(field({ type: 'number' }), 2.5), fitScore(field({ type: 'number' }), '2')], [1, -1]);
    assert.deepEqual([fitScore(field({ type: 'integer' }), 2), fitScore(field({ type: 'integer' }), 2.5)], [1, -1]);
    assert.deepEqual(
      [fitScore(field({ type: 'boolean' }), false), fitScore(field({ type: 'boolean' }), 'true')],
      [1, -1],
    );
  });

  it('scores a matching const above a matching enum option, and a miss of either below zero', () => {
    assert.deepEqual([fitScore(field({ const: { a: 1 } }), { a: 1 }), fitScore(field({ const: 'x' }), 'y')], [3, -1]);
    assert.deepEqual([fitScore(field({ enum: ['a', 2] }), 2), fitScore(field({ enum: ['a', 2] }), '2')], [2, -1]);
  });

  it('scores arrays and tuples by being arrays, and anything as JSON at zero', () => {
    assert.deepEqual(
      [
        fitScore(field({ type: 'array', items: { type: 'string' } }), []),
        fitScore(field({ type: 'array', items: { type: 'string' } }), {}),
      ],
      [1, -1],
    );
    assert.deepEqual(
      [
        fitScore(field({ prefixItems: [{ type: 'string' }] }), ['a']),
        fitScore(field({ prefixItems: [{ type: 'string' }] }), 'a'),
      ],
      [1, -1],
    );
    assert.equal(fitScore(field({}), { anything: true }), 0);
  });

  it('scores a nested choice by its best member', () => {
    const either = field({ type: ['string', 'number'] });
    assert.deepEqual([fitScore(either, 5), fitScore(either, 'x'), fitScore(either, true)], [1, 1, -1]);
  });
});

describe('fitScore of objects', () => {
  const shape = field({
    type: 'object',
    properties: { kind: { const: 'a' }, n: { type: 'integer' }, any: {} },
    required: ['kind'],
  });

  it('refuses what is not an object', () => {
    for (const value of [null, [], 'a', 1]) assert.equal(fitScore(shape, value), -1, JSON.stringify(value));
  });

  it('adds up the fit of each property present, one point more for each', () => {
    assert.equal(fitScore(shape, { kind: 'a' }), 5);
    assert.equal(fitScore(shape, { kind: 'a', n: 2 }), 7);
    assert.equal(fitScore(shape, { kind: 'a', any: 'x' }), 6);
  });

  it('takes a point off for each property of the wrong type and each unknown key', () => {
    assert.equal(fitScore(shape, { kind: 'a', n: 'two' }), 4);
    assert.equal(fitScore(shape, { kind: 'a', extra: 1, more: 2 }), 3);
  });

  it('rules the object out for a missing required property or a disagreeing discriminator', () => {
    assert.equal(fitScore(shape, { n: 2 }), -1);
    assert.equal(fitScore(shape, { kind: 'b', n: 2 }), -1);
  });

  it('does not count keys against an object that takes additional properties', () => {
    const map = field({
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: { type: 'number' },
    });
    assert.equal(fitScore(map, { a: 'x', b: 1, c: 2 }), 3);
    assert.equal(fitScore(map, 'abc'), -1);
  });
});

describe('matchVariant', () => {
  it('opens the first variant for null and unset values, even when a later one takes anything', () => {
    const variants = variantsOf({ oneOf: [{ type: 'string' }, {}] });
    assert.equal(matchVariant(variants, null), 0);
    assert.equal(matchVariant(variants, undefined), 0);
    assert.equal(matchVariant(variants, 5), 1);
  });

  it('keeps the first of equally good variants', () => {
    const variants = variantsOf({
      oneOf: [
        { type: 'string', title: 'A' },
        { type: 'string', title: 'B' },
      ],
    });
    assert.equal(matchVariant(variants, 'x'), 0);
  });

  it('opens the closest fit among objects', () => {
    const variants = variantsOf({
      anyOf: [
        { type: 'object', properties: { name: { type: 'string' } } },
        { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } },
      ],
    });
    assert.equal(matchVariant(variants, { name: 'x' }), 0);
    assert.equal(matchVariant(variants, { name: 'x', age: 3 }), 1);
  });
});
