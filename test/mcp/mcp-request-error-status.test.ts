// What a failed request to the server (a list's page, a read, a get, a completion) comes to (requestFailure): the
// status the console answers with and a message a person can act on, quoting the server once; and a lost connection
// dropped, so that the next request starts a new one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
} from '@modelcontextprotocol/client';
import { McpConnectionError } from '../../server/mcp/connection.js';
import { McpRequestError, requestFailure, requestTimeout } from '../../server/mcp/mcp-request-error.js';
import { fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { observedConnection } from './observed-connection.js';

describe('requestFailure', { timeout: 20_000 }, () => {
  const connection = observedConnection({ stdio: { command: process.execPath, args: [fixtureStdioServer] } });
  const fail = (error: unknown, timeoutMs = 1_000) => {
    const failure = requestFailure(error, 'get the prompt x', connection, timeoutMs);
    assert.ok(failure instanceof McpRequestError, `${failure}`);
    return { name: failure.name, status: failure.status, message: failure.message };
  };
  before(() => connection.tools());
  after(() => connection.close());

  it('should pass an McpRequestError on as it is', () => {
    const error = new McpRequestError(403, 'Not yours.');
    assert.equal(requestFailure(error, 'read x', connection, 1), error);
  });

  it("should answer 502 with a connection's failure to connect, in its own words", () => {
    assert.deepEqual(fail(new McpConnectionError('Could not start the server.')), {
      name: 'McpRequestError',
      status: 502,
      message: 'Could not start the server.',
    });
  });

  it('should answer 504 when the server was silent, saying how long it was waited for', () => {
    assert.deepEqual(fail(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'), 1_234), {
      name: 'McpRequestError',
      status: 504,
      message: 'The MCP server did not answer within 1234 ms.',
    });
  });

  it('should answer 404 for what the server does not have, by its code, its class, or its words', () => {
    const notFound = (error: ProtocolError) => {
      const { status, message } = fail(error);
      return { status, message };
    };
    assert.deepEqual(notFound(new ProtocolError(ProtocolErrorCode.ResourceNotFound, 'Gone.')), {
      status: 404,
      message: 'Gone.',
    });
    assert.deepEqual(notFound(new ResourceNotFoundError('x://y', 'No such thing.')), {
      status: 404,
      message: 'No such thing.',
    });
    assert.deepEqual(notFound(new ProtocolError(ProtocolErrorCode.InvalidParams, 'Prompt x NOT FOUND')), {
      status: 404,
      message: 'Prompt x NOT FOUND',
    });
  });

  it('should answer 400 with the server\'s words for parameters it refuses that are not "not found"', () => {
    assert.deepEqual(fail(new ProtocolError(ProtocolErrorCode.InvalidParams, 'Missing argument: text')), {
      name: 'McpRequestError',
      status: 400,
      message: 'Missing argument: text',
    });
    // "not found" must be words of their own.
    assert.equal(fail(new ProtocolError(ProtocolErrorCode.InvalidParams, 'notfound')).status, 400);
    assert.equal(fail(new ProtocolError(ProtocolErrorCode.InvalidParams, 'cannot found')).status, 400);
    // Any other error saying "not found" is the server's failure, not a 404.
    assert.equal(fail(new ProtocolError(ProtocolErrorCode.InternalError, 'Config not found')).status, 502);
  });

  it("should answer 502 for the server's other errors, saying what it could not do, quoting it once", () => {
    assert.deepEqual(fail(new ProtocolError(ProtocolErrorCode.InternalError, 'Database is down')), {
      name: 'McpRequestError',
      status: 502,
      message: 'The MCP server could not get the prompt x: Database is down',
    });
  });

  // Each connection begins with an initialize: one more after a request means the connection was started anew.
  const starts = () => connection.protocolLog.entries().filter((entry) => entry.method === 'initialize').length;
  const startsOnNextRequest = async () => {
    const before = starts();
    await connection.tools();
    return starts() - before;
  };

  it('should answer 502 for an answer it could not use, and keep the connection', async () => {
    assert.deepEqual(fail(new SdkError(SdkErrorCode.InvalidResult, 'Invalid result: no messages')), {
      name: 'McpRequestError',
      status: 502,
      message: "The MCP server's answer could not be used: Invalid result: no messages",
    });
    assert.equal(await startsOnNextRequest(), 0);
  });

  it('should answer 502 for a lost connection, and drop it so that the next request reconnects', async () => {
    assert.deepEqual(fail(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed')), {
      name: 'McpRequestError',
      status: 502,
      message: 'Lost the connection to the MCP server (Connection closed); the next request reconnects.',
    });
    assert.ok((await startsOnNextRequest()) > 0, 'a new connection');
    const http = new SdkHttpError(SdkErrorCode.ClientHttpAuthentication, 'HTTP 401: session expired', { status: 401 });
    assert.equal(
      fail(http).message,
      'Lost the connection to the MCP server (HTTP 401: session expired); the next request reconnects.',
    );
    assert.ok((await startsOnNextRequest()) > 0, 'a new connection');
    assert.equal(
      fail('socket hang up').message,
      'Lost the connection to the MCP server (socket hang up); the next request reconnects.',
    );
    assert.ok((await startsOnNextRequest()) > 0, 'a new connection');
  });
});

describe('requestTimeout', () => {
  it("should take a time limit as it is, and 0 as none (setTimeout's largest delay)", () => {
    assert.equal(requestTimeout(1), 1);
    assert.equal(requestTimeout(30_000), 30_000);
    assert.equal(requestTimeout(0), 2 ** 31 - 1);
  });
});
