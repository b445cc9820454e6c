// Following a task of the Tasks extension (2026-07-28, SEP-2663) that a server answered `tools/call` with: the bridge
// asks after it (`tasks/get`) as often as the server suggests, and the finished task carries the tool's result. The
// 2.x SDK has no tasks runtime; this is the client's half of the extension.
import { setTimeout as sleep } from 'node:timers/promises';
import { ProtocolError, ProtocolErrorCode, type RequestOptions } from '@modelcontextprotocol/client';
import type { CallContext, CallResult } from '../types.js';
import { anyResult } from './any-result.js';
import type { BridgeClient } from './bridge-client.js';
import type { ExtensionTask } from './task-handle.js';

/** How long to wait between two `tasks/get` when the server suggests nothing. */
const DEFAULT_POLL_MS = 1000;

/**
 * Each status reaches the call's `ctx.task` when it changes; the completed task's result is the call's; a call that
 * ends without it (cancelled, timed out, a status request that failed) cancels the task (`tasks/cancel`).
 */
export async function followTask(
  client: BridgeClient,
  handle: ExtensionTask,
  options: RequestOptions,
  ctx: CallContext | undefined,
): Promise<CallResult> {
  let task = handle;
  let lastStatus: string | undefined;
  const heard = () => {
    const said = JSON.stringify([task.taskId, task.status, task.statusMessage]);
    if (said !== lastStatus) ctx?.task({ taskId: task.taskId, status: task.status, statusMessage: task.statusMessage });
    lastStatus = said;
  };
  let ended = false;
  try {
    heard();
    while (task.status === 'working' || task.status === 'input_required') {
      await sleep(task.pollIntervalMs ?? DEFAULT_POLL_MS, undefined, { signal: options.signal });
      const params = { taskId: task.taskId };
      task = (await client.request({ method: 'tasks/get', params }, anyResult, options)) as ExtensionTask;
      heard();
    }
    ended = true;
    if (task.status === 'completed' && task.result) return task.result as CallResult;
    const why =
      task.status === 'failed' ? `failed${task.error?.message ? `: ${task.error.message}` : ''}` : task.status;
    throw new ProtocolError(task.error?.code ?? ProtocolErrorCode.InternalError, `Task ${task.taskId} ${why}`);
  } finally {
    if (!ended) {
      const params = { taskId: task.taskId };
      void client.request({ method: 'tasks/cancel', params }, anyResult).catch(() => {});
    }
  }
}
