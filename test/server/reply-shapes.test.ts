// The replies routes build: the headers every answer carries, and what an error becomes on the wire.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EventStream } from '../../server/core/http/event-stream.js';
import { HttpError } from '../../server/core/http/http-error.js';
import {
  contentLength,
  createReply,
  errorReply,
  eventStreamReply,
  jsonReply,
  jsonTextReply,
} from '../../server/core/http/reply.js';
import { recordingLogger } from './helpers.js';

describe('replies', () => {
  it('measures a body in UTF-8 bytes, as a string', () => {
    assert.equal(contentLength(undefined), '0');
    assert.equal(contentLength(''), '0');
    assert.equal(contentLength('abc'), '3');
    assert.equal(contentLength('é€'), '5');
    assert.equal(contentLength(new Uint8Array(7)), '7');
  });

  it('gives every reply nosniff, and a Content-Length unless it is a 204', () => {
    assert.deepEqual(createReply(200, { 'Content-Type': 'text/plain' }, 'hé'), {
      status: 200,
      headers: { 'Content-Type': 'text/plain', 'X-Content-Type-Options': 'nosniff', 'Content-Length': '3' },
      body: 'hé',
    });
    assert.deepEqual(createReply(404, {}), {
      status: 404,
      headers: { 'X-Content-Type-Options': 'nosniff', 'Content-Length': '0' },
      body: undefined,
    });
    assert.deepEqual(createReply(204, { Allow: 'GET' }).headers, { Allow: 'GET', 'X-Content-Type-Options': 'nosniff' });
  });

  it('streams events uncached, untransformed and unbuffered', () => {
    const stream = new EventStream();
    const reply = eventStreamReply(stream);
    assert.equal(reply.status, 200);
    assert.equal(reply.stream, stream);
    assert.equal(reply.body, undefined);
    assert.deepEqual(reply.headers, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      'X-Content-Type-Options': 'nosniff',
      'X-Accel-Buffering': 'no',
    });
  });

  it('sends JSON with its type and length, with or without extra headers', () => {
    assert.deepEqual(jsonTextReply(201, '{"é":1}'), {
      status: 201,
      headers: { 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff', 'Content-Length': '8' },
      body: '{"é":1}',
    });
    assert.deepEqual(jsonTextReply(200, '[]', { ETag: '"x"' }), {
      status: 200,
      headers: {
        'Content-Type': 'application/json',
        ETag: '"x"',
        'X-Content-Type-Options': 'nosniff',
        'Content-Length': '2',
      },
      body: '[]',
    });
    assert.deepEqual(jsonReply(200, { a: [1] }), jsonTextReply(200, '{"a":[1]}'));
    assert.deepEqual(jsonReply(400, 'x', { Allow: 'GET' }), jsonTextReply(400, '"x"', { Allow: 'GET' }));
  });

  it('shows an exposed error with its fields and headers, and logs nothing', () => {
    const logger = recordingLogger();
    const error = new HttpError(413, 'Too big.', { Connection: 'close' }, true, { limitBytes: 5 });
    assert.deepEqual(
      errorReply(error, logger),
      jsonReply(413, { error: 'Too big.', limitBytes: 5 }, { Connection: 'close' }),
    );
    assert.deepEqual(
      errorReply(new HttpError(504, 'Timed out.', undefined, true), logger),
      jsonReply(504, { error: 'Timed out.' }),
    );
    assert.deepEqual(logger.lines, []);
  });

  it('hides a 5xx message behind its status, keeps its headers, and logs the error', () => {
    const logger = recordingLogger();
    const error = new HttpError(503, 'db password wrong', { 'Retry-After': '5' });
    assert.deepEqual(
      errorReply(error, logger),
      jsonReply(503, { error: 'Internal Server Error' }, { 'Retry-After': '5' }),
    );
    assert.match(logger.text('error'), /^tool-console: request failed: HttpError: db password wrong/);
  });

  it('turns anything else thrown into a logged 500', () => {
    const logger = recordingLogger();
    assert.deepEqual(
      errorReply(new TypeError('x is undefined'), logger),
      jsonReply(500, { error: 'Internal Server Error' }),
    );
    assert.deepEqual(errorReply('a string', logger), jsonReply(500, { error: 'Internal Server Error' }));
    assert.match(logger.text('error'), /request failed: TypeError: x is undefined/);
    assert.match(logger.text('error'), /request failed: a string$/);
  });
});
