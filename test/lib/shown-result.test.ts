import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallResult } from '../../elements/api.js';
import { isJsonOf, jsonEqual } from '../../elements/tool-result/json-twin.js';
import { readableJson } from '../../elements/content/readable-json.js';
import { shownResult, shownText } from '../../elements/tool-result/shown-result.js';

describe('json-twin', () => {
  it('should compare JSON values deeply, whatever the key order', () => {
    assert.equal(jsonEqual({ a: [1, { b: null }], c: 'x' }, { c: 'x', a: [1, { b: null }] }), true);
    assert.equal(jsonEqual({ a: 1 }, { a: 1, b: undefined }), false);
    assert.equal(jsonEqual([1, 2], [2, 1]), false);
    assert.equal(jsonEqual([], {}), false);
    assert.equal(jsonEqual({ 0: 1 }, [1]), false);
    assert.equal(jsonEqual(null, {}), false);
    assert.equal(jsonEqual(1, 1.0), true);
  });

  it('should tell when a text is the JSON of a value', () => {
    assert.equal(isJsonOf('  {"b": 2, "a": 1}', { a: 1, b: 2 }), true);
    assert.equal(isJsonOf('{"a": 1', { a: 1 }), false);
    assert.equal(isJsonOf('1', 1), false);
    assert.equal(isJsonOf(undefined, undefined), false);
    const deep = '['.repeat(200000) + ']'.repeat(200000);
    assert.equal(isJsonOf(deep, []), false);
  });
});

describe('shown-result', () => {
  const twin: CallResult = {
    content: [
      { type: 'text', text: '{"sum":3}' },
      { type: 'text', text: 'three' },
      { type: 'resource', resource: { uri: 'file:///n.txt', text: '{"n":1}' } },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    ],
    structuredContent: { sum: 3 },
  };

  it('should leave out the text items that repeat the structured content', () => {
    const shown = shownResult(twin);
    assert.deepEqual(shown, { items: twin.content.slice(1), twin: true });
    assert.deepEqual(shownResult({ content: twin.content }), { items: twin.content, twin: false });
    const malformed = { content: [null, 'x', { type: 'text' }] } as unknown as CallResult;
    assert.deepEqual(shownResult({ ...malformed, structuredContent: {} }).items, malformed.content);
  });

  it('should copy the shown text as shown: JSON pretty-printed, structured content last, no media', () => {
    assert.equal(shownText(twin, shownResult(twin)), 'three\n\n{\n  "n": 1\n}\n\n{\n  "sum": 3\n}');
    const media: CallResult = { content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] };
    assert.equal(shownText(media, shownResult(media)), '');
  });
});

describe('readable-json', () => {
  it('should cut long base64 data and any long blob to their start and length, and nothing else', () => {
    const data = 'QUJD'.repeat(100);
    const text = readableJson({
      data,
      blob: `${'x'.repeat(70)}!`,
      note: data,
      short: { data: 'QUJD' },
      story: { data: 'a long story '.repeat(10) },
    });
    assert.deepEqual(JSON.parse(text), {
      data: 'QUJDQUJDQUJD… (400 characters)',
      blob: 'xxxxxxxxxxxx… (71 characters)',
      note: data,
      short: { data: 'QUJD' },
      story: { data: 'a long story '.repeat(10) },
    });
  });

  it('should keep a blob of 64 characters, data that only ends like base64, and a long list named blob', () => {
    const value = {
      blob: 'b'.repeat(64),
      data: `Not base64! ${'QUJD'.repeat(20)}`,
      list: { blob: Array.from({ length: 70 }, (_, i) => i) },
    };
    assert.deepEqual(JSON.parse(readableJson(value)), value);
  });
});
