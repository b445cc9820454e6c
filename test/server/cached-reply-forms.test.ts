// An answer built once and sent many times: which form each request gets, when each form is compressed (quickly at
// first, at best once the body proves it is reused), the build's precompressed siblings, and entity tags with 304.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CachedReply, cachedJsonReply } from '../../server/core/http/cached-reply.js';
import { contentHash } from '../../server/core/http/entity-tag.js';
import { createReply, type Reply } from '../../server/core/http/reply.js';
import { fakeEncoded, recordingPlatform } from '../support/recording-platform.js';

function asking(headers: Record<string, string>) {
  return { header: (name: string) => headers[name] };
}

const BODY = new TextEncoder().encode('{"tools":[' + '"x",'.repeat(400) + '"y"]}');
const JSON_TYPE = { 'Content-Type': 'application/json' };
const HASH = contentHash(BODY);
const gzipAsked = asking({ 'accept-encoding': 'gzip' });
const brAsked = asking({ 'accept-encoding': 'br' });

describe('CachedReply', () => {
  it('without options: the identity reply, no tag, varying on Accept-Encoding when compressible', () => {
    const reply = new CachedReply(200, JSON_TYPE, BODY);
    assert.deepEqual(reply.identity, createReply(200, { ...JSON_TYPE, Vary: 'Accept-Encoding' }, BODY));
    assert.deepEqual(reply.answer(asking({}), recordingPlatform()), reply.identity);
    assert.equal(reply.namedBy(`"${HASH}"`), false);
  });

  it('a small body, or one not worth compressing, has one form and no Vary', () => {
    const platform = recordingPlatform();
    const small = new CachedReply(200, { ...JSON_TYPE, Vary: 'Origin' }, BODY.slice(0, 1023));
    assert.deepEqual(small.identity.headers.Vary, 'Origin');
    assert.equal(small.answer(gzipAsked, platform), small.identity);
    const image = new CachedReply(200, { 'Content-Type': 'image/png' }, BODY);
    assert.equal(image.identity.headers.Vary, undefined);
    assert.equal(image.answer(gzipAsked, platform), image.identity);
    assert.deepEqual(platform.asked, []);
    // At exactly 1 KiB it is worth it.
    const kib = new CachedReply(200, JSON_TYPE, BODY.slice(0, 1024));
    assert.equal(kib.identity.headers.Vary, 'Accept-Encoding');
  });

  it('compresses quickly at first, with requests meanwhile sharing the work', async () => {
    const platform = recordingPlatform();
    const reply = new CachedReply(200, JSON_TYPE, BODY, { etag: true });
    const first = reply.answer(gzipAsked, platform);
    const second = reply.answer(gzipAsked, platform);
    assert.ok(first instanceof Promise);
    assert.equal(second, first);
    const quick = fakeEncoded(BODY, 'gzip', 'request');
    assert.deepEqual(await first, {
      status: 200,
      headers: {
        ...JSON_TYPE,
        Vary: 'Accept-Encoding',
        'Content-Encoding': 'gzip',
        ETag: `"${HASH}.gz-fast"`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Length': String(quick.length),
      },
      body: quick,
    });
    assert.deepEqual(
      platform.asked.map(({ coding, effort, body }) => [coding, effort, body]),
      [['gzip', 'request', BODY]],
    );
  });

  it('once asked again, makes the best form in the background and serves it once made', async () => {
    const platform = recordingPlatform();
    const reply = new CachedReply(200, JSON_TYPE, BODY, { etag: true });
    await reply.answer(brAsked, platform);
    let release!: () => void;
    const made = new Promise<void>((resolve) => (release = resolve));
    platform.encode = async ({ body, coding, effort }) => (await made, fakeEncoded(body, coding, effort));
    const again = reply.answer(brAsked, platform) as Reply;
    assert.equal(again.headers.ETag, `"${HASH}.br-fast"`);
    assert.equal(reply.answer(brAsked, platform), again);
    assert.deepEqual(
      platform.asked.map(({ effort }) => effort),
      ['request', 'cached'],
    );
    release();
    await made;
    await new Promise((resolve) => setImmediate(resolve));
    const best = reply.answer(brAsked, platform) as Reply;
    assert.equal(best.headers.ETag, `"${HASH}.br"`);
    assert.deepEqual(best.body, fakeEncoded(BODY, 'br', 'cached'));
    reply.answer(brAsked, platform);
    assert.equal(platform.asked.length, 2);
  });

  it('tags the best gzip form apart from the quick one', async () => {
    const platform = recordingPlatform(['gzip']);
    const reply = new CachedReply(200, JSON_TYPE, BODY, { etag: true });
    await reply.answer(gzipAsked, platform);
    reply.answer(gzipAsked, platform);
    await new Promise((resolve) => setImmediate(resolve));
    const best = reply.answer(gzipAsked, platform) as Reply;
    assert.equal(best.headers.ETag, `"${HASH}.gz"`);
    assert.deepEqual(best.body, fakeEncoded(BODY, 'gzip', 'cached'));
  });

  it('keeps each coding apart, and gives the identity form to a client that takes none', async () => {
    const platform = recordingPlatform();
    const reply = new CachedReply(200, JSON_TYPE, BODY, { etag: true });
    assert.equal((await reply.answer(brAsked, platform)).headers['Content-Encoding'], 'br');
    assert.equal((await reply.answer(gzipAsked, platform)).headers['Content-Encoding'], 'gzip');
    assert.equal(reply.answer(asking({ 'accept-encoding': 'identity' }), platform), reply.identity);
    assert.equal(reply.identity.headers.ETag, `"${HASH}"`);
  });

  it('serves the identity form when compressing saves nothing or fails, and keeps it', async () => {
    const platform = recordingPlatform();
    platform.encode = ({ body }) => body.slice();
    const grown = new CachedReply(200, JSON_TYPE, BODY);
    assert.equal(await grown.answer(gzipAsked, platform), grown.identity);
    platform.encode = () => Promise.reject(new Error('out of memory'));
    const failed = new CachedReply(200, JSON_TYPE, BODY);
    assert.equal(await failed.answer(gzipAsked, platform), failed.identity);
    assert.equal(failed.answer(gzipAsked, platform), failed.identity);
  });

  it("serves the build's precompressed siblings as they are, even in a coding the platform cannot make", () => {
    const platform = recordingPlatform(['gzip']);
    const br = new Uint8Array([1, 2, 3]);
    const small = BODY.slice(0, 100);
    const reply = new CachedReply(200, { 'Content-Type': 'text/javascript' }, small, {
      etag: true,
      precompressed: { br },
    });
    const hash = contentHash(small);
    assert.deepEqual(reply.answer(brAsked, platform), {
      status: 200,
      headers: {
        'Content-Type': 'text/javascript',
        Vary: 'Accept-Encoding',
        'Content-Encoding': 'br',
        ETag: `"${hash}.br"`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Length': '3',
      },
      body: br,
    });
    assert.equal(reply.answer(brAsked, platform), reply.answer(brAsked, platform));
    assert.deepEqual(platform.asked, []);
  });

  it('offers only the platform codings when there are no siblings', () => {
    const platform = recordingPlatform(['gzip']);
    const reply = new CachedReply(200, JSON_TYPE, BODY);
    assert.equal(reply.answer(brAsked, platform), reply.identity);
    assert.deepEqual(platform.asked, []);
  });

  it('tells whether If-None-Match names the body in any of its forms', () => {
    const reply = new CachedReply(200, JSON_TYPE, BODY, { etag: true });
    assert.equal(reply.namedBy(undefined), false);
    assert.equal(reply.namedBy(`"${HASH}"`), true);
    assert.equal(reply.namedBy(`"${HASH}.br-fast"`), true);
    assert.equal(reply.namedBy(`"other", W/"${HASH}.gz"`), true);
    assert.equal(reply.namedBy(`"${HASH}x"`), false);
    assert.equal(reply.namedBy('"other"'), false);
    assert.equal(reply.namedBy(HASH), false);
    assert.equal(reply.namedBy(`"${HASH}`), false);
    assert.equal(new CachedReply(200, JSON_TYPE, BODY).namedBy('"", *'), false);
  });

  it('answers 304 to a request naming its form, with the headers a cache refreshes', async () => {
    const platform = recordingPlatform();
    const reply = new CachedReply(200, { ...JSON_TYPE, 'Cache-Control': 'no-cache' }, BODY, { etag: true });
    const notModified = {
      status: 304,
      headers: {
        ETag: `"${HASH}"`,
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept-Encoding',
        'Cache-Control': 'no-cache',
      },
    };
    assert.deepEqual(reply.answer(asking({ 'if-none-match': `"${HASH}"` }), platform), notModified);
    assert.deepEqual(reply.answer(asking({ 'if-none-match': '*' }), platform), notModified);
    assert.equal(reply.answer(asking({ 'if-none-match': '"other"' }), platform), reply.identity);
    // A compressed form waited for, then compared with its own tag.
    const gz = { 'accept-encoding': 'gzip', 'if-none-match': `"${HASH}.gz-fast"` };
    assert.deepEqual(await reply.answer(asking(gz), platform), {
      status: 304,
      headers: { ...notModified.headers, ETag: `"${HASH}.gz-fast"` },
    });
    const stale = await reply.answer(asking({ 'accept-encoding': 'gzip', 'if-none-match': `"${HASH}"` }), platform);
    assert.equal(stale.status, 200);
  });

  it('a 304 carries no Vary or Cache-Control the form lacks; without tags there is no 304', () => {
    const platform = recordingPlatform();
    const image = new CachedReply(200, { 'Content-Type': 'image/png' }, BODY, { etag: true });
    const tag = `"${contentHash(BODY)}"`;
    assert.deepEqual(image.answer(asking({ 'if-none-match': tag }), platform), {
      status: 304,
      headers: { ETag: tag, 'X-Content-Type-Options': 'nosniff' },
    });
    const untagged = new CachedReply(200, JSON_TYPE, BODY);
    assert.equal(untagged.answer(asking({ 'if-none-match': '*' }), platform), untagged.identity);
  });
});

describe('cachedJsonReply', () => {
  it('builds one tagged, revalidated JSON answer per buffer', () => {
    const json = new TextEncoder().encode('{"a":1}');
    const reply = cachedJsonReply(json);
    assert.equal(cachedJsonReply(json), reply);
    assert.notEqual(cachedJsonReply(new TextEncoder().encode('{"a":1}')), reply);
    assert.deepEqual(
      reply.identity,
      createReply(200, { ...JSON_TYPE, 'Cache-Control': 'no-cache', ETag: `"${contentHash(json)}"` }, json),
    );
  });
});
