// One request that runs host code other than a tool (a resource reader, a prompt getter, a completer, a resource
// subscription), from its body to its answer, with the guards and the lifetime of a call: the body's
// size (413) and shape (400), the auth hook's 401, then the host's work within `callTimeoutMs` (504), ended when the
// client leaves; whatever the host throws becomes an answer the page can show (its own status, else 502). Given a
// question board, a client that asks for an event stream gets the host's progress, log lines and questions as a
// call's client does (console-call.ts), then the answer as the `result` event.
import { authorise, unauthorizedReply } from '../http/auth.js';
import { CallLifetime } from './call-lifetime.js';
import { CallContext } from '../questions/call-context.js';
import type { QuestionBoard } from '../questions/questions.js';
import { EventStream } from '../http/event-stream.js';
import { describeThrown } from './call-result.js';
import { isPromiseLike } from '../maybe-async.js';
import type { ConsoleRequest } from '../http/console-request.js';
import type { DeadlineList } from './deadlines.js';
import { HttpError } from '../http/http-error.js';
import { readJson } from '../http/json-body.js';
import type { ConsoleSettings } from '../options.js';
import { eventStreamReply, jsonReply, type Reply } from '../http/reply.js';
import { encodeCallEvent, type CallEventMap, type CallResult, type JsonText } from '../../../protocol/index.js';

/** What one kind of host action is called, for its messages and its log lines. */
export interface HostAction<Input> {
  /** `The prompt`, `The completion`: what the time limit's messages call the work. */
  label: string;
  /** `getting prompt "x"`: what the log says failed (given the input, for work named by its body: `reading "uri"`). */
  doing: string | ((input: Input) => string);
  /** The 400's message for a body that is not JSON at all; without it, the parser's own (`Invalid JSON: ...`). */
  notJson?: string;
  /** The body, checked: its input for the host, or a 400 HttpError that says what the body must be. */
  parse(body: unknown): Input;
  /** Runs the host's code, with its context (the signal that ends it; for a streamed request, its voice too). */
  run(input: Input, ctx: CallContext): unknown;
  /** The answer for what the host returned (a 502 reply when it returned nothing usable). */
  answer(result: unknown, input: Input): Reply | Promise<Reply>;
}

/** The host's error as an answer: its own status when it gave one a client may see (400 to 599), else 502. */
export function hostFailed(error: unknown, doing: string, logger: ConsoleSettings['logger']): Reply {
  const { status } = (error ?? {}) as { status?: unknown };
  const given = typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599;
  // A 404 or 400 is the host's answer; anything else is a failure the host will want to know of.
  if (!given || status >= 500) logger.warn(`tool-console: ${doing} failed:`, error);
  // An MCP server that could not be reached says why (McpConnectionError's diagnosis), for the page to show.
  const { fields } = error instanceof HttpError ? error : { fields: undefined };
  return jsonReply(given ? status : 502, {
    error: describeThrown(error),
    ...(fields?.diagnosis ? { diagnosis: fields.diagnosis } : {}),
  });
}

/** Where a streamed request's questions wait for their answers: the board, and the key its answer route names. */
export interface AskingAt {
  board: QuestionBoard;
  /** The prompt's name (a resource read's questions have `''`): an answer must name the same. */
  key: string;
}

/**
 * Runs `action` for `request`. The caller has checked what comes before the body (the Origin and Content-Type
 * guards, `allowExecute`, that the console offers this at all, that its target exists). With `asking` (the client
 * asked for an event stream), everything up to the auth hook's decision is answered plain, then the rest is streamed.
 */
export async function runHostAction<Input>(
  settings: ConsoleSettings,
  timeLimit: DeadlineList | undefined,
  request: ConsoleRequest,
  action: HostAction<Input>,
  asking?: AskingAt,
): Promise<Reply> {
  const { authHook } = settings;
  const body = await readJson(request, settings.maxBodyBytes);
  if (!body.ok) throw new HttpError(400, action.notJson ?? `Invalid JSON: ${body.error.message}`);
  const input = action.parse(body.value);
  const doing = typeof action.doing === 'string' ? action.doing : action.doing(input);
  const lifetime = new CallLifetime(request, timeLimit, settings.callTotalTimeoutMs, action.label);
  let streamed = false;
  try {
    lifetime.watchClient();
    const undecided = () => `the hook had not called next() when ${doing} ended (its time limit, or the client left)`;
    if (authHook && !(await authorise(authHook, request, settings, lifetime, undecided))) return unauthorizedReply();
    if (asking === undefined) {
      const ctx = new CallContext(lifetime, undefined, undefined, request);
      return await hostOutcome(settings, action, doing, input, lifetime, ctx);
    }
    streamed = true;
    const events = new EventStream<CallEventMap>();
    const questions = asking.board.forCall(asking.key, events);
    events.onClientGone(() => lifetime.clientGone());
    const ctx = new CallContext(lifetime, events, questions, request);
    void hostOutcome(settings, action, doing, input, lifetime, ctx).then((reply) => {
      lifetime.end();
      questions.closeAll();
      // The page reads a result event's body as it reads the plain answer's (CallEventRead): checked by whoever shows
      // it, since an error's body is no call result either.
      const result = String(reply.body) as JsonText<CallResult>;
      events.end('result', encodeCallEvent.result({ status: reply.status, result, outputCheck: undefined }));
    });
    return eventStreamReply(events);
  } finally {
    if (!streamed) lifetime.end();
  }
}

/** What the host's work came to, as an answer; never rejects for anything the host does. */
async function hostOutcome<Input>(
  settings: ConsoleSettings,
  action: HostAction<Input>,
  doing: string,
  input: Input,
  lifetime: CallLifetime,
  ctx: CallContext,
): Promise<Reply> {
  const { logger, callTimeoutMs } = settings;
  let result: unknown;
  try {
    result = action.run(input, ctx);
    if (isPromiseLike(result)) result = await lifetime.race(Promise.resolve(result));
  } catch (error) {
    const ended = lifetime.abortReason;
    if (ended === undefined || error !== ended) return hostFailed(error, doing, logger);
    if (ended.name !== 'TimeoutError') return jsonReply(499, { error: 'The client disconnected.' });
    logger.warn(`tool-console: ${doing} took longer than ${callTimeoutMs} ms (callTimeoutMs)`);
    return jsonReply(504, { error: `${action.label} did not finish within ${callTimeoutMs} ms.` });
  }
  try {
    return await action.answer(result, input);
  } catch (error) {
    logger.error(`tool-console: ${doing} failed inside the console:`, error);
    return jsonReply(500, { error: 'The console failed to answer; its log says why.' });
  }
}
