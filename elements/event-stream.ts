// Server-sent events, read from a fetch body as the HTML standard's event-stream parser reads them
// (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation): EventSource cannot
// POST, so a call's live answer is parsed here. Text only: nothing in a stream is ever treated as markup.

/** One dispatched event: its type (`message` when the stream named none) and its data lines joined by `\n`. */
export interface StreamEvent {
  event: string;
  data: string;
}

/** The stream's media type, in any case, with or without parameters (Headers trim the spaces around a value). */
const EVENT_STREAM_TYPE = /^text\/event-stream\b/i;

/** Whether `response` is a stream of events to read: a 2xx whose body is `text/event-stream`. */
export function isEventStream(response: Response): response is Response & { body: ReadableStream<Uint8Array> } {
  const type = response.headers.get('Content-Type');
  // Stryker disable next-line StringLiteral: test() reads a missing type (null) as "null", no stream either way
  return response.ok && response.body !== null && EVENT_STREAM_TYPE.test(type ?? '');
}

/** A line ends at CRLF, CR or LF; a CR at the end of what has arrived may be the first half of a CRLF. */
const LINE_END = /\r\n|\r|\n/g;

/**
 * The events of `body` as they arrive. Comments (`:` keep-alives), `id`, `retry` and unknown fields are skipped, an
 * event without data is not dispatched, and an event the stream ends in the middle of is dropped, as the standard
 * says. When `signal` aborts, the body is cancelled and the events simply stop; the caller decides what that means.
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  // Not `once`: the listener goes when the reading ends, however it ends (the finally below).
  signal?.addEventListener('abort', stop);
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  try {
    if (signal?.aborted) return;
    for (let done = false; !done;) {
      const chunk = await reader.read();
      done = chunk.done;
      buffer += done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      let start = 0;
      LINE_END.lastIndex = 0;
      for (let end = LINE_END.exec(buffer); end; end = LINE_END.exec(buffer)) {
        if (end[0] === '\r' && LINE_END.lastIndex === buffer.length && !done) break;
        const line = buffer.slice(start, end.index);
        start = LINE_END.lastIndex;
        if (line === '') {
          if (data.length) yield { event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
          continue;
        }
        const colon = line.indexOf(':');
        if (colon === 0) continue;
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      buffer = buffer.slice(start);
    }
  } finally {
    // Stryker disable next-line StringLiteral: a later abort would only cancel the finished reader again, a no-op
    signal?.removeEventListener('abort', stop);
    // Leaving early (the answer is in, or the reader gave up) frees the connection.
    stop();
  }
}
