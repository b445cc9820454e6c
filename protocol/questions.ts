// Questions a running call asks its user (MCP elicitation and sampling): the `request` event that asks one, the
// `request-closed` event that withdraws it, the page's reading of a question, and the answer the page posts to
// `POST /tools/{name}/requests/{id}`. Nothing a server sends here is ever treated as markup.
import { isPlainObject } from './is-plain-object.js';
import type { JsonSchema } from './tools.js';

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
 * The params of an MCP `sampling/createMessage` request as the server sends them: only the fields MCP defines
 * (`messages`, `maxTokens`, `systemPrompt`, `modelPreferences`, `tools`, ...). The page reads them as a
 * `SamplingRequest`.
 */
export interface SamplingParams {
  messages: unknown[];
  maxTokens: number;
  [key: string]: unknown;
}

/** The data of a `request` event: the server's handle for the question (opaque), what it is, and its params. */
export type QuestionAsked =
  | { id: string; kind: 'elicitation'; params: FormElicitation | UrlElicitation }
  | { id: string; kind: 'sampling'; params: SamplingParams };

/** Why the server closed a question itself: its URL flow completed, or the call ended or was cancelled. */
export type QuestionClosedReason = 'completed' | 'cancelled';

/** The data of a `request-closed` event. */
export interface QuestionClosed {
  id: string;
  reason: QuestionClosedReason;
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
 * A question as the page reads a `request` event: the server asks the user something (MCP elicitation) or asks for a
 * model reply (MCP sampling), and waits.
 */
export interface CallQuestion {
  /** The server's handle for the question, for the answer's URL; opaque. */
  id: string;
  params: FormElicitation | UrlElicitation | SamplingRequest;
}

/**
 * The user's answer to a question (the body of `POST /tools/{name}/requests/{id}`): the values (form mode), consent
 * to open the link (URL mode), the model's reply (sampling), no, or not now.
 */
export type QuestionAnswer =
  | { action: 'accept'; content?: Record<string, unknown> }
  | { action: 'accept'; result: SamplingResult }
  | { action: 'decline' }
  | { action: 'cancel' };

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
export function decodeQuestion(data: unknown): CallQuestion | undefined {
  if (!isPlainObject(data)) return undefined;
  const { id, kind, params } = data;
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

/** A `request-closed` event's data, or undefined without an id; a reason other than `completed` reads `cancelled`. */
export function decodeQuestionClosed(data: unknown): QuestionClosed | undefined {
  if (!isPlainObject(data) || typeof data.id !== 'string') return undefined;
  return { id: data.id, reason: data.reason === 'completed' ? 'completed' : 'cancelled' };
}
