// One request that runs host code other than a tool (a prompt getter, a completer, a resource subscription), from its
// body to its answer, with the guards and the lifetime of a resource read (sandbox/resource-read.ts): the body's
// size (413) and shape (400), the auth hook's 401, then the host's work within `callTimeoutMs` (504), ended when the
// client leaves; whatever the host throws becomes an answer the page can show (its own status, else 502).
import { authorise, unauthorizedReply } from '../http/auth.js';
import { CallLifetime } from './call-lifetime.js';
import { describeThrown } from './call-result.js';
import { isPromiseLike } from '../maybe-async.js';
import type { ConsoleRequest } from '../http/console-request.js';
import type { DeadlineList } from './deadlines.js';
import { HttpError } from '../http/http-error.js';
import { readJson } from '../http/json-body.js';
import type { ConsoleSettings } from '../options.js';
import { jsonReply, type Reply } from '../http/reply.js';

/** What one kind of host action is called, for its messages and its log lines. */
export interface HostAction<Input> {
  /** `The prompt`, `The completion`: what the time limit's messages call the work. */
  label: string;
  /** `getting prompt "x"`: what the log says failed. */
  doing: string;
  /** The body, checked: its input for the host, or a 400 HttpError that says what the body must be. */
  parse(body: unknown): Input;
  /** Runs the host's code, with the signal that ends it. */
  run(input: Input, signal: AbortSignal): unknown;
  /** The answer for what the host returned (a 502 reply when it returned nothing usable). */
  answer(result: unknown): Reply;
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

/**
 * Runs `action` for `request`. The caller has checked what comes before the body (the Origin and Content-Type
 * guards, `allowExecute`, that the console offers this at all, that its target exists).
 */
export async function runHostAction<Input>(
  settings: ConsoleSettings,
  timeLimit: DeadlineList | undefined,
  request: ConsoleRequest,
  action: HostAction<Input>,
): Promise<Reply> {
  const { authHook, logger, callTimeoutMs } = settings;
  const body = await readJson(request, settings.maxBodyBytes);
  if (!body.ok) throw new HttpError(400, `Invalid JSON: ${body.error.message}`);
  const input = action.parse(body.value);
  const lifetime = new CallLifetime(request, timeLimit, 0, action.label);
  try {
    lifetime.watchClient();
    const undecided = () =>
      `the hook had not called next() when ${action.doing} ended (its time limit, or the client left)`;
    if (authHook && !(await authorise(authHook, request, settings, lifetime, undecided))) return unauthorizedReply();
    let result: unknown;
    try {
      result = action.run(input, lifetime.signal);
      if (isPromiseLike(result)) result = await lifetime.race(Promise.resolve(result));
    } catch (error) {
      const ended = lifetime.abortReason;
      if (ended === undefined || error !== ended) return hostFailed(error, action.doing, logger);
      if (ended.name !== 'TimeoutError') return jsonReply(499, { error: 'The client disconnected.' });
      logger.warn(`tool-console: ${action.doing} took longer than ${callTimeoutMs} ms (callTimeoutMs)`);
      return jsonReply(504, { error: `${action.label} did not finish within ${callTimeoutMs} ms.` });
    }
    return action.answer(result);
  } finally {
    lifetime.end();
  }
}
