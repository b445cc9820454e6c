// What a number field makes of what is typed, character by character: which texts are numbers, which are on their
// way to one, which JSON cannot carry exactly, and what the field keeps showing while someone types.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { numberTextFor, parseNumberText } from '../../elements/fields/number-text.js';

describe('typing a number', () => {
  it('reads several digits before and after the point, and signed exponents', () => {
    assert.deepEqual(parseNumberText('12.5'), { kind: 'number', value: 12.5 });
    assert.deepEqual(parseNumberText('.25'), { kind: 'number', value: 0.25 });
    assert.deepEqual(parseNumberText('1e+5'), { kind: 'number', value: 100000 });
    assert.deepEqual(parseNumberText('25E-2'), { kind: 'number', value: 0.25 });
  });

  it('carries leading and trailing zeros, in any notation, as the number they mean', () => {
    for (const [text, value] of [
      ['0012.5', 12.5],
      ['1050.0', 1050],
      ['1.500', 1.5],
      ['0105', 105],
      ['15e2', 1500],
      ['15e-1', 1.5],
    ] as const) {
      assert.deepEqual(parseNumberText(text), { kind: 'number', value }, text);
    }
  });

  it('carries large exponents exactly when the digits fit', () => {
    assert.deepEqual(parseNumberText('1e21'), { kind: 'number', value: 1e21 });
    assert.deepEqual(parseNumberText('-2.5e-30'), { kind: 'number', value: -2.5e-30 });
  });

  it('carries every way of writing zero as zero', () => {
    for (const text of ['0', '0.0', '-0.00', '000', '0e5', '.0']) {
      assert.deepEqual(parseNumberText(text), { kind: 'number', value: 0 }, text);
    }
  });

  it('calls a lone point or sign incomplete, and words with an e in them not a number', () => {
    assert.deepEqual(parseNumberText('.'), { kind: 'invalid', reason: 'Incomplete number.' });
    assert.deepEqual(parseNumberText('+.'), { kind: 'invalid', reason: 'Incomplete number.' });
    assert.deepEqual(parseNumberText('1E+'), { kind: 'invalid', reason: 'Incomplete number.' });
    assert.deepEqual(parseNumberText('hello'), { kind: 'invalid', reason: 'Not a number.' });
    assert.deepEqual(parseNumberText('1e5x'), { kind: 'invalid', reason: 'Not a number.' });
  });
});

describe('what a number field shows', () => {
  it('keeps whitespace typed into an unset field', () => {
    assert.equal(numberTextFor(undefined, '  '), '  ');
    assert.equal(numberTextFor(5, ''), '5');
  });

  it('drops half-typed text once the value is unset', () => {
    assert.equal(numberTextFor(undefined, '-'), '');
  });

  it('keeps digits JSON will round while the value is the rounded one', () => {
    assert.equal(numberTextFor(9007199254740992, '9007199254740993'), '9007199254740993');
    assert.equal(numberTextFor(1, '9007199254740993'), '1');
  });

  it('shows text that is not a number as the value holds it', () => {
    assert.equal(numberTextFor('xyz', 'abc'), 'xyz');
    assert.equal(numberTextFor('abc', 'abc'), 'abc');
    assert.equal(numberTextFor(null, 'abc'), '');
    assert.equal(numberTextFor(true, undefined), '');
  });
});
