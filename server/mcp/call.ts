// Runs one tool call through the connection and always answers with a CallToolResult: the server's own, passed
// through unchanged, or an isError result that says what went wrong in words a person can act on.
import {
  CallToolResultSchema,
  ErrorCode,
  McpError,
  type CallToolRequest,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { setMaxListeners } from 'node:events';
import { errorResult } from '../core/call-result.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallContext, CallResult } from '../types.js';
import { McpConnectionError, type McpConnection } from './connection.js';

// setTimeout treats anything above 2^31-1 ms as 1 ms, so "no timeout" is the largest delay it accepts.
const NO_TIMEOUT = 2 ** 31 - 1;

export async function callThrough(
  connection: McpConnection,
  name: string,
  args: Record<string, unknown>,
  ctx: CallContext | undefined,
  timeoutMs: number,
): Promise<CallResult> {
  const signal = ctx?.signal;
  try {
    const client = await connection.client();
    // With onprogress, the SDK sends a progressToken; the server's progress reaches the user and restarts both clocks.
    const options = {
      signal,
      timeout: timeoutMs > 0 ? timeoutMs : NO_TIMEOUT,
      resetTimeoutOnProgress: true,
      onprogress: ctx && ((progress: Progress) => ctx.progress(progress.progress, progress.total, progress.message)),
    };
    const request = { method: 'tools/call' as const, params: { name, arguments: args } };
    // client.request rather than client.callTool: callTool rejects a result whose structuredContent does not match the
    // tool's outputSchema, and a console should show what the server really answered.
    const taskSupport = await connection.taskSupport(name);
    if (taskSupport === 'required' || (taskSupport === 'optional' && ctx?.asTask)) {
      return await runAsTask(client, request, options, ctx);
    }
    return (await client.request(request, CallToolResultSchema, options)) as CallResult;
  } catch (error) {
    if (signal?.aborted) return errorResult('The call was cancelled.');
    if (error instanceof McpConnectionError) return errorResult(error.message);
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return errorResult(`The MCP server did not answer within ${timeoutMs} ms.`);
    }
    if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed) {
      return errorResult(`The MCP server rejected the call: ${error.message}`);
    }
    // The connection itself failed (the process exited, the socket dropped, the session expired): start afresh
    // on the next request. What a stdio server said last usually says why it died (an exception, running out of
    // memory): it is read before anything can start a successor.
    const lastWords = connection.stderrLines();
    connection.reset();
    const reason = error instanceof Error ? error.message : String(error);
    const lost = `Lost the connection to the MCP server during the call (${reason}); the next request reconnects.`;
    return errorResult(
      lastWords.length ? `${lost}\n\nThe server's last words on stderr:\n${lastWords.join('\n')}` : lost,
    );
  }
}

/**
 * A tool that must run as a task (`execution.taskSupport: "required"`), or may and the caller asked for it (`optional`
 * and `ctx.asTask`): the SDK creates the task and follows it, and
 * each status it reports reaches the call's `ctx.task`; the task's result is the call's, and cancelling the call
 * cancels the task (`tasks/cancel`).
 */
async function runAsTask(
  client: Client,
  request: CallToolRequest,
  options: RequestOptions,
  ctx: CallContext | undefined,
): Promise<CallResult> {
  const tasks = client.experimental.tasks;
  // The SDK adds two abort listeners to the signal it is given for every status request, and never removes them: a
  // long task would set off Node's leak warning. They go when the call ends; this signal of the task's own may hold
  // them meanwhile.
  const following = new AbortController();
  setMaxListeners(0, following.signal);
  const stopFollowing = () => following.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stopFollowing, { once: true });
  // The SDK stops following a task when the call ends without its result (cancelled, timed out, a status request
  // that failed); the server is told to stop the task too, unless it ended by itself.
  let taskId: string | undefined;
  let ended = false;
  // The SDK reports every poll; the call hears a status when it changes (a status it heard restarts its time limit).
  let lastStatus: string | undefined;
  try {
    const taskOptions = { ...options, signal: following.signal, task: {} };
    for await (const message of tasks.requestStream(request, CallToolResultSchema, taskOptions)) {
      if (message.type === 'taskCreated' || message.type === 'taskStatus') {
        taskId = message.task.taskId;
        const { status, statusMessage } = message.task;
        ended = status === 'completed' || status === 'failed' || status === 'cancelled';
        const said = JSON.stringify([taskId, status, statusMessage]);
        if (said !== lastStatus) ctx?.task({ taskId, status, statusMessage });
        lastStatus = said;
      } else if (message.type === 'result') {
        ended = true;
        return message.result as CallResult;
      } else {
        throw message.error;
      }
    }
  } finally {
    options.signal?.removeEventListener('abort', stopFollowing);
    if (taskId !== undefined && !ended) void tasks.cancelTask(taskId).catch(() => {});
  }
  throw new McpError(ErrorCode.InternalError, 'The task ended without a result.');
}
