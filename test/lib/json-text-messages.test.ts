// The problem a JSON field states for each kind of parser message: the real ones of this engine, and the line and
// column form other engines use, at every size of line, column and position.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJsonText } from '../../elements/fields/json-text.js';

/** The error parseJsonText gives for `text` when JSON.parse fails with `message` (another engine's words). */
function errorWith(message: string, text: string): unknown {
  const original = JSON.parse;
  JSON.parse = () => {
    throw new SyntaxError(message);
  };
  try {
    return parseJsonText(text);
  } finally {
    JSON.parse = original;
  }
}

describe('the problem said for this engine’s messages', () => {
  it('should point past the end when the parser names no place', () => {
    assert.deepEqual(parseJsonText(''), { error: 'Invalid JSON at line 1, column 1: Unexpected end of JSON input.' });
  });

  it('should drop a position named after JSON, not only in JSON, and positions of two digits', () => {
    assert.deepEqual(parseJsonText('[1] x'), {
      error: 'Invalid JSON at line 1, column 5: Unexpected non-whitespace character after JSON.',
    });
    assert.deepEqual(parseJsonText('{"a":"x.y" z}'), {
      error: `Invalid JSON at line 1, column 12: Expected ',' or '}' after property value.`,
    });
  });

  it('should end the sentence with a full stop even when the message holds one inside', () => {
    const parsed = parseJsonText('.5');
    assert.ok('error' in parsed);
    assert.match(parsed.error, /: Unexpected token '\.', "\.5" is not valid JSON\.$/);
  });
});

describe('the problem said for a line and column message', () => {
  it('should read lines and columns of two digits, counting whole lines before', () => {
    const text = `{"first": 1,\n${'"k": 1,\n'.repeat(10)}"last": "\u0001"}`;
    assert.deepEqual(errorWith('bad control character in string literal (line 12 column 11)', text), {
      error: 'Invalid JSON at line 12, column 11: bad control character in string literal.',
    });
  });

  it('should read a line past the end of the text as the last line', () => {
    // An engine that counts a lone carriage return as a line break names lines the text does not split into.
    assert.deepEqual(errorWith('unexpected character (line 5 column 2)', 'ab\ncd'), {
      error: 'Invalid JSON at line 2, column 2: unexpected character.',
    });
  });

  it("should read Firefox's wording, the place after 'at' and the JSON data named last", () => {
    const text = '{"a": 1,\n "b" 2}';
    assert.deepEqual(
      errorWith("JSON.parse: expected ':' after property name in object at line 2 column 6 of the JSON data", text),
      {
        error: "Invalid JSON at line 2, column 6: expected ':' after property name in object.",
      },
    );
  });
});
