// Which failures of a request are the connection's, so the next request starts a new one: the SDK's own verdicts that
// the connection closed, was never open or could not send, any HTTP error (a forgotten session), and anything that is
// not the SDK's; not an answer the SDK could not use.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { isConnectionFailure } from '../../server/mcp/connection-failure.js';

describe('isConnectionFailure', () => {
  it("is the connection's when the SDK says it closed, is not connected, or could not send", () => {
    for (const code of [SdkErrorCode.ConnectionClosed, SdkErrorCode.NotConnected, SdkErrorCode.SendFailed]) {
      assert.equal(isConnectionFailure(new SdkError(code, 'gone')), true, code);
    }
  });

  it("is the connection's for an HTTP error and for anything not the SDK's", () => {
    const forgotten = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Session not found', { status: 404 });
    assert.equal(isConnectionFailure(forgotten), true);
    assert.equal(isConnectionFailure(new Error('EPIPE')), true);
    assert.equal(isConnectionFailure('a string'), true);
  });

  it("is not the connection's when one request timed out or its answer was of no use", () => {
    assert.equal(isConnectionFailure(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out')), false);
    assert.equal(isConnectionFailure(new SdkError(SdkErrorCode.InvalidResult, 'bad result')), false);
  });
});
