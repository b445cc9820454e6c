// Which errors show their message to the client: below 500 by default, a 5xx only when it says so, and a bad
// gateway always (its message is written for the person).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BadGatewayError, HttpError } from '../../server/core/http/http-error.js';

describe('HttpError', () => {
  it('exposes its message below 500 only, unless told otherwise', () => {
    assert.equal(new HttpError(400, 'bad').expose, true);
    assert.equal(new HttpError(499, 'bad').expose, true);
    assert.equal(new HttpError(500, 'broken').expose, false);
    assert.equal(new HttpError(504, 'took too long', undefined, true).expose, true);
    assert.equal(new HttpError(404, 'hidden', undefined, false).expose, false);
  });

  it('carries its status, message, headers and fields', () => {
    const error = new HttpError(413, 'too big', { Connection: 'close' }, true, { limitBytes: 10 });
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'HttpError');
    assert.equal(error.status, 413);
    assert.equal(error.message, 'too big');
    assert.deepEqual(error.headers, { Connection: 'close' });
    assert.deepEqual(error.fields, { limitBytes: 10 });
    assert.equal(new HttpError(400, 'x').fields, undefined);
  });

  it('a bad gateway is a shown 502 with its fields', () => {
    const error = new BadGatewayError('The MCP server did not answer.', { diagnosis: 'refused' });
    assert.ok(error instanceof HttpError);
    assert.equal(error.name, 'BadGatewayError');
    assert.equal(error.status, 502);
    assert.equal(error.expose, true);
    assert.equal(error.message, 'The MCP server did not answer.');
    assert.deepEqual(error.fields, { diagnosis: 'refused' });
    assert.equal(error.headers, undefined);
  });
});
