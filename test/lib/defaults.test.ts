import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyValue, seedArguments } from '../../elements/schema/defaults.js';
import { describeSchema } from '../../elements/schema/schema-fields.js';

describe('seedArguments', () => {
  it('seeds declared defaults at any depth and leaves optional fields without one unset', () => {
    const field = describeSchema({
      type: 'object',
      properties: {
        units: { type: 'string', default: 'metric' },
        city: { type: 'string' },
        flags: { type: 'boolean' },
        options: { type: 'object', properties: { depth: { type: 'integer', default: 2 }, fast: { type: 'boolean' } } },
        empty: { type: 'object', properties: { x: { type: 'string' } } },
      },
    });
    assert.deepEqual(seedArguments(field), { units: 'metric', options: { depth: 2 } });
  });

  it('starts a required boolean false, a required object empty, and a required const at its value', () => {
    const field = describeSchema({
      type: 'object',
      properties: {
        on: { type: 'boolean' },
        kind: { const: 'x' },
        nested: { type: 'object', properties: { a: { type: 'string' } } },
      },
      required: ['on', 'kind', 'nested'],
    });
    assert.deepEqual(seedArguments(field), { on: false, kind: 'x', nested: {} });
  });

  it('copies defaults, so editing the arguments cannot change the schema', () => {
    const schema = {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'string' }, default: ['a'] } },
    };
    const seeded = seedArguments(describeSchema(schema));
    (seeded.list as string[]).push('b');
    assert.deepEqual(schema.properties.list.default, ['a']);
  });

  it('gives an object for a schema that is not an object', () => {
    assert.deepEqual(seedArguments(describeSchema({ type: 'string' })), {});
    assert.deepEqual(seedArguments(describeSchema(true)), {});
  });
});

describe('emptyValue', () => {
  it('gives new array items something to hold', () => {
    const values = [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { enum: ['a', 'b'] },
      { type: 'array', items: { type: 'string' } },
      { type: 'object', properties: { a: { type: 'string', default: 'x' } } },
    ].map((schema) => emptyValue(describeSchema(schema)));
    assert.deepEqual(values, ['', null, false, 'a', [], { a: 'x' }]);
  });
});
