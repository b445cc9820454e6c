import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lineAndColumn, parseJsonText } from '../../elements/fields/json-text.js';

describe('parseJsonText', () => {
  it('parses valid JSON, scalars included', () => {
    assert.deepEqual(parseJsonText('{"entities": [{"name": "Bob"}]}'), { value: { entities: [{ name: 'Bob' }] } });
    assert.deepEqual(parseJsonText(' 42 '), { value: 42 });
  });

  it('says the line and column where the text goes wrong, in the parser’s words without its position', () => {
    const text = '{\n  "entities": [{"name": "Bob"\n  ]\n}';
    const parsed = parseJsonText(text);
    assert.ok('error' in parsed);
    assert.match(parsed.error, /^Invalid JSON at line 3, column 3: /);
    assert.doesNotMatch(parsed.error, /position|\(line/);
    assert.match(parsed.error, /\.$/);
  });

  it('points after the last character when the text simply ends', () => {
    const parsed = parseJsonText('{"a": [1,\n2');
    assert.ok('error' in parsed);
    assert.match(parsed.error, /^Invalid JSON at line 2, column 2: /);
  });

  it('reads the line and column form of other engines’ messages', () => {
    // What Chromium says of `{"a" 1}` (its V8 adds the line and column to the position).
    const original = JSON.parse;
    JSON.parse = () => {
      throw new SyntaxError(`Expected ':' after property name in JSON at position 5 (line 1 column 6)`);
    };
    try {
      assert.deepEqual(parseJsonText('{"a" 1}'), {
        error: `Invalid JSON at line 1, column 6: Expected ':' after property name.`,
      });
      JSON.parse = () => {
        throw new SyntaxError('JSON.parse: bad control character (line 2 column 3)');
      };
      assert.deepEqual(parseJsonText('{\n "\u0001"}'), {
        error: 'Invalid JSON at line 2, column 3: bad control character.',
      });
    } finally {
      JSON.parse = original;
    }
  });
});

describe('lineAndColumn', () => {
  it('counts from 1, lines by newline', () => {
    assert.deepEqual(lineAndColumn('abc', 0), { line: 1, column: 1 });
    assert.deepEqual(lineAndColumn('ab\ncd', 4), { line: 2, column: 2 });
    assert.deepEqual(lineAndColumn('ab\n', 3), { line: 2, column: 1 });
  });

  it('clamps offsets outside the text', () => {
    assert.deepEqual(lineAndColumn('ab', 99), { line: 1, column: 3 });
    assert.deepEqual(lineAndColumn('ab', -4), { line: 1, column: 1 });
  });
});
