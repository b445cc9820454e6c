// Values at a path are read and written on plain JSON only: strings, numbers and null are not objects to step
// into, arrays are copied rather than changed, and what comes back is an ordinary object JSON.stringify sees whole.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getAt, setAt } from '../../elements/schema/json-pointer.js';

describe('reading and writing at a path', () => {
  it('does not step into strings, numbers, booleans or null', () => {
    assert.equal(getAt('abc', ['length']), undefined);
    assert.equal(getAt(5, ['x']), undefined);
    assert.equal(getAt(true, ['x']), undefined);
    assert.equal(getAt(null, ['x']), undefined);
    assert.equal(getAt({ a: null }, ['a', 'b']), undefined);
    assert.deepEqual(getAt([['x']], [0, 0]), 'x');
  });

  it('replaces a string, number or null on the way with a fresh object', () => {
    assert.deepEqual(setAt('abc', ['k'], 1), { k: 1 });
    assert.deepEqual(setAt({ a: 7 }, ['a', 'b'], 1), { a: { b: 1 } });
    assert.deepEqual(setAt({ a: [1] }, ['a', 'b'], 1), { a: { b: 1 } });
  });

  it('creates an array for a numeric step into nothing, and keeps numeric keys of objects as keys', () => {
    assert.deepEqual(setAt(null, [1], 'x'), [null, 'x']);
    assert.deepEqual(setAt(undefined, [0], 'x'), ['x']);
    assert.deepEqual(setAt({ a: 1 }, [0], 'x'), { a: 1, 0: 'x' });
  });

  it('copies arrays instead of changing them, and appends at the end', () => {
    const list = [1, 2];
    assert.deepEqual(setAt(list, [0], 9), [9, 2]);
    assert.deepEqual(setAt(list, [2], 3), [1, 2, 3]);
    assert.deepEqual(list, [1, 2]);
  });

  it('gives back ordinary properties that JSON.stringify sees', () => {
    const changed = setAt({}, ['a'], 1) as Record<string, unknown>;
    assert.equal(JSON.stringify(changed), '{"a":1}');
    assert.deepEqual(Object.getOwnPropertyDescriptor(changed, 'a'), {
      value: 1,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });
});
