// The last step before an answer is written: a reply made for one request is compressed for it when that is worth
// it (a compressible body of 1 KiB or more, not encoded already, a coding the client takes, bytes saved).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CachedReply } from '../../server/core/http/cached-reply.js';
import { negotiateReply } from '../../server/core/http/negotiate-reply.js';
import { createReply, jsonTextReply, type Reply } from '../../server/core/http/reply.js';
import { fakeEncoded, recordingPlatform } from '../support/recording-platform.js';

function accepting(acceptEncoding?: string) {
  return { header: (name: string) => (name === 'accept-encoding' ? acceptEncoding : undefined) };
}

const KIB = 'x'.repeat(1024);

describe('negotiateReply', () => {
  it('hands a cached answer its own choice of form', async () => {
    const platform = recordingPlatform();
    const body = new TextEncoder().encode(KIB);
    const cached = new CachedReply(200, { 'Content-Type': 'application/json' }, body);
    const reply = await negotiateReply(cached, accepting('gzip'), platform);
    assert.equal(reply.headers['Content-Encoding'], 'gzip');
    assert.deepEqual(
      platform.asked.map(({ effort }) => effort),
      ['request'],
    );
  });

  it('sends an answer without a body, or under 1 KiB, as it is', () => {
    const platform = recordingPlatform();
    const empty = createReply(404, { 'Content-Type': 'application/json' });
    assert.equal(negotiateReply(empty, accepting('gzip'), platform), empty);
    // A HEAD answer: the length of the body it does not carry.
    const head: Reply = { status: 200, headers: { 'Content-Type': 'text/plain', 'Content-Length': '4096' } };
    assert.equal(negotiateReply(head, accepting('gzip'), platform), head);
    const small = jsonTextReply(200, KIB.slice(1));
    assert.equal(negotiateReply(small, accepting('gzip'), platform), small);
    // 1023 bytes by its Content-Length, whatever the body's length in characters.
    const smallUnicode = jsonTextReply(200, 'é'.repeat(511) + 'x');
    assert.equal(negotiateReply(smallUnicode, accepting('gzip'), platform), smallUnicode);
    // A reply built by hand without Content-Length is measured by its body.
    const unmeasured: Reply = { status: 200, headers: { 'Content-Type': 'text/plain' }, body: 'short' };
    assert.equal(negotiateReply(unmeasured, accepting('gzip'), platform), unmeasured);
    assert.deepEqual(platform.asked, []);
  });

  it('compresses a body of 1 KiB, measured in bytes, for this request and quickly', async () => {
    const platform = recordingPlatform();
    const unicode = 'é'.repeat(512);
    const answer = jsonTextReply(200, unicode, { Vary: 'Origin' });
    const reply = await negotiateReply(answer, accepting('gzip'), platform);
    const identity = new TextEncoder().encode(unicode);
    assert.deepEqual(platform.asked, [{ body: identity, coding: 'gzip', effort: 'request' }]);
    const encoded = fakeEncoded(identity, 'gzip', 'request');
    assert.deepEqual(reply, {
      status: 200,
      headers: {
        ...answer.headers,
        Vary: 'Origin, Accept-Encoding',
        'Content-Encoding': 'gzip',
        'Content-Length': String(encoded.length),
      },
      body: encoded,
    });
  });

  it('compresses a byte body as it is, and one without Content-Length by its size', async () => {
    const platform = recordingPlatform(['br']);
    const bytes = new Uint8Array(2048).fill(7);
    const reply = await negotiateReply(
      { status: 201, headers: { 'Content-Type': 'text/html' }, body: bytes },
      accepting('br'),
      platform,
    );
    assert.equal(platform.asked[0].body, bytes);
    assert.equal(reply.status, 201);
    assert.deepEqual(reply.headers, {
      'Content-Type': 'text/html',
      Vary: 'Accept-Encoding',
      'Content-Encoding': 'br',
      'Content-Length': '1024',
    });
  });

  it('leaves an encoded body, or one not worth compressing, alone', () => {
    const platform = recordingPlatform();
    const encoded = createReply(200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' }, KIB);
    assert.equal(negotiateReply(encoded, accepting('gzip'), platform), encoded);
    const image = createReply(200, { 'Content-Type': 'image/png' }, KIB);
    assert.equal(negotiateReply(image, accepting('gzip'), platform), image);
    const untyped = createReply(200, {}, KIB);
    assert.equal(negotiateReply(untyped, accepting('gzip'), platform), untyped);
    assert.deepEqual(platform.asked, []);
  });

  it('says it varies on Accept-Encoding even when the client takes no coding', () => {
    const platform = recordingPlatform();
    const answer = jsonTextReply(200, KIB);
    const reply = negotiateReply(answer, accepting(undefined), platform);
    assert.deepEqual(reply, { ...answer, headers: { ...answer.headers, Vary: 'Accept-Encoding' } });
    assert.deepEqual(negotiateReply(answer, accepting('identity'), platform), reply);
    assert.deepEqual(platform.asked, []);
  });

  it('sends the identity bytes when compressing saves nothing or fails', async () => {
    const platform = recordingPlatform();
    const answer = jsonTextReply(200, KIB);
    const plain = { ...answer, headers: { ...answer.headers, Vary: 'Accept-Encoding' } };
    platform.encode = ({ body }) => new Uint8Array(body.length);
    assert.deepEqual(await negotiateReply(answer, accepting('br'), platform), plain);
    platform.encode = () => Promise.reject(new Error('no memory'));
    assert.deepEqual(await negotiateReply(answer, accepting('br'), platform), plain);
    platform.encode = ({ body }) => new Uint8Array(body.length - 1);
    assert.equal((await negotiateReply(answer, accepting('br'), platform)).headers['Content-Encoding'], 'br');
  });
});
