// The arguments a form starts with when variants, tuples and constants are involved: a required choice starts as
// its first option, and a new array item always holds something.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyValue, seedArguments, seedValue } from '../../elements/schema/defaults.js';
import { describeSchema } from '../../elements/schema/schema-fields.js';

const shapes = {
  oneOf: [
    {
      type: 'object',
      properties: { kind: { const: 'circle' }, r: { type: 'number', default: 1 } },
      required: ['kind'],
    },
    { type: 'object', properties: { kind: { const: 'square' } }, required: ['kind'] },
  ],
};

describe('seeding choices', () => {
  it('starts a required variant as its first option, and leaves an optional one unset', () => {
    const args = seedArguments(
      describeSchema({ type: 'object', properties: { shape: shapes, other: shapes }, required: ['shape'] }),
    );
    assert.deepEqual(args, { shape: { kind: 'circle', r: 1 } });
  });

  it('starts arguments whose whole schema is a choice as its first option', () => {
    assert.deepEqual(seedArguments(describeSchema(shapes)), { kind: 'circle', r: 1 });
  });

  it('gives an object even when the whole schema is a constant or an array', () => {
    assert.deepEqual(seedArguments(describeSchema({ const: 5 })), {});
    assert.deepEqual(seedArguments(describeSchema({ const: [1] })), {});
    assert.deepEqual(seedArguments(describeSchema({ type: 'object', default: [1, 2] })), {});
  });

  it('leaves an optional constant, boolean or object without defaults unset', () => {
    for (const schema of [
      { const: 'x' },
      { type: 'boolean' },
      { type: 'object', properties: { a: { type: 'string' } } },
    ]) {
      assert.equal(seedValue(describeSchema(schema), false), undefined, JSON.stringify(schema));
    }
  });
});

describe('new array items', () => {
  it('fills a tuple position by position', () => {
    assert.deepEqual(
      emptyValue(describeSchema({ prefixItems: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] })),
      ['', null, false],
    );
  });

  it('starts an item of several types as the first type would', () => {
    assert.equal(emptyValue(describeSchema({ type: ['string', 'number'] })), '');
    assert.equal(emptyValue(describeSchema({ type: ['number', 'string'] })), null);
  });

  it('starts an item with a default at its default, a copy each time', () => {
    const field = describeSchema({
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' } } },
      default: { tags: ['a'] },
    });
    const first = emptyValue(field) as { tags: string[] };
    first.tags.push('b');
    assert.deepEqual(emptyValue(field), { tags: ['a'] });
  });
});
