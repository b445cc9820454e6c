// POST /resources/read: one resource through the host's reader (a resource of the Resources section, a tool UI's
// HTML, a resource link in a result), guarded and timed like any host action (calls/host-action.ts): 403 when
// execution is off, 404 without a reader, the body (413, 400), the auth hook's 401, then the read within
// `callTimeoutMs` (504), its signal fired when the client leaves; whatever the reader throws becomes an answer the
// page can show. A client that asks for an event stream gets the reader's questions (ctx.elicit, ctx.sample: a
// 2026-07-28 server's input_required rounds through the bridge) as a call's client does, answered at
// POST /resources/requests/{id}, and the answer as the last event.
import { runHostAction, type AskingAt } from '../calls/host-action.js';
import type { DeadlineList } from '../calls/deadlines.js';
import type { CallContext } from '../questions/call-context.js';
import type { QuestionBoard } from '../questions/questions.js';
import type { ConsoleRequest } from '../http/console-request.js';
import { HttpError } from '../http/http-error.js';
import { jsonReply, jsonTextReply, type Reply } from '../http/reply.js';
import type { ConsoleSettings } from '../options.js';
import type { ResourceReadContext } from '../../types.js';
import { isPlainObject } from '../../../protocol/is-plain-object.js';
import { callerOf } from './caller.js';
import { withSandboxPolicies } from './sandbox-policy.js';

const BAD_BODY = 'The body must be {"uri": "<resource URI>"}.';
const NO_CONTENTS = 'The resource reader returned no contents.';

/** The questions of streamed reads wait under this key (reads have no name in their path to answer under). */
// Stryker disable next-line StringLiteral: reads have a board of their own, asked and answered under this one constant, so any string works alike
export const READ_QUESTIONS_KEY = '';

async function resultReply(result: unknown, uri: string, settings: ConsoleSettings): Promise<Reply> {
  if (!isPlainObject(result) || !Array.isArray(result.contents)) {
    settings.logger.warn(`tool-console: the resource reader returned no contents for ${JSON.stringify(uri)}:`, result);
    return jsonReply(502, { error: NO_CONTENTS });
  }
  try {
    // With a sandbox, each app's declared policy goes back signed, for the page to hand the sandbox page.
    const answer =
      settings.sandboxOrigin === undefined ? result : await withSandboxPolicies(result as { contents: unknown[] });
    return jsonTextReply(200, JSON.stringify(answer));
  } catch (error) {
    settings.logger.warn(`tool-console: the contents of ${JSON.stringify(uri)} are not JSON:`, error);
    return jsonReply(502, { error: 'The resource reader returned contents that are not JSON.' });
  }
}

/** The URI of a body `{"uri": "<non-empty string>"}`; 400 for anything else. */
function uriOf(body: unknown): string {
  const uri = isPlainObject(body) ? body.uri : undefined;
  if (typeof uri !== 'string' || uri === '') throw new HttpError(400, BAD_BODY);
  return uri;
}

/** The reader's ctx: the read's signal and voice, and who asks (a tool UI, or the person). */
function readContext(ctx: CallContext, caller: 'user' | 'app'): ResourceReadContext {
  return {
    signal: ctx.signal,
    caller,
    progress: (progress, total, message) => ctx.progress(progress, total, message),
    log: (level, data, logger) => ctx.log(level, data, logger),
    elicit: (request, options) => ctx.elicit(request, options),
    sample: (request, options) => ctx.sample(request, options),
    elicitationComplete: (elicitationId) => ctx.elicitationComplete(elicitationId),
  };
}

export async function readResource(
  settings: ConsoleSettings,
  timeLimit: DeadlineList | undefined,
  request: ConsoleRequest,
  /** The board a streamed read's questions go on; none for a plain one. */
  questions?: QuestionBoard,
): Promise<Reply> {
  const reader = settings.readResource;
  if (!settings.allowExecute) throw new HttpError(403, 'Tool execution is disabled.');
  if (reader === undefined) throw new HttpError(404, 'This console reads no resources.');
  const asking: AskingAt | undefined = questions && { board: questions, key: READ_QUESTIONS_KEY };
  return runHostAction(
    settings,
    timeLimit,
    request,
    {
      label: 'The resource read',
      doing: (uri) => `reading ${JSON.stringify(uri)}`,
      notJson: BAD_BODY,
      parse: uriOf,
      run: (uri, ctx) => reader(uri, request.raw as never, readContext(ctx, callerOf(request))),
      answer: (result, uri) => resultReply(result, uri, settings),
    },
    asking,
  );
}
