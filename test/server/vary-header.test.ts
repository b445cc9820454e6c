// `Vary` is built by two features (compression, CORS) on one answer: each name is added once, however the value
// already spells it, and `*` already covers every name.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addVary } from '../../server/core/http/vary.js';

describe('addVary', () => {
  it('starts a Vary value when there is none', () => {
    assert.equal(addVary(undefined, 'Origin'), 'Origin');
    assert.equal(addVary('', 'Origin'), 'Origin');
    // A number (ReplyHeaders allows one) is no list of names to extend.
    assert.equal(addVary(7, 'Origin'), 'Origin');
  });

  it('appends a name the value lacks', () => {
    assert.equal(addVary('Accept-Encoding', 'Origin'), 'Accept-Encoding, Origin');
    assert.equal(addVary('Accept', 'Origin'), 'Accept, Origin');
  });

  it('keeps the value when it names the header already, in any case and spacing', () => {
    assert.equal(addVary('Origin', 'Origin'), 'Origin');
    assert.equal(addVary('accept-encoding ,  ORIGIN', 'Origin'), 'accept-encoding ,  ORIGIN');
    assert.equal(addVary('Accept,Origin', 'origin'), 'Accept,Origin');
  });

  it('keeps `*`, which already varies on everything', () => {
    assert.equal(addVary('*', 'Origin'), '*');
    assert.equal(addVary('Accept, *', 'Origin'), 'Accept, *');
  });
});
