// The one module that talks to the backend. Every element that needs the network goes through a ToolApi;
// a non-OK answer becomes an ApiError carrying the status and the server's message.

import type {
  CallResult,
  JsonSchema,
  OutputCheck,
  ToolAnnotations,
  ValidateResult,
  ValidationFailure,
} from '../server/wire.js';
import { OUTPUT_CHECK_HEADER } from '../server/wire.js';
import { readEventStream } from './lib/event-stream.js';
import { isPlainObject } from './lib/is-plain-object.js';
import { toolSegment } from './lib/tool-segment.js';

// The wire format is defined once, beside the server that produces it; the elements re-export it.
export type * from '../server/wire.js';

/** An entry of `GET /tools`. */
export interface ToolSummary {
  name: string;
  description: string;
  title?: string;
  annotations?: ToolAnnotations;
}

/** The answer of `GET /tools/{name}`. */
export interface ToolDetail extends ToolSummary {
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
}

/** The request a call made, enough to reproduce it (the cURL command is built from this). */
export interface CallRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** A finished call: the backend answered with a CallResult (HTTP 200, or 500/504 with `isError`). */
export interface CallOutcome {
  name: string;
  arguments: Record<string, unknown>;
  status: number;
  durationMs: number;
  result: CallResult;
  request: CallRequest;
  /** The server's check of `structuredContent` against the tool's `outputSchema`, when the tool declares one. */
  outputCheck?: OutputCheck;
}

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

/** What a live call reports before its result. */
/** Where a call that runs as an MCP task stands: `working`, `input_required`, `completed`, `failed`, `cancelled`. */
export interface CallTask {
  taskId: string;
  status: string;
  statusMessage?: string;
}

export type CallEvent =
  | { type: 'progress'; progress: CallProgress }
  | { type: 'task'; task: CallTask }
  | { type: 'log'; log: CallLog }
  | { type: 'request'; question: CallQuestion }
  | { type: 'request-closed'; id: string; reason: QuestionClosedReason };

/** A non-OK answer that is not a CallResult: 401, 403, 404, 413, a proxy's 502, ... */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isCallResult(value: unknown): value is CallResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as CallResult).content);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The server's output check, if `value` is one (from the header's JSON or a `result` event). */
function asOutputCheck(value: unknown): OutputCheck | undefined {
  const check = value as { valid?: unknown; errors?: unknown } | null | undefined;
  return check?.valid === true || (check?.valid === false && Array.isArray(check.errors))
    ? (check as OutputCheck)
    : undefined;
}

