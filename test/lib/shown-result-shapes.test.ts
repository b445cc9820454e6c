// Which text items the Result tab leaves out as twins of the structured content, and what its Copy button copies,
// for results of every shape a server may send: near-twins, non-object structured content, malformed items.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallResult } from '../../elements/api.js';
import { jsonEqual } from '../../elements/tool-result/json-twin.js';
import { shownResult, shownText } from '../../elements/tool-result/shown-result.js';

/** The texts of the items the Result tab shows. */
const shownTexts = (result: CallResult) => shownResult(result).items.map((item) => (item as { text?: unknown }).text);

describe('a text item that only looks like the structured content', () => {
  it('should be shown when one value differs, even with every key the same', () => {
    const result: CallResult = {
      content: [{ type: 'text', text: '{"sum":3,"n":1}' }],
      structuredContent: { sum: 3, n: 2 },
    };
    assert.deepEqual(shownResult(result), { items: result.content, twin: false });
  });

  it('should be shown when an object stands where the other has a number, a string or null', () => {
    const near = [
      ['{"a":0}', { a: {} }],
      ['{"a":{}}', { a: 0 }],
      ['{"a":"ab"}', { a: { 0: 'a', 1: 'b' } }],
      ['{"a":null}', { a: {} }],
      ['{"a":{}}', { a: null }],
    ] as const;
    for (const [text, structuredContent] of near) {
      assert.deepEqual(shownTexts({ content: [{ type: 'text', text }], structuredContent }), [text], text);
    }
  });

  it('should be shown when its text is the JSON of a string, not of an object or array', () => {
    const result = {
      content: [{ type: 'text', text: '"{sum}"' }],
      structuredContent: '{sum}',
    } as unknown as CallResult;
    assert.deepEqual(shownTexts(result), ['"{sum}"']);
  });

  it('should be shown when its text is not a string at all', () => {
    const result = {
      content: [{ type: 'text', text: ['{"sum":3}'] }],
      structuredContent: { sum: 3 },
    } as unknown as CallResult;
    assert.deepEqual(shownResult(result), { items: result.content, twin: false });
  });
});

describe('jsonEqual', () => {
  it('should answer false, not throw, when an object meets null or a scalar on either side', () => {
    for (const [a, b] of [
      [{}, null],
      [null, {}],
      [{}, 0],
      [0, {}],
      ['ab', { 0: 'a', 1: 'b' }],
      [{ 0: 'a', 1: 'b' }, 'ab'],
    ]) {
      assert.equal(jsonEqual(a, b), false, JSON.stringify([a, b]));
    }
  });
});

describe('the copied text of malformed content items', () => {
  it('should copy the text items and text resources and skip null, resource-less and other items', () => {
    const result = {
      content: [
        null,
        { type: 'text', text: 'first' },
        { type: 'resource' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'second' } },
        { type: 'resource_link', uri: 'file:///b.txt', resource: { text: 'not a resource item' } },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      ],
    } as unknown as CallResult;
    assert.equal(shownText(result, shownResult(result)), 'first\n\nsecond');
  });
});
