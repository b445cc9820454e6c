// POST /prompts/{name}/get: a prompt's messages through the host's getter (an MCP server's `prompts/get`), guarded like
// a call: 403 when execution is off, 404 for a console without a getter or a prompt it does not list, then the body
// (413, 400), the auth hook's 401, and the getter within `callTimeoutMs` (504). A client that asks for an event stream
// gets the getter's questions (ctx.elicit, ctx.sample) as a call's client does, answered at
// POST /prompts/{name}/requests/{id}, and the answer as the last event.
import type { DeadlineList } from '../calls/deadlines.js';
import { runHostAction, type AskingAt } from '../calls/host-action.js';
import type { ConsoleRequest } from '../http/console-request.js';
import { HttpError } from '../http/http-error.js';
import { jsonReply, jsonTextReply, type Reply } from '../http/reply.js';
import { isAnswer, type OfferedLists } from '../catalog/offered-lists.js';
import type { ConsoleSettings } from '../options.js';
import type { QuestionBoard } from '../questions/questions.js';
import { isPlainObject } from '../../../protocol/is-plain-object.js';

const BAD_BODY = 'The body must be {"arguments": {"<argument>": "<text>", ...}} (arguments are strings; {} for none).';

/** The arguments of a body `{arguments?: {name: string}}`; 400 for anything else. */
function argumentsOf(body: unknown): Record<string, string> {
  if (!isPlainObject(body)) throw new HttpError(400, BAD_BODY);
  const given = body.arguments;
  if (given === undefined || given === null) return {};
  if (!isPlainObject(given) || !Object.values(given).every((value) => typeof value === 'string')) {
    throw new HttpError(400, BAD_BODY);
  }
  return { ...(given as Record<string, string>) };
}

function resultReply(result: unknown, name: string, settings: ConsoleSettings): Reply {
  if (!isPlainObject(result) || !Array.isArray(result.messages)) {
    settings.logger.warn(`tool-console: the prompt getter returned no messages for ${JSON.stringify(name)}:`, result);
    return jsonReply(502, { error: 'The prompt getter returned no {"messages": [...]}.' });
  }
  try {
    return jsonTextReply(200, JSON.stringify(result));
  } catch (error) {
    settings.logger.warn(`tool-console: the messages of prompt ${JSON.stringify(name)} are not JSON:`, error);
    return jsonReply(502, { error: 'The prompt getter returned messages that are not JSON.' });
  }
}

export async function getPrompt(
  settings: ConsoleSettings,
  timeLimit: DeadlineList | undefined,
  lists: OfferedLists,
  name: string,
  request: ConsoleRequest,
  /** The board a streamed get's questions go on; none for a plain one. */
  questions: QuestionBoard | undefined,
): Promise<Reply> {
  const getter = settings.getPrompt;
  if (!settings.allowExecute) throw new HttpError(403, 'Tool execution is disabled.');
  if (getter === undefined) throw new HttpError(404, 'This console gets no prompts (it has no getPrompt).');
  const prompt = await lists.prompt(name, request);
  if (isAnswer(prompt)) return prompt as Reply;
  const asking: AskingAt | undefined = questions && { board: questions, key: name };
  return runHostAction(
    settings,
    timeLimit,
    request,
    {
      label: 'The prompt',
      doing: `getting prompt ${JSON.stringify(name)}`,
      parse: argumentsOf,
      run: (args, ctx) => getter(name, args, request.raw as never, ctx),
      answer: (result) => resultReply(result, name, settings),
    },
    asking,
  );
}
