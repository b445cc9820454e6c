// POST /completion: suggestions for a prompt's argument or a resource template's variable, from the host's completer
// (an MCP server's `completion/complete`), guarded like a resource read: 403 when execution is off, 404 without a
// completer, the body (413, 400), the auth hook's 401, the completer within `callTimeoutMs` (504). The answer holds at
// most 100 strings, as MCP's does, whatever the completer returned.
import type { DeadlineList } from '../calls/deadlines.js';
import { runHostAction } from '../calls/host-action.js';
import type { ConsoleRequest } from '../http/console-request.js';
import { HttpError } from '../http/http-error.js';
import { jsonReply, type Reply } from '../http/reply.js';
import type { ConsoleSettings } from '../options.js';
import { isPlainObject } from '../../../protocol/is-plain-object.js';
import type { CompletionReference, CompletionRequest, CompletionResult } from '../../../protocol/index.js';

/** MCP's limit on the values of one completion. */
const MAX_VALUES = 100;

const BAD_BODY =
  'The body must be {"ref": {"type": "ref/prompt", "name": "<prompt>"} or {"type": "ref/resource", "uri": ' +
  '"<URI template>"}, "argument": {"name": "<argument>", "value": "<typed so far>"}, "context"?: {"arguments": ' +
  '{"<argument>": "<value>"}}}.';

function referenceOf(ref: unknown): CompletionReference {
  if (isPlainObject(ref) && ref.type === 'ref/prompt' && typeof ref.name === 'string') {
    return { type: 'ref/prompt', name: ref.name };
  }
  if (isPlainObject(ref) && ref.type === 'ref/resource' && typeof ref.uri === 'string') {
    return { type: 'ref/resource', uri: ref.uri };
  }
  throw new HttpError(400, BAD_BODY);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isPlainObject(value) && Object.values(value).every((each) => typeof each === 'string');
}

/** The body as a `CompletionRequest` with nothing else in it; 400 for anything else. */
function completionRequestOf(body: unknown): CompletionRequest {
  if (!isPlainObject(body)) throw new HttpError(400, BAD_BODY);
  const { argument, context } = body;
  if (!isPlainObject(argument) || typeof argument.name !== 'string' || typeof argument.value !== 'string') {
    throw new HttpError(400, BAD_BODY);
  }
  const request: CompletionRequest = {
    ref: referenceOf(body.ref),
    argument: { name: argument.name, value: argument.value },
  };
  if (context === undefined || context === null) return request;
  if (!isPlainObject(context) || (context.arguments !== undefined && !isStringRecord(context.arguments))) {
    throw new HttpError(400, BAD_BODY);
  }
  request.context = context.arguments === undefined ? {} : { arguments: { ...context.arguments } };
  return request;
}

/** `{completion: {values, total?, hasMore?}}` from what the completer returned; 502 without a `values` array. */
function completionReply(result: unknown, settings: ConsoleSettings): Reply {
  const values = isPlainObject(result) ? result.values : undefined;
  if (!Array.isArray(values)) {
    settings.logger.warn('tool-console: the completer returned no {values: [...]}:', result);
    return jsonReply(502, { error: 'The completer returned no {"values": [...]}.' });
  }
  const strings = values.filter((value): value is string => typeof value === 'string');
  const completion: CompletionResult['completion'] = { values: strings.slice(0, MAX_VALUES) };
  const { total, hasMore } = result as { total?: unknown; hasMore?: unknown };
  if (Number.isSafeInteger(total) && (total as number) >= 0) completion.total = total as number;
  if (typeof hasMore === 'boolean') completion.hasMore = hasMore;
  // Values cut off here are values the user cannot see: say there are more.
  if (strings.length > MAX_VALUES) completion.hasMore = true;
  const answer: CompletionResult = { completion };
  return jsonReply(200, answer);
}

export function complete(
  settings: ConsoleSettings,
  timeLimit: DeadlineList | undefined,
  request: ConsoleRequest,
): Promise<Reply> {
  const completer = settings.complete;
  if (!settings.allowExecute) throw new HttpError(403, 'Tool execution is disabled.');
  if (completer === undefined) throw new HttpError(404, 'This console offers no completion.');
  return runHostAction(settings, timeLimit, request, {
    label: 'The completion',
    doing: 'completing an argument',
    parse: completionRequestOf,
    run: (input, { signal }) => completer(input, request.raw as never, { signal }),
    answer: (result) => completionReply(result, settings),
  });
}
