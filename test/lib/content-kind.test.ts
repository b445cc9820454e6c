// Which renderer <resource-view> picks for a resource's contents: by MIME type, by the URI's extension when there is
// none, and HTML always as source.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentKind, essence } from '../../elements/content/content-kind.js';

describe('content-kind', () => {
  it('should pick the renderer from the MIME type, ignoring its parameters and case', () => {
    const cases: [string, boolean, string][] = [
      ['application/json', true, 'json'],
      [' Text/CSV ; header=present', true, 'csv'],
      ['text/x-markdown', true, 'markdown'],
      ['application/xhtml+xml', true, 'source'],
      ['image/svg+xml', false, 'image'],
      ['text/x-python', false, 'text'],
      ['application/atom+xml', false, 'text'],
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

  it('should know the type of each extension it names, and none for others or for no URI', () => {
    const types: Record<string, string> = {
      json: 'application/json',
      md: 'text/markdown',
      markdown: 'text/markdown',
      csv: 'text/csv',
      html: 'text/html',
      htm: 'text/html',
      txt: 'text/plain',
      png: 'image/png',
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      gif: 'image/gif',
      webp: 'image/webp',
      svg: 'image/svg+xml',
      wav: 'audio/wav',
      mp3: 'audio/mpeg',
      pdf: 'application/pdf',
    };
    for (const [extension, type] of Object.entries(types))
      assert.equal(essence(undefined, `x:///a.${extension}`), type);
    for (const uri of ['x:///a.xyz', 'x:///notes.md.bak', 'x:///site.html/about', undefined, 42]) {
      assert.equal(essence(undefined, uri), '', String(uri));
    }
  });
});
