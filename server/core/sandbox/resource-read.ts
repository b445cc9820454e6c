// POST /resources/read: one resource through the host's reader (a tool UI's HTML, a resource link in a result),
// guarded like a call. The reader is host code that may be slow or fail: it gets a signal that fires on the time
// limit and when the client leaves, and whatever it throws becomes an answer the page can show.
import { authorise, unauthorizedReply } from '../http/auth.js';
import { CallLifetime } from '../calls/call-lifetime.js';
import { describeThrown } from '../calls/call-result.js';
import { callerOf } from './caller.js';
import { isPromiseLike } from '../maybe-async.js';
import type { ConsoleRequest } from '../http/console-request.js';
import type { DeadlineList } from '../calls/deadlines.js';
import { HttpError } from '../http/http-error.js';
import { isPlainObject } from '../../../protocol/is-plain-object.js';
import { readJson } from '../http/json-body.js';
import type { ConsoleSettings } from '../options.js';
import { jsonReply, jsonTextReply, type Reply } from '../http/reply.js';
import { withSandboxPolicies } from './sandbox-policy.js';

const BAD_BODY = 'The body must be {"uri": "<resource URI>"}.';
const NO_CONTENTS = 'The resource reader returned no contents.';
const UNDECIDED = 'the hook had not called next() when the resource read ended (its time limit, or the client left)';

/** The reader's error as an answer: its own status when it gave one a client may see, else 502 (its failure). */
function readerFailed(error: unknown, uri: string, settings: ConsoleSettings): Reply {
  const { status } = (error ?? {}) as { status?: unknown };
  const given = typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599;
  // A 404 or 403 is the reader's answer; anything else is a failure the host will want to know of.
  if (!given || status >= 500) settings.logger.warn(`tool-console: reading ${JSON.stringify(uri)} failed:`, error);
  return jsonReply(given ? status : 502, { error: describeThrown(error) });
}

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
async function uriOf(request: ConsoleRequest, settings: ConsoleSettings): Promise<string> {
  const body = await readJson(request, settings.maxBodyBytes);
  const uri = body.ok && isPlainObject(body.value) ? body.value.uri : undefined;
  if (typeof uri !== 'string' || uri === '') throw new HttpError(400, BAD_BODY);
  return uri;
}

/**
 * Preconditions in the call's order: 403 when execution is off, 404 without a reader, the body (413, 400), then the
 * auth hook's 401. Then the read, within `callTimeoutMs` (504).
 */
export async function readResource(
  settings: ConsoleSettings,
  timeLimit: DeadlineList | undefined,
  request: ConsoleRequest,
): Promise<Reply> {
  const { readResource: reader, authHook, logger, callTimeoutMs } = settings;
  if (!settings.allowExecute) throw new HttpError(403, 'Tool execution is disabled.');
  if (reader === undefined) throw new HttpError(404, 'This console reads no resources.');
  const uri = await uriOf(request, settings);
  const read = new CallLifetime(request, timeLimit, 0, 'The resource read');
  try {
    read.watchClient();
    if (authHook && !(await authorise(authHook, request, settings, read, () => UNDECIDED))) return unauthorizedReply();
    let result: unknown;
    try {
      result = reader(uri, request.raw as never, { signal: read.signal, caller: callerOf(request) });
      if (isPromiseLike(result)) result = await read.race(Promise.resolve(result));
    } catch (error) {
      const ended = read.abortReason;
      if (ended === undefined || error !== ended) return readerFailed(error, uri, settings);
      if (ended.name !== 'TimeoutError') return jsonReply(499, { error: 'The client disconnected.' });
      logger.warn(`tool-console: reading ${JSON.stringify(uri)} took longer than ${callTimeoutMs} ms (callTimeoutMs)`);
      return jsonReply(504, { error: `The resource read did not finish within ${callTimeoutMs} ms.` });
    }
    return await resultReply(result, uri, settings);
  } finally {
    read.end();
  }
}
