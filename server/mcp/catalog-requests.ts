// The server's resources, templates and prompts, and argument completion, through the connection: one MCP request per
// console request (a list's page is the page the console asks for, its cursor passed through as it is). Failures
// become errors with the status the console answers (McpRequestError, mcp-request-error.ts).
import type {
  CompletionRequest,
  CompletionResult,
  GetPromptResult,
  HostActionContext,
  ListPageRequest,
  PromptContext,
} from '../types.js';
import type { McpConnection } from './connection.js';
import { requestFailure, requestTimeout } from './mcp-request-error.js';

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
    const options = { timeout: requestTimeout(timeoutMs) };
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
    const options = { signal: ctx?.signal, timeout: requestTimeout(timeoutMs) };
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
    const options = { signal: ctx?.signal, timeout: requestTimeout(timeoutMs) };
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