function parseJson(text: string | null): unknown {
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
function callEvent(type: string, data: unknown): CallEvent | undefined {
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

function errorMessage(status: number, body: unknown): string {
  if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
    return (body as { error: string }).error;
  }
  return `The server answered HTTP ${status}.`;
}

/**
 * A client for one backend, addressed by its tools collection URL (`src`, relative to the page or absolute).
 * Detail, call and validate URLs derive from it, with the tool name percent-encoded as one path segment.
 */
export class ToolApi {
  /** The absolute URL of the tools collection. */
  readonly toolsUrl: string;
  /** The Bearer token sent with calls, held in memory only. Empty for none. */
  token = '';
  /** The entity tag of the tool list as last loaded, so watching it does not load it again. */
  private toolsTag: string | undefined;

  constructor(src: string, base: string = document.baseURI) {
    this.toolsUrl = new URL(src, base).href.replace(/\/+$/, '');
  }

  toolUrl(name: string): string {
    return `${this.toolsUrl}/${toolSegment(name)}`;
  }

  callUrl(name: string): string {
    return `${this.toolUrl(name)}/call`;
  }

  validateUrl(name: string): string {
    return `${this.toolUrl(name)}/validate`;
  }

  /** Where the answer to a call's question goes. */
  answerUrl(name: string, id: string): string {
    return `${this.toolUrl(name)}/requests/${encodeURIComponent(id)}`;
  }

  async listTools(signal?: AbortSignal): Promise<ToolSummary[]> {
    const response = await fetch(this.toolsUrl, { headers: { Accept: 'application/json' }, signal });
    const body = await readJson(response);
    if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, body), body);
    if (!Array.isArray(body)) throw new ApiError(200, 'The tools list is not a JSON array.', body);
    this.toolsTag = response.headers.get('ETag') ?? undefined;
    return body as ToolSummary[];
  }

  /**
   * Follows the tool list as it changes: `onEvent` gets each new list and each server log message that belongs to no
   * call. Resolves `ended` when the stream ends (the server went away: try again later), or `unsupported` when the
   * backend answers with something else than a stream (it cannot tell changes: nothing to follow).
   */
  async watchTools(signal: AbortSignal, onEvent: (event: ToolsEvent) => void): Promise<'ended' | 'unsupported'> {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    // The list just loaded is not sent again.
    if (this.toolsTag) headers['If-None-Match'] = this.toolsTag;
    const response = await fetch(this.toolsUrl, { headers, signal });
    if (
      !response.ok ||
      !response.body ||
      !/^\s*text\/event-stream\b/i.test(response.headers.get('Content-Type') ?? '')
    ) {
      await response.body?.cancel();
      return 'unsupported';
    }
    for await (const { event, data } of readEventStream(response.body, signal)) {
      const parsed = parseJson(data);
      if (event === 'tools' && Array.isArray(parsed)) onEvent({ type: 'tools', tools: parsed as ToolSummary[] });
      const log = event === 'log' ? callEvent('log', parsed) : undefined;
      if (log?.type === 'log') onEvent(log);
    }
    return 'ended';
  }

  async getTool(name: string, signal?: AbortSignal): Promise<ToolDetail> {
    const body = await this.getJson(this.toolUrl(name), signal);
    // Execute posts to the URL of the detail's name: an answer that is not this tool's detail (a page, another tool)
    // must not become the form.
    if (typeof body !== 'object' || body === null || (body as ToolDetail).name !== name) {
      throw new ApiError(200, `The server's answer for “${name}” is not that tool's detail.`, body);
    }
    return body as ToolDetail;
  }

  /** Validates arguments on the server; null when the backend has no validate endpoint. */
  async validate(name: string, args: unknown, signal?: AbortSignal): Promise<ValidateResult | null> {
    const response = await fetch(this.validateUrl(name), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
      signal,
    });
    if (response.status === 404 || response.status === 405 || response.status === 501) return null;
    const body = await readJson(response);
    if (typeof body !== 'object' || body === null || typeof (body as ValidateResult).valid !== 'boolean') {
      if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, body), body);
      return null;
    }
    return body as ValidateResult;
  }

  /** The request `call` would send, for display (cURL) and for sending. */
  callRequest(name: string, args: Record<string, unknown>): CallRequest {
    // A server that can stream the call's progress and logs does so for this Accept; others answer JSON as ever.
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
    if (this.token) headers.Authorization = bearer(this.token);
    return { url: this.callUrl(name), method: 'POST', headers, body: JSON.stringify(args) };
  }

  /**
   * Runs a tool. Resolves with the outcome whenever the backend answered with a CallResult, plain or streamed; a
   * streamed answer reports its progress and logs to `onEvent` as they arrive.
   */
  async call(
    name: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
    onEvent?: (event: CallEvent) => void,
  ): Promise<CallOutcome> {
    const request = this.callRequest(name, args);
    const started = performance.now();
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal,
    });
    const streamed =
      response.ok && response.body && /^\s*text\/event-stream\b/i.test(response.headers.get('Content-Type') ?? '');
    const answer = streamed
      ? await readStreamedAnswer(response.body!, signal, onEvent)
      : {
          status: response.status,
          body: await readJson(response),
          outputCheck: parseJson(response.headers.get(OUTPUT_CHECK_HEADER)),
        };
    const durationMs = performance.now() - started;
    const { status, body } = answer;
    if (!isCallResult(body)) throw new ApiError(status, errorMessage(status, body), body);
    const outcome: CallOutcome = { name, arguments: args, status, durationMs, result: body, request };
    // No check, or one that does not parse: the result stands on its own.
    const outputCheck = asOutputCheck(answer.outputCheck);
    if (outputCheck) outcome.outputCheck = outputCheck;
    return outcome;
  }

  /**
   * Answers a question a call's server asked (MCP elicitation), with the token as the call sends it. Resolves when
   * the server took the answer; any other status is an ApiError (400 carries the field errors, see `answerErrors`).
   */
  async answer(name: string, id: string, answer: QuestionAnswer, signal?: AbortSignal): Promise<void> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.token) headers.Authorization = bearer(this.token);
    const response = await fetch(this.answerUrl(name, id), {
      method: 'POST',
      headers,
      body: JSON.stringify(answer),
      signal,
    });
    if (response.ok) return;
    const body = await readJson(response);
    throw new ApiError(response.status, errorMessage(response.status, body), body);
  }

  private async getJson(url: string, signal?: AbortSignal): Promise<unknown> {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
    const body = await readJson(response);
    if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, body), body);
    return body;
  }
}

/** A streamed call answer: `progress` and `log` events to `onEvent`, then the `result` event's status, body and check. */
async function readStreamedAnswer(
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

/** `Bearer <token>`, adding the scheme when the user pasted only the token. */
export function bearer(token: string): string {
  const trimmed = token.trim();
  return /^bearer\s/i.test(trimmed) ? `Bearer ${trimmed.slice(6).trim()}` : `Bearer ${trimmed}`;
}
