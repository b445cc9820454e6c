// The edges of a saved call's verdict: pointers that lead nowhere (through text, null, or not a pointer at all), JSON
// equality of values of different kinds and sizes, patterns on text and on values, long messages clipped for the line,
// and the messages for an output check without details and an isError answer without text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallOutcome, CallResult } from '../../elements/api.js';
import { verdictOf } from '../../elements/saved-calls/check-expectations.js';
import { verdictText } from '../../elements/saved-calls/run-saved-call.js';
import type { Expectation } from '../../protocol/collections.js';

function outcome(result: CallResult, outputCheck?: CallOutcome['outputCheck']): CallOutcome {
  const request = { url: 'http://x/tools/t/call', method: 'POST' as const, headers: {}, body: '{}' };
  return { name: 't', arguments: {}, status: result.isError ? 500 : 200, durationMs: 1, result, request, outputCheck };
}

const result = outcome({
  content: [{ type: 'text', text: 'The sum is 5' }],
  structuredContent: { n: null, empty: {}, list: [], five: 5, pair: { a: 1, b: 2 }, word: 'é😀' },
});
const line = (...expect: Expectation[]) => verdictText(verdictOf(result, expect));

describe('pointers that lead nowhere', () => {
  it('should find nothing at a pointer that does not start with a slash', () => {
    assert.equal(
      line({ pointer: 'structuredContent/five', equals: 5 }),
      'failed expectation: structuredContent/five: expected 5, got nothing',
    );
  });

  it('should find nothing inside text, a number or null', () => {
    assert.equal(
      line({ pointer: '/content/0/text/0', equals: 'T' }),
      'failed expectation: /content/0/text/0: expected "T", got nothing',
    );
    assert.equal(
      line({ pointer: '/content/0/text/length', equals: 12 }),
      'failed expectation: /content/0/text/length: expected 12, got nothing',
    );
    assert.equal(
      line({ pointer: '/structuredContent/n/x', equals: 1 }),
      'failed expectation: /structuredContent/n/x: expected 1, got nothing',
    );
  });

  it('should find the whole result at the empty pointer', () => {
    assert.equal(line({ pointer: '', matches: '"five":5' }), 'passed');
  });

  it('should not pass a pattern that matches anything when nothing is there', () => {
    assert.equal(
      line({ pointer: '/structuredContent/gone', matches: '.*' }),
      'failed expectation: /structuredContent/gone: expected text matching /.*/, got nothing',
    );
  });
});

describe('equals: JSON equality', () => {
  const cases: [string, unknown, string][] = [
    ['/structuredContent/empty', 5, '{}'],
    ['/structuredContent/five', {}, '5'],
    ['/structuredContent/n', {}, 'null'],
    ['/structuredContent/empty', null, '{}'],
    ['/structuredContent/list', {}, '[]'],
    ['/structuredContent/empty', [], '{}'],
    ['/structuredContent/pair', { a: 1 }, '{"a":1,"b":2}'],
    ['/structuredContent/pair', { a: 1, b: 2, c: 3 }, '{"a":1,"b":2}'],
    ['/structuredContent/pair', { a: 1, b: 3 }, '{"a":1,"b":2}'],
    ['/structuredContent/pair', { a: 2, b: 2 }, '{"a":1,"b":2}'],
    ['/structuredContent/pair', { a: 1, c: 2 }, '{"a":1,"b":2}'],
  ];
  for (const [pointer, equals, got] of cases) {
    it(`should tell ${got} from ${JSON.stringify(equals)}`, () => {
      assert.equal(
        line({ pointer, equals }),
        `failed expectation: ${pointer}: expected ${JSON.stringify(equals)}, got ${got}`,
      );
    });
  }

  it('should hold equal values equal whatever their key order', () => {
    assert.equal(line({ pointer: '/structuredContent/pair', equals: { b: 2, a: 1 } }), 'passed');
    assert.equal(line({ pointer: '/structuredContent/empty', equals: {} }), 'passed');
    assert.equal(line({ pointer: '/structuredContent/n', equals: null }), 'passed');
  });
});

describe('matches: patterns', () => {
  it('should match text as it is, and other values as their JSON', () => {
    assert.equal(line({ pointer: '/content/0/text', matches: '^The sum is 5$' }), 'passed');
    assert.equal(line({ pointer: '/structuredContent/five', matches: '^5$' }), 'passed');
  });

  it('should read a pattern as Unicode, as the CLI does', () => {
    assert.equal(line({ pointer: '/structuredContent/word', matches: '^\\p{L}.$' }), 'passed');
  });

  it('should say when a pattern is not a regular expression', () => {
    assert.match(
      line({ pointer: '/content/0/text', matches: '(' }),
      /^failed expectation: \/content\/0\/text: \/\(\/ is not a regular expression \(Invalid regular expression: .+\)$/,
    );
  });
});

describe('the messages', () => {
  it('should keep a message of 120 characters whole and clip a longer one to 120 with an ellipsis', () => {
    // `/p: expected "…", got nothing` is 28 characters around the expected text.
    const at = (length: number) => verdictOf(result, [{ pointer: '/p', equals: 'x'.repeat(length - 28) }]);
    const whole = at(120);
    assert.ok(whole.kind === 'failed');
    assert.equal(whole.message, `/p: expected "${'x'.repeat(92)}", got nothing`);
    assert.equal(whole.message.length, 120);
    const clipped = at(121);
    assert.ok(clipped.kind === 'failed');
    assert.equal(clipped.message, `/p: expected "${'x'.repeat(93)}", got nothi…`);
    assert.equal(clipped.message.length, 120);
  });

  it('should say where the output does not match its schema, or that it does not', () => {
    const failure = (errors: { path: string; message: string; keyword: string }[]) =>
      verdictText(verdictOf(outcome(result.result, { valid: false, errors }), [{ outputSchema: true }]));
    assert.equal(failure([]), 'failed expectation: the result does not match the outputSchema: invalid');
    assert.equal(
      failure([{ path: '', message: "must have required property 'sum'", keyword: 'required' }]),
      "failed expectation: the result does not match the outputSchema: / must have required property 'sum'",
    );
  });

  it("should give an isError answer's status when it has no text", () => {
    const image = outcome({ content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }], isError: true });
    assert.equal(verdictText(verdictOf(image)), 'isError: HTTP 500');
    assert.equal(verdictText(verdictOf(outcome({ content: [], isError: true }))), 'isError: HTTP 500');
  });
});
