// A 2026-07-28 server may answer `tools/call` with a task handle of the Tasks extension (`resultType: "task"`,
// SEP-2663) instead of the tool's result. The 2.x SDK knows no such result type and fails the call before anyone
// sees it, so the client hands it on as a complete result that carries the handle under a key of the bridge's own.
import type { JSONRPCResponse, Result } from '@modelcontextprotocol/client';

/** The extension's identifier, declared in the client's capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
// Stryker disable next-line StringLiteral: written and read only in this module, any key (even '') works alike
const HANDLE_KEY = 'tool-console/task-handle';

/** A task of the Tasks extension, as `tools/call` and `tasks/get` show it. */
export interface ExtensionTask {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
  pollIntervalMs?: number;
  /** The tool's result, once the task completed. */
  result?: Result;
  /** Why the task failed. */
  error?: { code?: number; message?: string };
}

/** The response as the SDK can take it: a task handle becomes an empty complete result carrying the handle. */
export function wrapTaskHandle(response: JSONRPCResponse): JSONRPCResponse {
  if (!('result' in response) || (response.result as { resultType?: unknown }).resultType !== 'task') return response;
  const { resultType: _task, ...task } = response.result as Record<string, unknown>;
  return { ...response, result: { resultType: 'complete', content: [], _meta: { [HANDLE_KEY]: task } } as Result };
}

/** The task handle a result carries, if the server answered with one. */
export function taskHandleOf(result: Result): ExtensionTask | undefined {
  const task = result._meta?.[HANDLE_KEY] as ExtensionTask | undefined;
  return typeof task?.taskId === 'string' ? task : undefined;
}
