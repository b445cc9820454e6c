// The events of the two streams the API sends (Server-Sent Events, each event's data one line of JSON): a streamed
// call's (`Accept: text/event-stream` on `POST /tools/{name}/call`) and a watched tool list's (the same Accept on
// `GET /tools`). One map per stream names every event and the shape of its data; the server writes each with the
// encoder below, the page reads each with the decoder below, so a field renamed on one side fails to compile on the
// other.
import { asOutputCheck, type CallResult, type OutputCheck } from './calls.js';
import { isPlainObject } from './is-plain-object.js';
import { jsonText, type JsonText } from './json-text.js';
import {
  decodeQuestion,
  decodeQuestionClosed,
  type CallQuestion,
  type QuestionAsked,
  type QuestionClosed,
} from './questions.js';
import type { ListChanged, ResourceUpdated } from './catalog.js';
import type { ToolsChanged, ToolSummary } from './tools.js';

/** A `progress` event of a live call: how far it is, of `total` when the tool knows it. */
export interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** A `log` event (of a live call, or of the watched list for what belongs to no call): `data` being any JSON. */
export interface CallLog {
  /** An MCP logging level (`debug` … `emergency`); a server may send others, shown as they are. */
  level: string;
  logger?: string;
  data: unknown;
}

/** Where a call that runs as an MCP task stands: `working`, `input_required`, `completed`, `failed`, `cancelled`. */
export interface CallTask {
  taskId: string;
  status: string;
  statusMessage?: string;
}

/** The last event of a streamed call: the status and body the plain answer would have had, and its output check. */
export interface CallResultEvent {
  status: number;
  result: CallResult;
  outputCheck?: OutputCheck;
}

/** Every event of a streamed call, by name, with its data. */
export interface CallEventMap {
  progress: CallProgress;
  log: CallLog;
  task: CallTask;
  request: QuestionAsked;
  'request-closed': QuestionClosed;
  result: CallResultEvent;
}

/**
 * Every event of a watched tool list, by name, with its data: the tool list's changes, and also those of the
 * resources and prompts (one stream per page tells it of everything the server offers).
 */
export interface ToolsEventMap {
  'tools-changed': ToolsChanged;
  /** The whole list: not sent by this server (it sends `tools-changed`), but a backend may push it. */
  tools: ToolSummary[];
  log: CallLog;
  /** The resource list or the templates changed: load them again. */
  'resources-changed': ListChanged;
  /** A resource the page subscribed to changed: read it again. */
  'resource-updated': ResourceUpdated;
  /** The prompt list changed: load it again. */
  'prompts-changed': ListChanged;
}

/**
 * The `result` event's parts, already JSON: the answer is serialised once, whether it goes out plain or streamed,
 * and spliced in as it is (the call's answer pays for no second pass).
 */
export interface CallResultEventText {
  status: number;
  result: JsonText<CallResult>;
  outputCheck: JsonText<OutputCheck> | undefined;
}

/** `data` as JSON text; a value JSON cannot express (a cycle, a BigInt) is sent as its string form. */
function anyJson(data: unknown): string {
  try {
    return JSON.stringify(data) ?? 'null';
  } catch {
    return JSON.stringify(String(data));
  }
}

/** A log event's data: `{level, logger?, data}`, whatever `data` holds (see `anyJson`). */
function encodeLog({ level, logger, data }: CallLog): JsonText<CallLog> {
  const source = logger === undefined ? '' : `,"logger":${JSON.stringify(logger)}`;
  return `{"level":${JSON.stringify(level)}${source},"data":${anyJson(data)}}` as JsonText<CallLog>;
}

/** The server's writers of a streamed call's events: each takes the event's data and gives the text to send. */
export const encodeCallEvent = {
  progress: (data: CallProgress) => jsonText(data),
  log: encodeLog,
  task: (data: CallTask) => jsonText(data),
  request: (data: QuestionAsked) => jsonText(data),
  'request-closed': (data: QuestionClosed) => jsonText(data),
  result: ({ status, result, outputCheck }: CallResultEventText) =>
    `{"status":${status},"result":${result}${outputCheck === undefined ? '' : `,"outputCheck":${outputCheck}`}}` as JsonText<CallResultEvent>,
} satisfies { [K in keyof CallEventMap]: (data: never) => JsonText<CallEventMap[K]> };

