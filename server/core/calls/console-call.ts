// One tool call from the auth hook to the serialised CallToolResult, answered whole or streamed as events. Each call
// owns an AbortController that fires on timeout and when the client goes away, so the handler can stop work nobody
// will read.
import { authorise, unauthorizedReply } from '../http/auth.js';
import { CallLifetime } from './call-lifetime.js';
import { CallContext } from '../questions/call-context.js';
import { isPromiseLike } from '../maybe-async.js';
import type { ConsoleRequest } from '../http/console-request.js';
import type { DeadlineList } from './deadlines.js';
import { describeThrown, errorResult, MalformedResultError, toCallResult } from './call-result.js';
import { EventStream } from '../http/event-stream.js';
import { parseBody, type ReceivedBody } from '../http/json-body.js';
import type { CallQuestions, QuestionBoard } from '../questions/questions.js';
import type { ConsoleSettings } from '../options.js';
import type { OutputChecker } from './output-check.js';
import { eventStreamReply, jsonReply, jsonTextReply, type Reply } from '../http/reply.js';
import type { AuthHook, CallResult } from '../../types.js';
import {
  encodeCallEvent,
  isPlainObject,
  type CallEventMap,
  OUTPUT_CHECK_HEADER,
  type JsonText,
  type OutputCheck,
} from '../../../protocol/index.js';

/**
 * 200 for a result, 500 for an error result; a result JSON cannot express becomes an error result. A successful
 * result of a tool with an outputSchema also carries the check's header (the body stays the result as it was).
 */
function resultReply(
  result: CallResult,
  name: string,
  settings: ConsoleSettings,
  checkOutput: OutputChecker | undefined,
): Reply {
  let text: string;
  try {
    text = JSON.stringify(result);
  } catch (error) {
    settings.logger.error(`tool-console: the result of ${JSON.stringify(name)} is not serialisable:`, error);
    return jsonReply(500, errorResult(`The tool result could not be serialised to JSON: ${describeThrown(error)}`));
  }
  if (result.isError) return jsonTextReply(500, text);
  return jsonTextReply(200, text, checkOutput?.(result));
}

function abortedReply(reason: unknown, name: string, settings: ConsoleSettings): Reply {
  if (reason instanceof DOMException && reason.name === 'TimeoutError') {
    settings.logger.warn(`tool-console: ${JSON.stringify(name)}: ${reason.message}`);
    return jsonReply(504, errorResult(reason.message));
  }
  // Nobody is listening any more: worth a note, not an error.
  settings.logger.info(`tool-console: call of ${JSON.stringify(name)} aborted: the client disconnected`);
  return jsonReply(499, errorResult('The client disconnected.'));
}

/** Why a hook that never called next() was denied, for the log. */
function undecidedReason(end: unknown, settings: ConsoleSettings): string {
  return end instanceof DOMException && end.name === 'TimeoutError'
    ? `the hook did not call next() within the call's time limit (callTimeoutMs: ${settings.callTimeoutMs} ms)`
    : 'the hook had not called next() when the client disconnected';
}

/** The call's arguments: the body's object, `{}` for any other body (not JSON, an array, nothing at all). */
function argumentsOf(body: ReceivedBody): Record<string, unknown> {
  const parsed = parseBody(body);
  return parsed.ok && isPlainObject(parsed.value) ? parsed.value : {};
}

/**
 * The `result` event of a streamed call: the status and body the plain answer would have had, and its check, spliced
 * in as the plain answer has them (a call result's JSON body, the check header's JSON).
 */
function resultEvent(reply: Reply) {
  const check = reply.headers[OUTPUT_CHECK_HEADER];
  return encodeCallEvent.result({
    status: reply.status,
    result: String(reply.body) as JsonText<CallResult>,
    outputCheck: check === undefined ? undefined : (String(check) as JsonText<OutputCheck>),
  });
}

/**
 * One call from the auth hook's decision to its answer, whole (one JSON answer when it ends) or, given the board its
 * questions go on, as a stream of events (its progress, log lines and questions as they happen, then its result).
 * The auth hook decides before either starts, so a denied call is a plain 401 in both. Only the hook's wait and the
 * answer itself are async: the common call (no hook, one answer) goes straight to its answer.
 */
class ConsoleCall {
  readonly #lifetime: CallLifetime;

  constructor(
    readonly settings: ConsoleSettings,
    readonly name: string,
    /** Parsed only as the handler is called: a call the auth hook denies never pays for parsing it. */
    readonly body: ReceivedBody,
    readonly request: ConsoleRequest,
    readonly checkOutput: OutputChecker | undefined,
    timeLimit: DeadlineList | undefined,
  ) {
    this.#lifetime = new CallLifetime(request, timeLimit, settings.callTotalTimeoutMs);
  }

