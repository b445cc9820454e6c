// `resources/read` through the connection, for `POST /resources/read`. Failures become errors with the status the
// console answers (ResourceReadError): the server's "not found" is a 404, a tool UI reaching past its server's
// resources a 403, and everything else the server's failure (502) or its silence (504).
import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  SdkError,
  SdkErrorCode,
} from '@modelcontextprotocol/client';
import type { ReadResourceResult, ResourceReadContext } from '../types.js';
import { McpConnectionError, type McpConnection } from './connection.js';
import { isConnectionFailure } from './connection-failure.js';

// setTimeout treats anything above 2^31-1 ms as 1 ms, so "no timeout" is the largest delay it accepts.
const NO_TIMEOUT = 2 ** 31 - 1;

/** A failed read, with the HTTP status the console answers it with. */
export class ResourceReadError extends Error {
  override name = 'ResourceReadError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The server's "no such resource": -32002 from servers of older SDKs, and -32602 (invalid params) from the rest,
 * which the SDK recognises by its data (`{uri}`) or which older servers only say in words.
 */
function isNotFound(error: unknown): error is ProtocolError {
  if (error instanceof ResourceNotFoundError) return true;
  if (!(error instanceof ProtocolError)) return false;
  if (error.code === ProtocolErrorCode.ResourceNotFound) return true;
  return error.code === ProtocolErrorCode.InvalidParams && /\bnot found\b/i.test(error.message);
}

/**
 * An app may read `ui://` resources (its own UI, and its server's others) and what its server lists; anything else
 * would make the console read for the app what the server never offered it (a template's arbitrary URIs, say).
 */
async function checkAppMayRead(connection: McpConnection, uri: string): Promise<void> {
  if (uri.startsWith('ui://') || (await connection.resourceUris()).has(uri)) return;
  throw new ResourceReadError(403, `Tool UIs may read only the server's own resources; ${uri} is not one of them.`);
}

export async function readThrough(
  connection: McpConnection,
  uri: string,
  ctx: ResourceReadContext | undefined,
  timeoutMs: number,
): Promise<ReadResourceResult> {
  const signal = ctx?.signal;
  try {
    if (ctx?.caller === 'app') await checkAppMayRead(connection, uri);
    const client = await connection.client();
    const options = { signal, timeout: timeoutMs > 0 ? timeoutMs : NO_TIMEOUT };
    return (await client.request({ method: 'resources/read', params: { uri } }, options)) as ReadResourceResult;
  } catch (error) {
    throw readFailure(error, uri, connection, timeoutMs);
  }
}

function readFailure(error: unknown, uri: string, connection: McpConnection, timeoutMs: number): Error {
  if (error instanceof ResourceReadError) return error;
  if (isNotFound(error)) return new ResourceReadError(404, error.message);
  if (error instanceof McpConnectionError) return new ResourceReadError(502, error.message);
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return new ResourceReadError(504, `The MCP server did not answer within ${timeoutMs} ms.`);
  }
  if (error instanceof ProtocolError) {
    return new ResourceReadError(502, `The MCP server could not read ${uri}: ${error.message}`);
  }
  if (!isConnectionFailure(error)) {
    return new ResourceReadError(502, `The MCP server's answer could not be used: ${(error as Error).message}`);
  }
  // The connection itself failed: the next request starts a new one.
  connection.reset();
  const reason = error instanceof Error ? error.message : String(error);
  return new ResourceReadError(502, `Lost the connection to the MCP server (${reason}); the next request reconnects.`);
}
