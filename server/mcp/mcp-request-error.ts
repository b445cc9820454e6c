// What a request to the server (a list's page, a read, a get, a completion, a subscription) came to when it failed, as
// the status the console answers it with: the server's "not found" a 404, parameters it refuses a 400, its other
// errors and a lost connection a 502, its silence a 504. One error for all of them, so a host that calls the bridge
// itself tells them apart by `status` alone.
import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  SdkError,
  SdkErrorCode,
} from '@modelcontextprotocol/client';
import { McpConnectionError, type McpConnection } from './connection.js';
import { isConnectionFailure } from './connection-failure.js';

// setTimeout treats anything above 2^31-1 ms as 1 ms, so "no timeout" is the largest delay it accepts.
const NO_TIMEOUT = 2 ** 31 - 1;

/** A request's time limit as the SDK takes it: none for 0. */
export function requestTimeout(timeoutMs: number): number {
  return timeoutMs > 0 ? timeoutMs : NO_TIMEOUT;
}

/** A failed request, with the HTTP status the console answers it with. */
export class McpRequestError extends Error {
  override name = 'McpRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The server's "no such thing": -32002 (resource not found) from servers of older SDKs, and -32602 (invalid params)
 * from the rest, which the SDK recognises by its data (`{uri}`) or which servers only say in words.
 */
function isNotFound(error: ProtocolError): boolean {
  if (error instanceof ResourceNotFoundError || error.code === ProtocolErrorCode.ResourceNotFound) return true;
  return error.code === ProtocolErrorCode.InvalidParams && /\bnot found\b/i.test(error.message);
}

/** `what`: what the server could not do, as the message says it (`get the prompt x`, `read ui://y`). */
export function requestFailure(error: unknown, what: string, connection: McpConnection, timeoutMs: number): Error {
  if (error instanceof McpRequestError) return error;
  if (error instanceof McpConnectionError) return new McpRequestError(502, error.message);
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return new McpRequestError(504, `The MCP server did not answer within ${timeoutMs} ms.`);
  }
  if (error instanceof ProtocolError) {
    if (isNotFound(error)) return new McpRequestError(404, error.message);
    // Invalid params that are not "not found": arguments or a URI the server refuses.
    if (error.code === ProtocolErrorCode.InvalidParams) return new McpRequestError(400, error.message);
    return new McpRequestError(502, `The MCP server could not ${what}: ${error.message}`);
  }
  if (!isConnectionFailure(error)) {
    return new McpRequestError(502, `The MCP server's answer could not be used: ${(error as Error).message}`);
  }
  // The connection itself failed: the next request starts a new one.
  connection.reset();
  const reason = error instanceof Error ? error.message : String(error);
  return new McpRequestError(502, `Lost the connection to the MCP server (${reason}); the next request reconnects.`);
}
