// Which compressed form a client gets from its Accept-Encoding, and which content types are worth compressing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseCoding, isCompressibleType, type ContentCoding } from '../../server/core/http/content-encoding.js';

const BOTH: ReadonlySet<ContentCoding> = new Set(['br', 'gzip']);
const GZIP_ONLY: ReadonlySet<ContentCoding> = new Set(['gzip']);
const BR_ONLY: ReadonlySet<ContentCoding> = new Set(['br']);

describe('isCompressibleType', () => {
  it('takes text, JSON, JavaScript, WebAssembly and SVG, in any case and with parameters', () => {
    for (const type of [
      'text/html',
      'text/css; charset=utf-8',
      'TEXT/PLAIN',
      'application/json',
      'application/javascript',
      'application/wasm',
      'image/svg+xml',
      'Application/JSON',
    ]) {
      assert.equal(isCompressibleType(type), true, type);
    }
  });

  it('leaves out what is compressed already, other types, and a missing type', () => {
    for (const type of ['image/png', 'font/woff2', 'application/octet-stream', 'image/svgxml', 'x-text/html']) {
      assert.equal(isCompressibleType(type), false, type);
    }
    assert.equal(isCompressibleType(undefined), false);
    assert.equal(isCompressibleType(42), false);
  });
});

describe('chooseCoding', () => {
  it('answers identity without a header, or with an empty one', () => {
    assert.equal(chooseCoding(undefined, BOTH), undefined);
    assert.equal(chooseCoding('', BOTH), undefined);
    assert.equal(chooseCoding('identity', BOTH), undefined);
  });

  it('gives the coding the client names, Brotli on a tie', () => {
    assert.equal(chooseCoding('gzip', BOTH), 'gzip');
    assert.equal(chooseCoding('br', BOTH), 'br');
    assert.equal(chooseCoding('gzip, br', BOTH), 'br');
    assert.equal(chooseCoding('gzip, deflate, br, zstd', BOTH), 'br');
    assert.equal(chooseCoding('br;q=1, gzip;q=1', BOTH), 'br');
  });

  it('reads codings without regard to case or spaces, x-gzip as gzip', () => {
    assert.equal(chooseCoding(' GZIP ', BOTH), 'gzip');
    assert.equal(chooseCoding('x-gzip', BOTH), 'gzip');
    assert.equal(chooseCoding('Br', BOTH), 'br');
  });

  it('follows the weights, q=0 refusing', () => {
    assert.equal(chooseCoding('br;q=0.5, gzip', BOTH), 'gzip');
    assert.equal(chooseCoding('br;q=0.8, gzip;q=0.9', BOTH), 'gzip');
    assert.equal(chooseCoding('gzip;q=0.001, br;q=0.002', BOTH), 'br');
    assert.equal(chooseCoding('br;q=0, gzip;q=0', BOTH), undefined);
    assert.equal(chooseCoding('br;q=0', BOTH), undefined);
    assert.equal(chooseCoding('br; Q = 0', BOTH), undefined);
    assert.equal(chooseCoding('br;level=1;q=0.', BOTH), undefined);
    assert.equal(chooseCoding('gzip;q=1.000, br;q=0.999', BOTH), 'gzip');
    assert.equal(chooseCoding('br;charset=x', BOTH), 'br');
    // Spaces around a weight are allowed (RFC 9110's OWS around the `;` and `=`).
    assert.equal(chooseCoding('br;q= 0.5, gzip;q=0.4', BOTH), 'br');
    assert.equal(chooseCoding('gzip;q=0.5 , br;q=0.4', BOTH), 'gzip');
  });

  it('lets `*` stand for every coding not named', () => {
    assert.equal(chooseCoding('*', BOTH), 'br');
    assert.equal(chooseCoding('*;q=0.5, br;q=0', BOTH), 'gzip');
    assert.equal(chooseCoding('gzip;q=0.4, *;q=0.5', BOTH), 'br');
    assert.equal(chooseCoding('br;q=0.3, *;q=0.5', BOTH), 'gzip');
    assert.equal(chooseCoding('*;q=0', BOTH), undefined);
  });

  it('ignores an element whose weight it cannot read', () => {
    for (const weight of ['bad', '1.5', '2', '0.0001', '1.0001', '', '-0', '01']) {
      assert.equal(chooseCoding(`br;q=${weight}`, BOTH), undefined, weight);
      assert.equal(chooseCoding(`br, br;q=${weight}`, BOTH), 'br', weight);
    }
    assert.equal(chooseCoding('br;q', BOTH), undefined);
  });

  it('takes a coding the platform cannot make as refused', () => {
    assert.equal(chooseCoding('br', GZIP_ONLY), undefined);
    assert.equal(chooseCoding('br, gzip;q=0.1', GZIP_ONLY), 'gzip');
    assert.equal(chooseCoding('*', GZIP_ONLY), 'gzip');
    assert.equal(chooseCoding('gzip', BR_ONLY), undefined);
    assert.equal(chooseCoding('gzip, br;q=0.1', BR_ONLY), 'br');
  });
});
