// Runs one tool call through the connection and always answers with a CallToolResult: the server's own, passed
// through unchanged, or an isError result that says what went wrong in words a person can act on.
import {
  InsufficientScopeError,
  LOG_LEVEL_META_KEY,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  UnauthorizedError,
  type Progress,
} from '@modelcontextprotocol/client';
import { errorResult } from '../core/calls/call-result.js';
import type { CallContext, CallResult } from '../types.js';
import { callAsTask } from './call-as-task.js';
import { McpConnectionError, type McpConnection } from './connection.js';
import { followTask } from './follow-task.js';
import { SamplingRejected } from './running-calls.js';
import { isConnectionFailure } from './connection-failure.js';
import { taskHandleOf } from './task-handle.js';
import { askToVisit, MAX_URL_ROUNDS, needsVisit, urlElicitationsOf } from './url-elicitation.js';

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
      onprogress:
        ctx &&
        ((progress: Progress) => {
          if (!isRoundNotice(progress)) ctx.progress(progress.progress, progress.total, progress.message);
        }),
    };
    // 2026-07-28 has no `logging/setLevel`: each request says which log messages it wants.
    const logLevel = { [LOG_LEVEL_META_KEY]: connection.logLevel };
    const params = { name, arguments: args, ...(client.getProtocolEra() === 'modern' && { _meta: logLevel }) };
    // client.request rather than client.callTool: callTool rejects a result whose structuredContent does not match the
    // tool's outputSchema, and a console should show what the server really answered.
    const taskSupport = await connection.taskSupport(name);
    const once = async () => {
      if (taskSupport === 'required' || (taskSupport === 'optional' && ctx?.asTask)) {
        return await callAsTask(client, params, options, ctx);
      }
      const result = (await client.request({ method: 'tools/call', params }, options)) as CallResult;
      // A 2026-07-28 server decides by itself to run a call as a task (of the Tasks extension), and says so here.
      const task = taskHandleOf(result);
      return task ? await followTask(client, task, options, ctx) : result;
    };
    for (let round = 1; ; round++) {
      try {
        return await once();
      } catch (error) {
        // The server needs the user to visit a page first (-32042): asked as the URL question it is, then run again.
        const pages = urlElicitationsOf(error);
        if (pages === undefined || round > MAX_URL_ROUNDS) throw error;
        const unvisited = await askToVisit(pages, ctx);
        if (unvisited) return errorResult(needsVisit(unvisited));
      }
    }
  } catch (error) {
    if (signal?.aborted) return errorResult('The call was cancelled.');
    if (error instanceof McpConnectionError) return errorResult(error.message);
    if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
      return errorResult(`The MCP server did not answer within ${timeoutMs} ms.`);
    }
    // Only a 2026-07-28 server's question ends the call this way; a 2025-era server hears the rejection and answers.
    if (error instanceof SamplingRejected) {
      return errorResult('The server asked for a reply as its model, and the user gave none: the call ended.');
    }
    if (error instanceof ProtocolError) {
      return errorResult(`The MCP server rejected the call: ${error.message}`);
    }
    // The server wants a (wider) authorization: the user has to open its URL; the next request reconnects with it.
    if (error instanceof UnauthorizedError || error instanceof InsufficientScopeError) {
      connection.reset();
      const url = connection.oauth?.authorizationUrl;
      return errorResult(
        url
          ? `The MCP server needs you to authorize tool-console: open ${url.href} (tool-console printed it too), then run the call again.`
          : `The MCP server refused the authorization: ${error.message}`,
      );
    }
    if (!isConnectionFailure(error)) {
      return errorResult(`The MCP server's answer could not be used: ${(error as Error).message}`);
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
 * The SDK reports each round of a 2026-07-28 server's questions as progress of its own ("Fulfilling input required by
 * 'tools/call' (round 1)"): the user answers the questions, and the server did not say it.
 */
function isRoundNotice(progress: Progress): boolean {
  return (
    progress.total === undefined && /^Fulfilling input required by '[^']+' \(round \d+\)$/.test(progress.message ?? '')
  );
}
