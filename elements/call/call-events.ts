// The live half of the wire, as the page reads it: the events of a streamed call or of the watched tool list
// (progress, log lines, task status, questions) and the questions' own shapes. Everything a server sends is checked
// here and turned into these types, or skipped; nothing is ever treated as markup.
import type { ToolSummary } from '../api.js';
import type { JsonSchema, OutputCheck, ValidationFailure } from '../../server/wire.js';
import { readEventStream } from '../lib/event-stream.js';
import { isPlainObject } from '../lib/is-plain-object.js';

/** A `progress` event of a live call: how far it is, of `total` when the tool knows it. */
export interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** A `log` event of a live call: what the tool logged, `data` being any JSON. */
export interface CallLog {
  /** An MCP logging level (`debug` … `emergency`); a server may send others, shown as they are. */
  level: string;
  logger?: string;
  data: unknown;
}

/** A question in form mode: the server asks for values matching `requestedSchema` (a flat object schema). */
export interface FormElicitation {
  mode: 'form';
  message: string;
  requestedSchema: JsonSchema;
}

/** A question in URL mode: the server asks the user to go to `url` (to sign in, to pay) and finish there. */
export interface UrlElicitation {
  mode: 'url';
  message: string;
  url: string;
  elicitationId?: string;
}

/**
 * A content block of a sampling message, as the server sent it: `text`, `image`, `audio` (base64 `data`,
 * `mimeType`), `tool_use` (`id`, `name`, `input`), `tool_result` (`toolUseId`, `content` blocks, `isError`), or
 * another type the dialog names without showing. Only its `type` is checked here; the dialog checks the rest.
 */
export interface SamplingContent {
  type: string;
  [key: string]: unknown;
}

/** One turn of the conversation a sampling request hands to the model. */
export interface SamplingMessage {
  role: 'user' | 'assistant';
  content: SamplingContent[];
}

/**
 * A request for a model reply (MCP `sampling/createMessage`): the user plays the model. The page's reading of the
 * server's params: `mode` is the page's tag (the wire says `kind: "sampling"`), a message's content is always a list,
 * the model hints and tools are reduced to their names, `toolChoice` to its mode, and what has the wrong type is left
 * out.
 */
export interface SamplingRequest {
  mode: 'sampling';
  messages: SamplingMessage[];
  systemPrompt?: string;
  maxTokens?: number;
  temperature?: number;
  stopSequences?: string[];
  includeContext?: string;
  modelHints?: string[];
  costPriority?: number;
  speedPriority?: number;
  intelligencePriority?: number;
  tools?: string[];
  toolChoice?: string;
}

/** The reply the user writes as the model: always text, ending its turn. */
export interface SamplingResult {
  role: 'assistant';
  content: { type: 'text'; text: string };
  model: string;
  stopReason: 'endTurn';
}

/**
 * A `request` event of a live call: the tool's server asks the user something (MCP elicitation) or asks for a model
 * reply (MCP sampling), and waits.
 */
export interface CallQuestion {
  /** The server's handle for the question, for the answer's URL; opaque. */
  id: string;
  params: FormElicitation | UrlElicitation | SamplingRequest;
}

/** Why the server closed a question itself: its URL flow completed, or the call ended or was cancelled. */
export type QuestionClosedReason = 'completed' | 'cancelled';

/**
 * The user's answer to a question: the values (form mode), consent to open the link (URL mode), the model's reply
 * (sampling), no, or not now.
 */
export type QuestionAnswer =
  | { action: 'accept'; content?: Record<string, unknown> }
  | { action: 'accept'; result: SamplingResult }
  | { action: 'decline' }
  | { action: 'cancel' };

/** What watching the tool list brings: the list, anew, or a server log message that belongs to no call. */
export type ToolsEvent = { type: 'tools'; tools: ToolSummary[] } | { type: 'log'; log: CallLog };

/** Where a call that runs as an MCP task stands: `working`, `input_required`, `completed`, `failed`, `cancelled`. */
export interface CallTask {
  taskId: string;
  status: string;
  statusMessage?: string;
}

/** What a live call reports before its result. */
export type CallEvent =
  | { type: 'progress'; progress: CallProgress }
  | { type: 'task'; task: CallTask }
  | { type: 'log'; log: CallLog }
  | { type: 'request'; question: CallQuestion }
  | { type: 'request-closed'; id: string; reason: QuestionClosedReason };

/** The server's output check, if `value` is one (from the header's JSON or a `result` event). */
export function asOutputCheck(value: unknown): OutputCheck | undefined {
  const check = value as { valid?: unknown; errors?: unknown } | null | undefined;
  return check?.valid === true || (check?.valid === false && Array.isArray(check.errors))
    ? (check as OutputCheck)
    : undefined;
}

export function parseJson(text: string | null): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return undefined;
  }
}

const asText = (value: unknown) => (typeof value === 'string' ? value : undefined);
const asNumber = (value: unknown) => (Number.isFinite(value) ? (value as number) : undefined);
const asTexts = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
/** The names of a list of `{name}` objects (model hints, tools), or undefined when it is not a list. */
const names = (value: unknown) =>
  Array.isArray(value) ? asTexts(value.map((item) => (isPlainObject(item) ? item.name : undefined))) : undefined;

