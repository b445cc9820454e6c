// The live half of the wire, as the page takes it in: the events of a streamed call or of the watched tool list,
// each read by the protocol's decoder for it (protocol/call-events.ts) and handed on as one of these tagged values,
// or skipped. Nothing a server sends is ever treated as markup.
import {
  decodeCallEvent,
  decodeToolsEvent,
  parseJson,
  type CallEventRead,
  type CallLog,
  type CallProgress,
  type CallQuestion,
  type CallTask,
  type QuestionClosedReason,
  type ToolSummary,
} from '../../protocol/index.js';
import { readEventStream } from '../event-stream.js';

/**
 * What watching the tool list brings: the list, anew; a server log message that belongs to no call; and word that the
 * resources, the prompts or one subscribed resource changed (load or read them again).
 */
export type ToolsEvent =
  | { type: 'tools'; tools: ToolSummary[] }
  | { type: 'log'; log: CallLog }
  | { type: 'resources-changed' }
  | { type: 'prompts-changed' }
  | { type: 'resource-updated'; uri: string };

/** What a live call reports before its result. */
export type CallEvent =
  | { type: 'progress'; progress: CallProgress }
  | { type: 'task'; task: CallTask }
  | { type: 'log'; log: CallLog }
  | { type: 'request'; question: CallQuestion }
  | { type: 'request-closed'; id: string; reason: QuestionClosedReason };

/** A live call's event from its type and data, or undefined when it is not one the page knows (it is skipped). */
export function callEvent(type: string, data: unknown): CallEvent | undefined {
  switch (type) {
    case 'progress': {
      const progress = decodeCallEvent.progress(data);
      return progress && { type, progress };
    }
    case 'log': {
      const log = decodeCallEvent.log(data);
      return log && { type, log };
    }
    case 'task': {
      const task = decodeCallEvent.task(data);
      return task && { type, task };
    }
    case 'request': {
      const question = decodeCallEvent.request(data);
      return question && { type, question };
    }
    case 'request-closed': {
      const closed = decodeCallEvent['request-closed'](data);
      return closed && { type, ...closed };
    }
  }
  return undefined;
}

/** A watched list's event from its type and data, or undefined when it carries nothing to hand on. */
export function toolsEvent(type: string, data: unknown): ToolsEvent | undefined {
  if (type === 'tools') {
    const tools = decodeToolsEvent.tools(data);
    return tools && { type, tools };
  }
  if (type === 'log') {
    const log = decodeToolsEvent.log(data);
    return log && { type, log };
  }
  if (type === 'resources-changed' || type === 'prompts-changed') return { type };
  if (type === 'resource-updated') {
    const updated = decodeToolsEvent['resource-updated'](data);
    return updated && { type, uri: updated.uri };
  }
  return undefined;
}

/** A streamed call answer: its events to `onEvent` as they come, then what its `result` event says. */
export async function readStreamedAnswer(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal | undefined,
  onEvent: ((event: CallEvent) => void) | undefined,
): Promise<CallEventRead['result']> {
  try {
    for await (const { event, data } of readEventStream(body, signal)) {
      const parsed = parseJson(data);
      if (event === 'result') return decodeCallEvent.result(parsed);
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
