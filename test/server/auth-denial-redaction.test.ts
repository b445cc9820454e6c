// A denial's reason goes to the log with the request's credentials blanked out, in every form a hook may have put
// them in its error: the header, the credential alone, Basic's decoded pair and password, and any of them as JSON
// writes strings.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { describe, it } from 'node:test';
import { redactedReason } from '../../server/core/http/auth.js';
import type { ConsoleRequest } from '../../server/core/http/console-request.js';

function withAuthorization(authorization: string | undefined): ConsoleRequest {
  return { header: (name: string) => (name === 'authorization' ? authorization : undefined) } as ConsoleRequest;
}

const reasonFor = (authorization: string | undefined, reason: unknown) =>
  redactedReason(reason, withAuthorization(authorization), inspect);

/** base64 of `text`'s UTF-8 bytes, as a browser's Basic credentials are. */
const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('redactedReason', () => {
  it('formats the reason as it is when the request has no credentials', () => {
    assert.equal(reasonFor(undefined, 'no session'), 'no session');
    assert.equal(reasonFor(undefined, { code: 7 }), '{ code: 7 }');
    assert.match(reasonFor(undefined, new Error('expired')), /^Error: expired\n/);
  });

  it('blanks out the whole header and the credential alone', () => {
    const header = 'Bearer tok-1234567';
    assert.equal(reasonFor(header, 'invalid token tok-1234567'), 'invalid token [redacted]');
    assert.equal(reasonFor(header, `refused "${header}"`), 'refused "[redacted]"');
    assert.equal(reasonFor(header, new Error('bad tok-1234567')).split('\n')[0], 'Error: bad [redacted]');
    assert.equal(reasonFor('Token  tok-7654321 ', 'bad tok-7654321'), 'bad [redacted]');
    // A header value with a space left at its end: the hook's message holds it without.
    assert.equal(reasonFor('Bearer tok-1234567 ', 'got Bearer tok-1234567.'), 'got [redacted].');
  });

  it('blanks out Basic credentials decoded: the pair and the password alone', () => {
    const header = basic('alice:s3cret-pw');
    assert.equal(reasonFor(header, 'alice:s3cret-pw refused'), '[redacted] refused');
    assert.equal(reasonFor(header, 'wrong password s3cret-pw'), 'wrong password [redacted]');
    assert.equal(reasonFor(`basic ${header.slice(6)}`, 'wrong password s3cret-pw'), 'wrong password [redacted]');
  });

  it('blanks out a Basic password with non-ASCII characters, decoded as UTF-8', () => {
    const header = basic('bob:pässwörd');
    assert.equal(reasonFor(header, 'wrong password pässwörd'), 'wrong password [redacted]');
  });

  it('decodes nothing of a credential that is not base64, nor of one that is not Basic', () => {
    assert.equal(reasonFor('Basic %%%%-not-base64', 'bad %%%%-not-base64'), 'bad [redacted]');
    // Base64 under another scheme is a token, not a pair: its decoding is no secret of the request.
    const pair = Buffer.from('carol:hunter22').toString('base64');
    assert.equal(reasonFor(`Bearer ${pair}`, 'carol:hunter22'), 'carol:hunter22');
  });

  it('blanks out credentials as JSON writes them', () => {
    const header = 'Bearer ab"cd\\ef';
    const headers = JSON.stringify({ authorization: header });
    assert.equal(reasonFor(header, `denied ${headers}`), 'denied {"authorization":"[redacted]"}');
    assert.equal(reasonFor(header, 'token: "ab\\"cd\\\\ef"'), 'token: "[redacted]"');
  });
});
