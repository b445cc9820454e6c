// The SDK's Client, with room for tasks, which the 2.x SDK dropped: the questions a 2025-11-25 server asks as tasks
// (the SDK checks every answer to `elicitation/create` and `sampling/createMessage` against the answer's shape, but
// a question asked with a `task` field is answered with the task, a CreateTaskResult), and the task handles a
// 2026-07-28 server answers `tools/call` with (task-handle.ts).
//
// Checked against @modelcontextprotocol/client 2.4.0, the newest 2.x: it still has no tasks runtime. Its types leave
// `tasks/*` out of `request()` and `setRequestHandler()` ("2025-11-25 wire vocabulary with no SDK runtime"), and it
// fails a `resultType: "task"` answer as UNSUPPORTED_RESULT_TYPE without handing on the task (its only seam for other
// result types, `_resolveNonCompleteResult`, sees `input_required` alone). So the bridge keeps its own: calls as tasks
// (call-as-task.ts, follow-task.ts), questions asked as tasks (client-tasks.ts). When the SDK grows one, use it.
import {
  Client,
  type ClientContext,
  type JSONRPCRequest,
  type JSONRPCResponse,
  type Result,
} from '@modelcontextprotocol/client';
import { wrapTaskHandle } from './task-handle.js';

type RequestHandler = (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result>;

export class BridgeClient extends Client {
  protected override _wrapHandler(method: string, handler: RequestHandler): RequestHandler {
    const checked = super._wrapHandler(method, handler);
    if (method !== 'elicitation/create' && method !== 'sampling/createMessage') return checked;
    return (request, ctx) => (isAskedAsTask(request) ? handler(request, ctx) : checked(request, ctx));
  }

  protected override _onresponse(response: JSONRPCResponse): void {
    super._onresponse(wrapTaskHandle(response));
  }
}

function isAskedAsTask(request: JSONRPCRequest): boolean {
  const task = (request.params as { task?: unknown } | undefined)?.task;
  return typeof task === 'object' && task !== null;
}
