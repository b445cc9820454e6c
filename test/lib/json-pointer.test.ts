import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getAt, isWithin, parsePointer, setAt, toPointer } from '../../elements/schema/json-pointer.js';

describe('JSON Pointer', () => {
  it('escapes ~ and / both ways', () => {
    assert.equal(toPointer(['a/b', 'c~d', 0]), '/a~1b/c~0d/0');
    assert.deepEqual(parsePointer('/a~1b/c~0d/0'), ['a/b', 'c~d', '0']);
    assert.equal(toPointer([]), '');
    assert.deepEqual(parsePointer(''), []);
    assert.equal(parsePointer('a'), undefined);
  });

  it('knows what lies within a pointer', () => {
    assert.equal(isWithin('/a/b', '/a'), true);
    assert.equal(isWithin('/a', '/a'), true);
    assert.equal(isWithin('/ab', '/a'), false);
    assert.equal(isWithin('/x', ''), true);
  });

  it('reads values at a path', () => {
    const value = { a: [{ b: 1 }], 'x/y': 2 };
    assert.equal(getAt(value, ['a', 0, 'b']), 1);
    assert.equal(getAt(value, ['x/y']), 2);
    assert.equal(getAt(value, ['missing', 'deeper']), undefined);
    assert.equal(getAt({}, ['toString']), undefined);
  });

  it('sets values without touching the original, creating objects and arrays on the way', () => {
    const original = { a: { b: 1 } };
    const changed = setAt(original, ['a', 'c'], 2);
    assert.deepEqual(changed, { a: { b: 1, c: 2 } });
    assert.deepEqual(original, { a: { b: 1 } });
    assert.deepEqual(setAt({}, ['x', 'y'], 'z'), { x: { y: 'z' } });
    assert.deepEqual(setAt({}, ['list', 1], 'b'), { list: [null, 'b'] });
    assert.deepEqual(setAt({ list: ['a', 'b'] }, ['list', 0], 'c'), { list: ['c', 'b'] });
  });

  it('removes an object key set to undefined', () => {
    assert.deepEqual(setAt({ a: 1, b: 2 }, ['a'], undefined), { b: 2 });
    assert.deepEqual(setAt({ o: { a: 1 } }, ['o', 'a'], undefined), { o: {} });
  });

  it('treats __proto__ as a plain key', () => {
    const changed = setAt({}, ['__proto__'], { polluted: true }) as Record<string, unknown>;
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.hasOwn(changed, '__proto__'), true);
  });
});
