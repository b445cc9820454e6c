// ArgumentValidator at its edges, called directly: the last-resort answer to a value deeper than the stack (the
// routes refuse deep arguments before they get here, but a tool's result is checked as it comes), the 2019-09 draft's
// own keywords, and boolean schemas.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ArgumentValidator } from '../../server/core/calls/validation.js';

const quiet = { info() {}, warn() {}, error() {} };

/** A value nested `depth` levels deep under `child`. */
function nested(depth: number): unknown {
  let value: unknown = {};
  for (let level = 0; level < depth; level++) value = { child: value };
  return value;
}

const recursive = {
  $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
  $ref: '#/$defs/node',
};

describe('ArgumentValidator', () => {
  it('answers a value deeper than the stack with a depth error, for arguments and for results', () => {
    const validator = new ArgumentValidator(quiet);
    const deep = nested(50_000);
    assert.deepEqual(validator.validate(recursive, deep, 50_001), {
      valid: false,
      errors: [{ path: '', keyword: 'depth', message: 'The arguments are nested too deeply to validate.' }],
    });
    assert.deepEqual(validator.checkOutput(recursive, deep, 10), {
      valid: false,
      errors: [{ path: '', keyword: 'depth', message: 'The result is nested too deeply to validate.' }],
    });
  });

  it('still validates an ordinary value against the same recursive schema', () => {
    const validator = new ArgumentValidator(quiet);
    assert.deepEqual(validator.validate(recursive, nested(20), 21), { valid: true });
    assert.equal(validator.validate(recursive, { child: 'leaf' }, 2).valid, false);
  });

  it('applies the keywords of the 2019-09 draft when a schema names it (the missing field named by its pointer)', () => {
    const validator = new ArgumentValidator(quiet);
    const schema = {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'object',
      dependentRequired: { card: ['expiry'] },
    };
    assert.deepEqual(validator.validate(schema, { card: '4242' }, 2), {
      valid: false,
      errors: [
        {
          path: '/expiry',
          keyword: 'dependentRequired',
          message: 'must have property expiry when property card is present',
        },
      ],
    });
    assert.deepEqual(validator.validate(schema, { card: '4242', expiry: '12/30' }, 3), { valid: true });
    // Array-form `items` is a tuple in 2019-09 (and a schema error under 2020-12).
    const tuple = {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'array',
      items: [{ type: 'string' }],
    };
    assert.deepEqual(validator.validate(tuple, ['a', 2], 3), { valid: true });
    assert.deepEqual(validator.validate(tuple, [1], 2), {
      valid: false,
      errors: [{ path: '/0', keyword: 'type', message: 'must be string' }],
    });
  });

  it('takes boolean schemas: true accepts anything, false nothing', () => {
    const validator = new ArgumentValidator(quiet);
    assert.deepEqual(validator.validate(true, { any: 'thing' }, 2), { valid: true });
    assert.equal(validator.validate(false, {}, 1).valid, false);
  });
});
