// Edges of the tool list's helpers: a row starting exactly at the scroll position, names that start with a
// separator, and untrusted media types, base64 and file names from results.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildRows, groupNames, visibleRange } from '../../elements/tool-list/list-window.js';
import { namespaceOf } from '../../elements/tool-list/namespace.js';
import { base64ToBytes, cleanBase64, downloadName, httpUrl, mediaDataUrl } from '../../elements/display/safe-url.js';

describe('rows in view', () => {
  const names = Array.from({ length: 20 }, (_, i) => `tool_${i}`);
  const { offsets } = buildRows(
    names.map((_, i) => i),
    groupNames(names),
    { group: 30, tool: 10 },
  );

  it('starts at the row whose top is exactly the scroll position', () => {
    assert.deepEqual(visibleRange(offsets, 50, 30, 0), [5, 8]);
    assert.deepEqual(visibleRange(offsets, 55, 30, 0), [5, 9]);
  });

  it('ends at the last row when the view reaches past the list', () => {
    assert.deepEqual(visibleRange(offsets, 150, 500, 3), [12, 20]);
  });
});

describe('namespaces', () => {
  it('gives none to names that start with a separator, wherever others follow', () => {
    assert.equal(namespaceOf('/a/b'), '');
    assert.equal(namespaceOf('.a.b'), '');
    assert.equal(namespaceOf('a/b'), 'a');
  });
});

describe('untrusted media and names', () => {
  it('accepts base64 only when all of it is base64', () => {
    assert.equal(cleanBase64('!AAA'), null);
    assert.equal(cleanBase64('AAA!'), null);
    assert.equal(cleanBase64(' AA\tAA '), 'AAAA');
  });

  it('accepts a media type only when all of it is one, after trimming', () => {
    assert.equal(mediaDataUrl('image', 'image/x"y/png', 'AAAA'), null);
    assert.equal(mediaDataUrl('image', 'image/png x', 'AAAA'), null);
    assert.equal(mediaDataUrl('image', ' image/png ', 'AAAA'), 'data:image/png;base64,AAAA');
  });

  it('links only strings, never values that merely print as a URL', () => {
    assert.equal(httpUrl(['https://example.com/']), null);
    assert.equal(httpUrl(new URL('https://example.com/')), null);
  });

  it('decodes every byte of the data', () => {
    assert.deepEqual([...base64ToBytes('AAEC')!], [0, 1, 2]);
  });

  it('makes file names of at most 100 harmless characters, one underscore per run of others', () => {
    assert.equal(downloadName(`x://host/${'a'.repeat(150)}.txt`), 'a'.repeat(100));
    assert.equal(downloadName('x://host/a  <b>.txt'), 'a_b_.txt');
    assert.equal(downloadName('x://host/...hidden'), 'hidden');
  });
});
