// The server's resources, templates and prompts, and argument completion, through the connection: one MCP request per
// console request (a list's page is the page the console asks for, its cursor passed through as it is). Failures
// become errors with the status the console answers (McpRequestError): the server's "not found" a 404, arguments it
// refuses a 400, its other errors and a lost connection a 502, its silence a 504.
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type {
  CompletionRequest,
  CompletionResult,
  GetPromptResult,
  HostActionContext,
  ListPageRequest,
  PromptContext,
} from '../types.js';
import { McpConnectionError, type McpConnection } from './connection.js';
import { isConnectionFailure } from './connection-failure.js';

// setTimeout treats anything above 2^31-1 ms as 1 ms, so "no timeout" is the largest delay it accepts.
const NO_TIMEOUT = 2 ** 31 - 1;

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

export type ListMethod = 'resources/list' | 'resources/templates/list' | 'prompts/list';

/** One page of a list: the server's answer as it is (the console keeps the documented fields of each entry). */
export async function listPage(
  connection: McpConnection,
  method: ListMethod,
  page: ListPageRequest,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  try {
    const client = await connection.client();
    const params = page.cursor === undefined ? {} : { cursor: page.cursor };
    const options = { timeout: timeoutMs > 0 ? timeoutMs : NO_TIMEOUT };
    return (await client.request({ method, params }, options)) as unknown as Record<string, unknown>;
  } catch (error) {
    throw requestFailure(error, `list its ${method.slice(0, method.indexOf('/list'))}`, connection, timeoutMs);
  }
}

export async function getPromptThrough(
  connection: McpConnection,
  name: string,
  args: Record<string, string>,
  ctx: PromptContext | undefined,
  timeoutMs: number,
): Promise<GetPromptResult> {
  try {
    const client = await connection.client();
    const options = { signal: ctx?.signal, timeout: timeoutMs > 0 ? timeoutMs : NO_TIMEOUT };
    const params = { name, arguments: args };
    return (await client.request({ method: 'prompts/get', params }, options)) as unknown as GetPromptResult;
  } catch (error) {
    throw requestFailure(error, `get the prompt ${name}`, connection, timeoutMs);
  }
}

export async function completeThrough(
  connection: McpConnection,
  request: CompletionRequest,
  ctx: HostActionContext | undefined,
  timeoutMs: number,
): Promise<CompletionResult['completion']> {
  try {
    const client = await connection.client();
    const options = { signal: ctx?.signal, timeout: timeoutMs > 0 ? timeoutMs : NO_TIMEOUT };
    const params = { ...request } as Record<string, unknown>;
    const result = await client.request({ method: 'completion/complete', params }, options);
    return (result as unknown as CompletionResult).completion;
  } catch (error) {
    throw requestFailure(error, `complete ${request.argument.name}`, connection, timeoutMs);
  }
}

export async function changeSubscription(
  connection: McpConnection,
  uri: string,
  change: 'subscribe' | 'unsubscribe',
  timeoutMs: number,
): Promise<void> {
  try {
    await (change === 'subscribe' ? connection.subscribeResource(uri) : connection.unsubscribeResource(uri));
  } catch (error) {
    throw requestFailure(error, `${change} ${change === 'subscribe' ? 'to' : 'from'} ${uri}`, connection, timeoutMs);
  }
}

/** `what`: what the server could not do, as the message says it (`get the prompt x`). */
function requestFailure(error: unknown, what: string, connection: McpConnection, timeoutMs: number): Error {
  if (error instanceof McpConnectionError) return new McpRequestError(502, error.message);
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return new McpRequestError(504, `The MCP server did not answer within ${timeoutMs} ms.`);
  }
  if (error instanceof ProtocolError) {
    // Invalid params: an unknown prompt or resource (in words: "not found"), or arguments the server refuses.
    if (error.code === ProtocolErrorCode.InvalidParams) {
      return new McpRequestError(/\bnot found\b/i.test(error.message) ? 404 : 400, error.message);
    }
    if (error.code === ProtocolErrorCode.ResourceNotFound) return new McpRequestError(404, error.message);
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
