// A tool call run as a task of MCP 2025-11-25 (`tools/call` with a `task` field): the server answers with the task at
// once, the bridge asks after it (`tasks/get`) as often as the server suggests, and takes its result (`tasks/result`)
// once it is done, or at once when it waits for input (the server asks its questions while that request is open).
// The 2.x SDK has no tasks runtime any more, so this is the loop its 1.x `requestStream` ran.
import { setTimeout as sleep } from 'node:timers/promises';
import { ProtocolError, ProtocolErrorCode, type RequestOptions, type Task } from '@modelcontextprotocol/client';
import type { CallContext, CallResult } from '../types.js';
import type { BridgeClient } from './bridge-client.js';
import { anyResult } from './any-result.js';

const TERMINAL = new Set<Task['status']>(['completed', 'failed', 'cancelled']);
/** How long to wait between two `tasks/get` when the server suggests nothing. */
const DEFAULT_POLL_MS = 1000;

/**
 * A tool that must run as a task (`execution.taskSupport: "required"`), or may and the caller asked for it (`optional`
 * and `ctx.asTask`): each status the server reports reaches the call's `ctx.task` when it changes (a status heard
 * restarts the time limit, as every request has its own); the task's result is the call's, and a call that ends
 * without it (cancelled, timed out, a status request that failed) cancels the task (`tasks/cancel`).
 */
export async function callAsTask(
  client: BridgeClient,
  params: { name: string; arguments: Record<string, unknown> },
  options: RequestOptions,
  ctx: CallContext | undefined,
): Promise<CallResult> {
  let taskId: string | undefined;
  // Stryker disable next-line BooleanLiteral: read only once taskId is set, and heard() sets both together
  let ended = false;
  let lastStatus: string | undefined;
  const heard = (task: Task) => {
    taskId = task.taskId;
    ended = TERMINAL.has(task.status);
    const said = JSON.stringify([task.taskId, task.status, task.statusMessage]);
    if (said !== lastStatus) ctx?.task({ taskId: task.taskId, status: task.status, statusMessage: task.statusMessage });
    lastStatus = said;
  };
  const ask = (method: string, requestParams: Record<string, unknown>) =>
    client.request({ method, params: requestParams }, anyResult, options) as Promise<Record<string, unknown>>;
  try {
    const created = await ask('tools/call', { ...params, task: {} });
    let task = created.task as Task | undefined;
    if (!task) throw new ProtocolError(ProtocolErrorCode.InternalError, 'Task creation did not return a task');
    heard(task);
    while (!TERMINAL.has(task.status) && task.status !== 'input_required') {
      await sleep(task.pollInterval ?? DEFAULT_POLL_MS, undefined, { signal: options.signal });
      task = (await ask('tasks/get', { taskId: task.taskId })) as unknown as Task;
      heard(task);
    }
    if (task.status === 'failed' || task.status === 'cancelled') {
      const what = task.status === 'failed' ? 'failed' : 'was cancelled';
      const why = task.statusMessage ? `: ${task.statusMessage}` : '';
      throw new ProtocolError(ProtocolErrorCode.InternalError, `Task ${task.taskId} ${what}${why}`);
    }
    const result = (await ask('tasks/result', { taskId: task.taskId })) as CallResult;
    ended = true;
    return result;
  } finally {
    if (taskId !== undefined && !ended) {
      void client.request({ method: 'tasks/cancel', params: { taskId } }, anyResult).catch(() => {});
    }
  }
}
