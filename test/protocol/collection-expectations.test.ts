// A saved call's expectations at work (protocol/collections.ts): the `--expect` flags the CLI reads, the values a
// JSON Pointer finds in a result, the message of each failure, and the `${env.NAME}` variables a call needs. The CLI
// prints these messages in CI; a wrong one sends a person looking in the wrong place.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { envNamesIn, envNamesOfCall, expectationFailure, parseExpectationFlag, valueAt } from '../../protocol/index.js';

const result = {
  content: [
    { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    { type: 'text', text: 'The sum is 5' },
  ],
  structuredContent: { sum: 5, who: { a: 1, b: 2 } },
};

describe('--expect flags', () => {
  it('should refuse a pointer without a value, and a pattern that is not one, quoting the flag', () => {
    assert.deepEqual(parseExpectationFlag('/structuredContent/sum'), {
      error: '--expect /structuredContent/sum: expected /pointer=<json> or /pointer~=<regex>',
    });
    const broken = parseExpectationFlag('/content/0/text~=(');
    assert.match((broken as { error: string }).error, /^--expect \/content\/0\/text~=\(: not a regular expression: /);
    assert.deepEqual(parseExpectationFlag('sum=5'), {
      error: '--expect sum=5: expected /pointer=<json>, /pointer~=<regex>, output-schema or no-error',
    });
  });
});

describe('values at a pointer', () => {
  it('should find array items by their index, the tenth one too', () => {
    const items = Array.from({ length: 11 }, (_, index) => `item ${index}`);
    assert.deepEqual(valueAt({ items }, '/items/10'), { exists: true, value: 'item 10' });
    assert.deepEqual(valueAt(result, '/content/1/text'), { exists: true, value: 'The sum is 5' });
    assert.deepEqual(valueAt(result, ''), { exists: true, value: result });
  });

  it('should find nothing at an index that is not a plain one or is past the end', () => {
    for (const pointer of ['/content/2', '/content/5', '/content/-1', '/content/01', '/content/1e0', '/content/0.0']) {
      assert.deepEqual(valueAt(result, pointer), { exists: false }, pointer);
    }
  });

  it("should find nothing inside text, in an array's own properties, or under a pointer without a leading /", () => {
    for (const pointer of ['/content/1/text/0', '/content/length', '/structuredContent/sum/0', 'structuredContent']) {
      assert.deepEqual(valueAt(result, pointer), { exists: false }, pointer);
    }
    assert.deepEqual(valueAt({ a: null }, '/a/b'), { exists: false });
  });
});

describe('expectation failures', () => {
  it('should name the pointer that found nothing, a malformed one too', () => {
    assert.equal(expectationFailure({ pointer: 'sum', equals: 5 }, result), 'sum: nothing there');
    assert.equal(expectationFailure({ pointer: '/content/2', matches: '.' }, result), '/content/2: nothing there');
  });

  it('should compare objects key by key, whatever their order', () => {
    assert.equal(
      expectationFailure({ pointer: '/structuredContent/who', equals: { b: 3, a: 1 } }, result),
      '/structuredContent/who: expected {"b":3,"a":1}, got {"a":1,"b":2}',
    );
    assert.equal(
      expectationFailure({ pointer: '/structuredContent', equals: { who: { b: 2, a: 1 }, sum: 5 } }, result),
      undefined,
    );
  });

  it('should match a pattern against the JSON text of what is not text, with Unicode rules', () => {
    assert.equal(expectationFailure({ pointer: '/structuredContent/who', matches: '"b":2' }, result), undefined);
    assert.equal(
      expectationFailure({ pointer: '/structuredContent/who', matches: '"b":3' }, result),
      '/structuredContent/who: "{\\"a\\":1,\\"b\\":2}" does not match /"b":3/',
    );
    assert.equal(expectationFailure({ pointer: '/content/1/text', matches: '^\\p{Lu}' }, result), undefined);
  });

  it('should pass no-error unless isError is true, and quote the first line of the first text', () => {
    for (const passing of [result, { ...result, isError: false }, { ...result, isError: 'true' }, 'error', null]) {
      assert.equal(expectationFailure({ isError: false }, passing), undefined, JSON.stringify(passing));
    }
    const long = `${'x'.repeat(250)}\nsecond line`;
    assert.equal(
      expectationFailure({ isError: false }, { isError: true, content: [{ type: 'text', text: long }] }),
      `isError is true: ${'x'.repeat(200)}`,
    );
    assert.equal(
      expectationFailure({ isError: false }, { isError: true, content: [{ type: 'image', data: 'AAAA' }] }),
      'isError is true: (no text)',
    );
    assert.equal(expectationFailure({ isError: false }, { isError: true }), 'isError is true: (no text)');
  });

  it("should list every outputSchema error the caller's validator gave", () => {
    assert.equal(
      expectationFailure({ outputSchema: true }, result, ['/sum: must be string', '/who: must be array']),
      'does not match the outputSchema: /sum: must be string; /who: must be array',
    );
  });
});

describe('variables a call needs', () => {
  it('should find them in nested arguments, skipping $${ and other values', () => {
    assert.deepEqual(
      envNamesIn({ list: ['${env.A}', { deep: 'x ${env.B} $${env.C}' }], n: 1, none: null, yes: true }),
      ['A', 'B'],
    );
  });

  it("should read headers only of a URL server, the call's own before the file's", () => {
    const call = { name: 'a', tool: 't', arguments: { q: '${env.Q}' } };
    assert.deepEqual(envNamesOfCall(call), ['Q']);
    assert.deepEqual(envNamesOfCall({ ...call, server: { stdio: 'srv ${env.S}' } }), ['Q']);
    const fileServer = { url: 'https://x/', headers: { Authorization: 'Bearer ${env.TOKEN}' } };
    assert.deepEqual(envNamesOfCall(call, fileServer), ['Q', 'TOKEN']);
    assert.deepEqual(envNamesOfCall({ ...call, server: { url: 'https://y/' } }, fileServer), ['Q']);
  });
});