  run(board: QuestionBoard | undefined): Reply | Promise<Reply> {
    const { authHook } = this.settings;
    return authHook ? this.#afterAuthHook(authHook, board) : this.#proceed(board);
  }

  /**
   * A hook may call next() from a callback after it returned: it is waited for while the call lives. Still undecided
   * when the call ends (its time limit, the client gone), it is denied, as is a call it refused: 401, the call ended.
   */
  async #afterAuthHook(authHook: AuthHook<never>, board: QuestionBoard | undefined): Promise<Reply> {
    let allowed = false;
    try {
      allowed = await authorise(authHook, this.request, this.settings, this.#lifetime, (end) =>
        undecidedReason(end, this.settings),
      );
    } finally {
      if (!allowed) this.#lifetime.end();
    }
    return allowed ? this.#proceed(board) : unauthorizedReply();
  }

  /** The call once the auth hook (if any) let it through: its answer, whole or as a stream of events. */
  #proceed(board: QuestionBoard | undefined): Reply | Promise<Reply> {
    if (board === undefined) return this.#answer(undefined, undefined);
    const call = this.#lifetime;
    const events = new EventStream<CallEventMap>();
    try {
      const questions = board.forCall(this.name, events);
      call.watchClient();
      events.onClientGone(() => call.clientGone());
      new Promise<Reply>((resolve) => resolve(this.#answer(events, questions)))
        .catch((error: unknown) => {
          this.settings.logger.error(`tool-console: call of ${JSON.stringify(this.name)} failed:`, error);
          return jsonReply(500, errorResult('The call failed inside the console; its log says why.'));
        })
        .then((reply) => {
          questions.closeAll();
          events.end('result', resultEvent(reply));
        });
    } catch (error) {
      call.end();
      throw error;
    }
    return eventStreamReply(events);
  }

  /**
   * Runs the handler and turns what it returned, threw or left unfinished into the call's answer: at once for a
   * handler that answers synchronously (nothing can have ended the call while it ran), else when it settles or the
   * call ends first. The call ends with its answer (its timers cleared, its client no longer watched).
   */
  #answer(events: EventStream<CallEventMap> | undefined, questions: CallQuestions | undefined): Reply | Promise<Reply> {
    const { settings, name, request } = this;
    let returned: unknown;
    try {
      // Every handler form gets all four arguments.
      returned = settings.handleCall(
        name,
        argumentsOf(this.body),
        request.raw as never,
        new CallContext(this.#lifetime, events, questions, request),
      );
    } catch (error) {
      return this.#thrownReply(error);
    }
    if (!isPromiseLike(returned)) return this.#returnedReply(returned);
    // (Promise.resolve: a thenable that throws from `then` counts as the handler throwing.)
    return this.#lifetime.settle(
      Promise.resolve(returned),
      (value) => this.#returnedReply(value),
      (error) => this.#thrownReply(error),
    );
  }

  /** The answer for what the handler returned; the call ends with it. */
  #returnedReply(returned: unknown): Reply {
    const { settings, name } = this;
    try {
      return resultReply(toCallResult(returned), name, settings, this.checkOutput);
    } catch (error) {
      if (!(error instanceof MalformedResultError)) throw error;
      settings.logger.error(
        `tool-console: tool ${JSON.stringify(name)} returned a malformed result (${error.message}):`,
        returned,
      );
      return jsonReply(500, errorResult(`The tool handler returned a malformed result: ${error.message}.`));
    } finally {
      this.#lifetime.end();
    }
  }

  /** The answer for what the handler threw, or for the call ending before it settled; the call ends with it. */
  #thrownReply(error: unknown): Reply {
    const { settings, name } = this;
    const call = this.#lifetime;
    call.end();
    if (error !== undefined && error === call.abortReason) return abortedReply(error, name, settings);
    settings.logger.error(`tool-console: tool ${JSON.stringify(name)} threw:`, error);
    return jsonReply(500, errorResult(describeThrown(error)));
  }
}

/**
 * Runs a call of tool `name` with the arguments in `body` (see ConsoleCall) within `timeLimit`, the console's deadlines for calls; never
 * rejects for anything the handler does.
 */
export function runConsoleCall(
  settings: ConsoleSettings,
  timeLimit: DeadlineList | undefined,
  name: string,
  body: ReceivedBody,
  request: ConsoleRequest,
  checkOutput: OutputChecker | undefined,
  board: QuestionBoard | undefined,
): Reply | Promise<Reply> {
  return new ConsoleCall(settings, name, body, request, checkOutput, timeLimit).run(board);
}