/** A sampling request's params as the page reads them (see `SamplingRequest`), or undefined without `messages`. */
function samplingRequest(params: Record<string, unknown>): SamplingRequest | undefined {
  const { messages, modelPreferences, toolChoice } = params;
  if (!Array.isArray(messages)) return undefined;
  const preferences = isPlainObject(modelPreferences) ? modelPreferences : {};
  const request: SamplingRequest = {
    mode: 'sampling',
    messages: messages.filter(isPlainObject).map(({ role, content }) => ({
      role: role === 'assistant' ? 'assistant' : 'user',
      // One block or a list of them; a block without a type is nothing the dialog could name.
      content: (Array.isArray(content) ? content : [content]).filter(
        (block): block is SamplingContent => isPlainObject(block) && typeof block.type === 'string',
      ),
    })),
    systemPrompt: asText(params.systemPrompt),
    maxTokens: asNumber(params.maxTokens),
    temperature: asNumber(params.temperature),
    stopSequences: asTexts(params.stopSequences),
    includeContext: asText(params.includeContext),
    modelHints: names(preferences.hints),
    costPriority: asNumber(preferences.costPriority),
    speedPriority: asNumber(preferences.speedPriority),
    intelligencePriority: asNumber(preferences.intelligencePriority),
    tools: names(params.tools),
    toolChoice: isPlainObject(toolChoice) ? asText(toolChoice.mode) : undefined,
  };
  // What the server left out (or sent with the wrong type) is absent, not undefined.
  return JSON.parse(JSON.stringify(request)) as SamplingRequest;
}

/** A `request` event's question, or undefined unless it is an elicitation or a sampling request the page can show. */
function callQuestion(body: Record<string, unknown>): CallQuestion | undefined {
  const { id, kind, params } = body;
  if (typeof id !== 'string' || !id || !isPlainObject(params)) return undefined;
  if (kind === 'sampling') {
    const request = samplingRequest(params);
    return request && { id, params: request };
  }
  if (kind !== 'elicitation') return undefined;
  const message = typeof params.message === 'string' ? params.message : '';
  if (params.mode === 'url') {
    if (typeof params.url !== 'string') return undefined;
    const url: UrlElicitation = { mode: 'url', message, url: params.url };
    if (typeof params.elicitationId === 'string') url.elicitationId = params.elicitationId;
    return { id, params: url };
  }
  // Form mode is the default: servers written before URL mode send no `mode`. A schema that is not an object is
  // kept as an empty one, which the dialog cannot draw as a form (it then offers only Decline and Cancel).
  if (params.mode !== undefined && params.mode !== 'form') return undefined;
  const requestedSchema = isPlainObject(params.requestedSchema) ? (params.requestedSchema as JsonSchema) : {};
  return { id, params: { mode: 'form', message, requestedSchema } };
}

/** A live call's event from its type and data, or undefined when it is not one the page knows (it is skipped). */
export function callEvent(type: string, data: unknown): CallEvent | undefined {
  const body = isPlainObject(data) ? data : {};
  const { progress, total, message, level, logger, id, reason } = body;
  if (type === 'progress' && Number.isFinite(progress)) {
    const event: CallProgress = { progress: progress as number };
    if (Number.isFinite(total)) event.total = total as number;
    if (typeof message === 'string') event.message = message;
    return { type, progress: event };
  }
  if (type === 'log' && typeof level === 'string') {
    const log: CallLog = { level, data: body.data };
    if (typeof logger === 'string') log.logger = logger;
    return { type, log };
  }
  if (type === 'task' && typeof body.taskId === 'string' && typeof body.status === 'string') {
    const task: CallTask = { taskId: body.taskId, status: body.status };
    if (typeof body.statusMessage === 'string') task.statusMessage = body.statusMessage;
    return { type, task };
  }
  if (type === 'request') {
    const question = callQuestion(body);
    return question && { type, question };
  }
  if (type === 'request-closed' && typeof id === 'string') {
    return { type, id, reason: reason === 'completed' ? 'completed' : 'cancelled' };
  }
  return undefined;
}

/** The field errors of a 400 answer to a question, each `{path, message, keyword}`; others are dropped. */
export function answerErrors(body: unknown): ValidationFailure[] {
  const errors = isPlainObject(body) && Array.isArray(body.errors) ? body.errors : [];
  return errors
    .filter(
      (error): error is ValidationFailure =>
        isPlainObject(error) && typeof error.path === 'string' && typeof error.message === 'string',
    )
    .map(({ path, message, keyword }) => ({ path, message, keyword: typeof keyword === 'string' ? keyword : '' }));
}

/** A streamed call answer: `progress` and `log` events to `onEvent`, then the `result` event's status, body and check. */
export async function readStreamedAnswer(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal | undefined,
  onEvent: ((event: CallEvent) => void) | undefined,
): Promise<{ status: number; body: unknown; outputCheck: unknown }> {
  try {
    for await (const { event, data } of readEventStream(body, signal)) {
      const parsed = parseJson(data);
      if (event === 'result') {
        const { status, result, outputCheck } = (parsed ?? {}) as Record<string, unknown>;
        return { status: Number.isInteger(status) ? (status as number) : 200, body: result, outputCheck };
      }
      const known = callEvent(event, parsed);
      if (known) onEvent?.(known);
    }
  } catch (error) {
    // A connection cut mid-answer fails the read with a TypeError; it ended too early, like a stream that just stops.
    if (!(error instanceof TypeError)) throw error;
  }
  signal?.throwIfAborted();
  throw new Error('The connection closed before the tool answered.');
}