/** The server's writers of a watched list's events. */
export const encodeToolsEvent = {
  'tools-changed': (data: ToolsChanged) => jsonText(data),
  tools: (data: ToolSummary[]) => jsonText(data),
  log: encodeLog,
  'resources-changed': () => '{}' as JsonText<ListChanged>,
  'resource-updated': (data: ResourceUpdated) => jsonText(data),
  'prompts-changed': () => '{}' as JsonText<ListChanged>,
} satisfies { [K in keyof ToolsEventMap]: (data: never) => JsonText<ToolsEventMap[K]> };

/**
 * What the page reads of each call event: the map's data, but a question in the page's reading (see `CallQuestion`)
 * and a result whose body is checked by whoever shows it (an error answer's body is not a call result).
 */
export interface CallEventRead extends Omit<CallEventMap, 'request' | 'result'> {
  request: CallQuestion;
  result: { status: number; result: unknown; outputCheck?: OutputCheck };
}

/** A `log` event's data, or undefined without a level. */
function decodeLog(data: unknown): CallLog | undefined {
  if (!isPlainObject(data) || typeof data.level !== 'string') return undefined;
  const log: CallLog = { level: data.level, data: data.data };
  if (typeof data.logger === 'string') log.logger = data.logger;
  return log;
}

/**
 * The page's readers of a streamed call's events, from the event's parsed data: the data as the map says, or
 * undefined when it is not (the event is skipped). Fields of the wrong type are left out.
 */
export const decodeCallEvent = {
  progress: (data: unknown): CallProgress | undefined => {
    if (!isPlainObject(data) || !Number.isFinite(data.progress)) return undefined;
    const progress: CallProgress = { progress: data.progress as number };
    if (Number.isFinite(data.total)) progress.total = data.total as number;
    if (typeof data.message === 'string') progress.message = data.message;
    return progress;
  },
  log: decodeLog,
  task: (data: unknown): CallTask | undefined => {
    if (!isPlainObject(data) || typeof data.taskId !== 'string' || typeof data.status !== 'string') return undefined;
    const task: CallTask = { taskId: data.taskId, status: data.status };
    if (typeof data.statusMessage === 'string') task.statusMessage = data.statusMessage;
    return task;
  },
  request: decodeQuestion,
  'request-closed': decodeQuestionClosed,
  // Always read: a result event without an integer status is a 200, one without a check has none.
  result: (data: unknown): CallEventRead['result'] => {
    const { status, result, outputCheck } = isPlainObject(data) ? data : {};
    const read: CallEventRead['result'] = { status: Number.isInteger(status) ? (status as number) : 200, result };
    const check = asOutputCheck(outputCheck);
    if (check) read.outputCheck = check;
    return read;
  },
} satisfies { [K in keyof CallEventMap]: (data: unknown) => CallEventRead[K] | undefined };

/** The page's readers of a watched list's events. */
export const decodeToolsEvent = {
  'tools-changed': (data: unknown): ToolsChanged | undefined =>
    isPlainObject(data) && typeof data.etag === 'string' ? { etag: data.etag } : undefined,
  tools: (data: unknown): ToolSummary[] | undefined => (Array.isArray(data) ? (data as ToolSummary[]) : undefined),
  log: decodeLog,
  'resources-changed': (): ListChanged => ({}),
  'resource-updated': (data: unknown): ResourceUpdated | undefined =>
    isPlainObject(data) && typeof data.uri === 'string' ? { uri: data.uri } : undefined,
  'prompts-changed': (): ListChanged => ({}),
} satisfies { [K in keyof ToolsEventMap]: (data: unknown) => ToolsEventMap[K] | undefined };
