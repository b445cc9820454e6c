// What a one-shot command prints for an answer without --json: the text a person reads in a terminal, each kind of
// content as the page would say it, JSON pretty-printed when a text holds it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  readableCallResult,
  readableContent,
  readablePrompt,
  readableResourceContents,
} from '../../server/cli/commands/readable-text.js';

describe('readableContent', () => {
  it('prints a text as it is, and pretty-prints one that is a JSON object or array (around its spaces)', () => {
    assert.equal(readableContent({ type: 'text', text: '  plain words  ' }), '  plain words  ');
    assert.equal(readableContent({ type: 'text', text: ' {"a":1,"b":[2]} ' }), '{\n  "a": 1,\n  "b": [\n    2\n  ]\n}');
    assert.equal(readableContent({ type: 'text', text: '\n[1]\n' }), '[\n  1\n]');
    // Only a text that starts like an object or an array is tried: a JSON string with a bracket inside stays as sent.
    assert.equal(readableContent({ type: 'text', text: ' "[1]" ' }), ' "[1]" ');
    // Starts like JSON but is not: as it is.
    assert.equal(readableContent({ type: 'text', text: '{not json' }), '{not json');
    assert.equal(readableContent({ type: 'text' }), '');
    assert.equal(readableContent({ type: 'text', text: 7 }), '7');
  });

  it('says what an image or an audio clip is and how many bytes its base64 holds', () => {
    assert.equal(readableContent({ type: 'image', mimeType: 'image/png', data: 'AAAA' }), '[image image/png, 3 bytes]');
    assert.equal(readableContent({ type: 'audio', mimeType: 'audio/wav', data: 'AAA=' }), '[audio audio/wav, 2 bytes]');
    assert.equal(readableContent({ type: 'image', mimeType: 'image/gif', data: 'AA==' }), '[image image/gif, 1 bytes]');
    assert.equal(
      readableContent({ type: 'image', mimeType: 'image/png', data: 'AAAAAAAA' }),
      '[image image/png, 6 bytes]',
    );
    // Unpadded base64 of 5 characters carries 3 whole bytes.
    assert.equal(
      readableContent({ type: 'image', mimeType: 'image/png', data: 'AAAAA' }),
      '[image image/png, 3 bytes]',
    );
    assert.equal(readableContent({ type: 'audio', data: 42 }), '[audio , 0 bytes]');
  });

  it('names a resource link by its URI, with its name when it has one', () => {
    assert.equal(
      readableContent({ type: 'resource_link', uri: 'file:///a.txt', name: 'a' }),
      '[resource link file:///a.txt (a)]',
    );
    assert.equal(readableContent({ type: 'resource_link', uri: 'file:///b.txt' }), '[resource link file:///b.txt]');
    assert.equal(readableContent({ type: 'resource_link', uri: 'file:///c', name: '' }), '[resource link file:///c]');
  });

  it("prints an embedded resource's contents", () => {
    assert.equal(readableContent({ type: 'resource', resource: { uri: 'x:/y', text: 'inside' } }), 'inside');
  });

  it('prints anything else as its JSON', () => {
    assert.equal(readableContent({ type: 'mystery', value: 1 }), '{"type":"mystery","value":1}');
    assert.equal(readableContent('just a string'), '"just a string"');
    assert.equal(readableContent(42), '42');
    assert.equal(readableContent(null), 'null');
  });
});

describe('readableResourceContents', () => {
  it('prints a text (JSON pretty-printed), or says what a binary is', () => {
    assert.equal(readableResourceContents({ uri: 'x:/a', text: 'hello' }), 'hello');
    assert.equal(readableResourceContents({ uri: 'x:/a', text: '{"k":true}' }), '{\n  "k": true\n}');
    assert.equal(readableResourceContents({ uri: 'x:/a', text: '' }), '');
    assert.equal(
      readableResourceContents({ uri: 'x:/b', mimeType: 'application/pdf', blob: 'AAAAAA==' }),
      '[resource x:/b application/pdf, 4 bytes]',
    );
    assert.equal(readableResourceContents({ uri: 'x:/c', blob: 'AAAA' }), '[resource x:/c, 3 bytes]');
    assert.equal(readableResourceContents({ uri: 'x:/d', mimeType: '', text: 5 }), '[resource x:/d, 0 bytes]');
    assert.equal(readableResourceContents(['odd']), '["odd"]');
  });
});

describe('readableCallResult', () => {
  it('prints each content item on its own line', () => {
    const result = {
      content: [
        { type: 'text', text: 'one' },
        { type: 'image', mimeType: 'image/png', data: 'AAAA' },
      ],
    };
    assert.equal(readableCallResult(result), 'one\n[image image/png, 3 bytes]');
  });

  it('adds the structuredContent, pretty-printed, when no text item says it', () => {
    const structuredContent = { sum: 5 };
    assert.equal(readableCallResult({ structuredContent }), '{\n  "sum": 5\n}');
    assert.equal(readableCallResult({ content: 'not a list', structuredContent }), '{\n  "sum": 5\n}');
    assert.equal(
      readableCallResult({ content: [{ type: 'image', mimeType: 'image/png', data: '' }], structuredContent }),
      '[image image/png, 0 bytes]\n{\n  "sum": 5\n}',
    );
    assert.equal(readableCallResult({ content: ['text'], structuredContent }), '"text"\n{\n  "sum": 5\n}');
  });

  it('leaves the structuredContent out when a text item is there, wherever it is', () => {
    const content = [
      { type: 'image', mimeType: 'image/png', data: '' },
      { type: 'text', text: '{"sum":5}' },
    ];
    assert.equal(
      readableCallResult({ content, structuredContent: { sum: 5 } }),
      '[image image/png, 0 bytes]\n{\n  "sum": 5\n}',
    );
    assert.equal(readableCallResult({ content: [{ type: 'text', text: 'five' }], structuredContent: 5 }), 'five');
  });

  it('prints nothing for a result with neither', () => {
    assert.equal(readableCallResult({}), '');
    assert.equal(readableCallResult({ content: [] }), '');
  });
});

describe('readablePrompt', () => {
  it('prints each message after its role, a blank line between messages', () => {
    const result = {
      messages: [
        { role: 'user', content: { type: 'text', text: 'Hi' } },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
      ],
    };
    assert.equal(readablePrompt(result), 'user: Hi\n\nassistant: a\nb');
  });

  it('prints what a malformed answer has, without failing', () => {
    assert.equal(readablePrompt({}), '');
    assert.equal(readablePrompt({ messages: 'none' }), '');
    assert.equal(readablePrompt({ messages: ['odd'] }), 'undefined: ');
  });
});
