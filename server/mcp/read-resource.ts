// `resources/read` through the connection, for `POST /resources/read`. Failures become errors with the status the
// console answers (McpRequestError): the server's "not found" is a 404, a tool UI reaching past its server's
// resources a 403, and everything else the server's failure (502) or its silence (504).
import type { ReadResourceResult, ResourceReadContext } from '../types.js';
import type { McpConnection } from './connection.js';
import { McpRequestError, requestFailure, requestTimeout } from './mcp-request-error.js';

/**
 * An app may read `ui://` resources (its own UI, and its server's others) and what its server lists; anything else
 * would make the console read for the app what the server never offered it (a template's arbitrary URIs, say).
 */
async function checkAppMayRead(connection: McpConnection, uri: string): Promise<void> {
  if (uri.startsWith('ui://') || (await connection.resourceUris()).has(uri)) return;
  throw new McpRequestError(403, `Tool UIs may read only the server's own resources; ${uri} is not one of them.`);
}

export async function readThrough(
  connection: McpConnection,
  uri: string,
  ctx: Pick<ResourceReadContext, 'signal' | 'caller'> | undefined,
  timeoutMs: number,
): Promise<ReadResourceResult> {
  try {
    if (ctx?.caller === 'app') await checkAppMayRead(connection, uri);
    const client = await connection.client();
    const options = { signal: ctx?.signal, timeout: requestTimeout(timeoutMs) };
    return (await client.request({ method: 'resources/read', params: { uri } }, options)) as ReadResourceResult;
  } catch (error) {
    throw requestFailure(error, `read ${uri}`, connection, timeoutMs);
  }
}
