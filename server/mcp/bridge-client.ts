// The SDK's Client, with room for tasks, which the 2.x SDK dropped: the questions a 2025-11-25 server asks as tasks
// (the SDK checks every answer to `elicitation/create` and `sampling/createMessage` against the answer's shape, but
// a question asked with a `task` field is answered with the task, a CreateTaskResult), and the task handles a
// 2026-07-28 server answers `tools/call` with (task-handle.ts).
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
