// A required choice starts as its first option started as a required value: a first option that is a boolean starts
// unchecked (false), one that is an object without defaults starts as {} (an unset value would fail validation).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seedArguments } from '../../elements/schema/defaults.js';
import { describeSchema } from '../../elements/schema/schema-fields.js';

describe('seeding a required choice', () => {
  it('should start its first option as required', () => {
    const form = describeSchema({
      type: 'object',
      properties: {
        flag: { oneOf: [{ type: 'boolean' }, { type: 'string' }] },
        box: { anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'string' }] },
      },
      required: ['flag', 'box'],
    });
    assert.deepEqual(seedArguments(form), { flag: false, box: {} });
  });
});
