// Which renderer <resource-view> picks for a resource's contents: by MIME type, by the URI's extension when there is
// none, and HTML always as source.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentKind, essence } from '../../elements/content/content-kind.js';

describe('content-kind', () => {
  it('should pick the renderer from the MIME type, ignoring its parameters and case', () => {
    const cases: [string, boolean, string][] = [
      ['application/json', true, 'json'],
      ['application/ld+json; charset=utf-8', true, 'json'],
      ['text/markdown', true, 'markdown'],
      ['TEXT/CSV', true, 'csv'],
      ['text/html', true, 'source'],
      ['text/html;profile=mcp-app', true, 'source'],
      ['image/png', false, 'image'],
      ['audio/wav', false, 'audio'],
      ['text/plain', true, 'text'],
      ['application/xml', false, 'text'],
      ['application/pdf', false, 'binary'],
      ['application/octet-stream', false, 'binary'],
      ['application/octet-stream', true, 'text'],
    ];
    for (const [mime, hasText, kind] of cases) assert.equal(contentKind(mime, 'x://y', hasText), kind, mime);
  });

  it('should fall back on the URI extension when there is no MIME type', () => {
    assert.equal(essence(undefined, 'file:///a/Report.PDF?v=1'), 'application/pdf');
    assert.equal(contentKind('', 'file:///notes.md', true), 'markdown');
    assert.equal(contentKind(undefined, 'file:///data', false), 'binary');
    assert.equal(contentKind(undefined, 'file:///data', true), 'text');
  });
});
