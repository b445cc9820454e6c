import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { numberTextFor, parseNumberText } from '../../elements/fields/number-text.js';

describe('parseNumberText', () => {
  it('reads plain, signed, fractional and exponent numbers', () => {
    assert.deepEqual(parseNumberText('42'), { kind: 'number', value: 42 });
    assert.deepEqual(parseNumberText(' -3.5 '), { kind: 'number', value: -3.5 });
    assert.deepEqual(parseNumberText('1e5'), { kind: 'number', value: 100000 });
    // JSON writes this one back as 1e+21: the same number, so nothing is said about rounding.
    assert.deepEqual(parseNumberText('1e21'), { kind: 'number', value: 1e21 });
    assert.deepEqual(parseNumberText('.5'), { kind: 'number', value: 0.5 });
    assert.deepEqual(parseNumberText('+7'), { kind: 'number', value: 7 });
    assert.deepEqual(parseNumberText('0.1'), { kind: 'number', value: 0.1 });
    assert.deepEqual(parseNumberText('-0'), { kind: 'number', value: 0 });
  });

  it('takes the half-typed `1.` as 1 and an empty text as unset', () => {
    assert.deepEqual(parseNumberText('1.'), { kind: 'number', value: 1 });
    assert.deepEqual(parseNumberText(''), { kind: 'empty' });
    assert.deepEqual(parseNumberText('   '), { kind: 'empty' });
  });

  it('flags intermediate and foreign text instead of dropping it', () => {
    assert.deepEqual(parseNumberText('-'), { kind: 'invalid', reason: 'Incomplete number.' });
    assert.deepEqual(parseNumberText('1e'), { kind: 'invalid', reason: 'Incomplete number.' });
    assert.deepEqual(parseNumberText('1e-'), { kind: 'invalid', reason: 'Incomplete number.' });
    assert.deepEqual(parseNumberText('abc'), { kind: 'invalid', reason: 'Not a number.' });
    assert.deepEqual(parseNumberText('0x10'), { kind: 'invalid', reason: 'Not a number.' });
    assert.deepEqual(parseNumberText('1e999'), { kind: 'invalid', reason: 'Too large for a JSON number.' });
  });

  it('says when JSON cannot carry the digits typed', () => {
    assert.deepEqual(parseNumberText('9007199254740993'), { kind: 'rounded', value: 9007199254740992 });
    assert.deepEqual(parseNumberText('0.12345678901234567890'), { kind: 'rounded', value: 0.12345678901234568 });
    assert.deepEqual(parseNumberText('9007199254740992'), { kind: 'number', value: 9007199254740992 });
    assert.deepEqual(parseNumberText('1.50'), { kind: 'number', value: 1.5 });
    assert.deepEqual(parseNumberText('12345678901234567890000'), { kind: 'rounded', value: 1.2345678901234568e22 });
  });
});

describe('numberTextFor', () => {
  it('keeps the typed text while it means the value', () => {
    assert.equal(numberTextFor(1, '1.'), '1.');
    assert.equal(numberTextFor(100000, '1e5'), '1e5');
    assert.equal(numberTextFor('-', '-'), '-');
  });

  it('shows the value when it changed elsewhere', () => {
    assert.equal(numberTextFor(3, '1.'), '3');
    assert.equal(numberTextFor(undefined, '5'), '');
    assert.equal(numberTextFor(2.5, undefined), '2.5');
    assert.equal(numberTextFor('abc', undefined), 'abc');
  });
});
