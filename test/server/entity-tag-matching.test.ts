// `If-None-Match` decides whether a GET gets 304: the weak comparison RFC 9110 §13.1.2 asks for, over a list whose
// tags may hold commas.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ifNoneMatchMatches } from '../../server/core/http/entity-tag.js';

describe('ifNoneMatchMatches', () => {
  it('matches nothing without the header', () => {
    assert.equal(ifNoneMatchMatches(undefined, '"abc"'), false);
    assert.equal(ifNoneMatchMatches('', '"abc"'), false);
  });

  it('takes `*` as naming any tag', () => {
    assert.equal(ifNoneMatchMatches('*', '"abc"'), true);
    assert.equal(ifNoneMatchMatches('  * ', '"abc"'), true);
  });

  it('matches the tag itself, weak or strong, anywhere in the list', () => {
    assert.equal(ifNoneMatchMatches('"abc"', '"abc"'), true);
    assert.equal(ifNoneMatchMatches('W/"abc"', '"abc"'), true);
    assert.equal(ifNoneMatchMatches('"x", W/"y", "abc"', '"abc"'), true);
  });

  it('does not match other tags, nor a bare name without quotes', () => {
    assert.equal(ifNoneMatchMatches('"abd"', '"abc"'), false);
    assert.equal(ifNoneMatchMatches('"abc.br"', '"abc"'), false);
    assert.equal(ifNoneMatchMatches('abc', '"abc"'), false);
    assert.equal(ifNoneMatchMatches('"x", *', '"abc"'), false);
  });

  it('reads a tag holding a comma as one tag', () => {
    assert.equal(ifNoneMatchMatches('"a,b"', '"a,b"'), true);
    assert.equal(ifNoneMatchMatches('"a", "b"', '"a,b"'), false);
  });

  it('reads an empty tag as a tag, and goes on past it', () => {
    assert.equal(ifNoneMatchMatches('""', '""'), true);
    assert.equal(ifNoneMatchMatches('"", "abc"', '"abc"'), true);
  });
});
