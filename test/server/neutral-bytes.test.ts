// The core's own byte helpers (it has no Buffer or node:crypto) give what node's give: SHA-256 digests (so entity
// tags are the same as before and on every runtime, through @noble/hashes), UTF-8 sizes (every reply's Content-Length) and base64url.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { fromBase64url, toBase64url, utf8ByteLength } from '../../server/core/platform/bytes.js';
import { contentHash } from '../../server/core/http/entity-tag.js';

const SAMPLES = ['', 'abc', 'a'.repeat(55), 'b'.repeat(56), 'c'.repeat(64), 'é€𝄞 mixed', 'x'.repeat(100_003)];

describe('neutral bytes', () => {
  it('entity tags are the SHA-256 node:crypto gives, across block boundaries', () => {
    for (const text of SAMPLES) {
      const bytes = new TextEncoder().encode(text);
      assert.equal(contentHash(bytes), createHash('sha256').update(bytes).digest('base64url').slice(0, 22));
    }
  });

  it('UTF-8 sizes match Buffer.byteLength, lone surrogates included', () => {
    // Each range's edges, and a surrogate next to what is not its partner.
    const edges = ['\u0080', '\ud800\udc00', '\udbff\udfff', '€\udc00', '\udc00\udc00', '\ue000\udc00', '\ud800é'];
    for (const text of [...SAMPLES, '\ud800', 'a\udc00b', '\ud83d\ude00\ud83d', 'ÿ߿ࠀ￿', ...edges]) {
      assert.equal(utf8ByteLength(text), Buffer.byteLength(text), JSON.stringify(text.slice(0, 20)));
    }
  });

  it('base64url round-trips and refuses what is not base64url', () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
    assert.equal(toBase64url(bytes), Buffer.from(bytes).toString('base64url'));
    assert.deepEqual(fromBase64url(toBase64url(bytes)), bytes);
    assert.equal(fromBase64url('a+b/'), undefined);
    assert.equal(fromBase64url('a'), undefined, 'base64url characters, but one too many to make a byte');
  });
});
