// The SDK's Client, with room for the questions a 2025-11-25 server asks as tasks: the SDK checks every answer to
// `elicitation/create` and `sampling/createMessage` against the answer's shape, but a question asked with a `task`
// field is answered with the task (CreateTaskResult), which the SDK (2.x dropped the tasks runtime) would reject.
import { Client, type ClientContext, type JSONRPCRequest, type Result } from '@modelcontextprotocol/client';

type RequestHandler = (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result>;

export class BridgeClient extends Client {
  protected override _wrapHandler(method: string, handler: RequestHandler): RequestHandler {
    const checked = super._wrapHandler(method, handler);
    if (method !== 'elicitation/create' && method !== 'sampling/createMessage') return checked;
    return (request, ctx) => (isAskedAsTask(request) ? handler(request, ctx) : checked(request, ctx));
  }
}

function isAskedAsTask(request: JSONRPCRequest): boolean {
  const task = (request.params as { task?: unknown } | undefined)?.task;
  return typeof task === 'object' && task !== null;
}
