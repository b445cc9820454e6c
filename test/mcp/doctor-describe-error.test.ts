// The doctor's words for a failure it has no sentence of its own for (and for an OAuth flow's): the error's message,
// plus what it hides: the network's code under fetch's "fetch failed", an HTTP status the message leaves out, the
// revisions the console speaks beside the one a server answered. A pure module, so tested on errors made here.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type * as DescribeError from '../../server/mcp/doctor/describe-error.js';

let describeError: typeof DescribeError.describeError;
let SdkHttpError: typeof import('@modelcontextprotocol/client').SdkHttpError;
let SdkErrorCode: typeof import('@modelcontextprotocol/client').SdkErrorCode;

before(async () => {
  ({ describeError } = await import('../../server/mcp/doctor/describe-error.js'));
  ({ SdkHttpError, SdkErrorCode } = await import('@modelcontextprotocol/client'));
});

/** An error with a system error code, as node's net and fetch's undici throw them. */
const systemError = (message: string, code: unknown) => Object.assign(new Error(message), { code });

describe('describeError', () => {
  it('says a thrown value that is not an Error as its text', () => {
    assert.equal(describeError('the server went away'), 'the server went away');
    assert.equal(describeError(undefined), 'undefined');
  });

  it('adds the revisions the console speaks to a refused protocol version', () => {
    assert.equal(
      describeError(new Error('Server protocol version is not supported: 2099-01-01')),
      'Server protocol version is not supported: 2099-01-01; tool-console speaks 2026-07-28, 2025-11-25, ' +
        '2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07',
    );
  });

  it('names the HTTP status an SDK HTTP error leaves out of its message, and only then', () => {
    const quiet = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Not Found', { status: 404 });
    assert.equal(describeError(quiet), 'HTTP 404: Not Found');
    const said = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint (HTTP 404)', {
      status: 404,
    });
    // (What follows the message, the SDK's own code, is not this test's business.)
    assert.match(describeError(said), /^Error POSTing to endpoint \(HTTP 404\)/);
  });

  it("adds the network's code from under fetch's words", () => {
    const refused = new TypeError('fetch failed', {
      cause: systemError('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED'),
    });
    assert.equal(describeError(refused), 'fetch failed (ECONNREFUSED)');
  });

  it('does not repeat a code the message already says', () => {
    assert.equal(describeError(systemError('spawn ./server.sh EACCES', 'EACCES')), 'spawn ./server.sh EACCES');
  });

  it('adds the root cause when there is no code, and says an error with no cause as it is', () => {
    const wrapped = new Error('Failed to start the session', { cause: new Error('socket hang up') });
    assert.equal(describeError(wrapped), 'Failed to start the session (socket hang up)');
    assert.equal(describeError(new Error('something broke')), 'something broke');
  });

  it('does not repeat a root cause the message already quotes', () => {
    const wrapped = new Error('Failed to start the session: socket hang up', { cause: new Error('socket hang up') });
    assert.equal(describeError(wrapped), 'Failed to start the session: socket hang up');
  });

  it('takes a code only when it is a text: a numeric code is no network code', () => {
    const wrapped = new Error('request failed', { cause: systemError('upstream said no', 42) });
    assert.equal(describeError(wrapped), 'request failed (upstream said no)');
  });

  it('stops following causes that go round in a circle, five levels down', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    first.cause = second;
    // first -> second -> first -> second -> first -> second: the fifth step ends on `second`.
    assert.equal(describeError(first), 'first (second)');
  });
});
