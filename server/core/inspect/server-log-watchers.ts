// Pages that follow the protocol log live (`GET /server/log` with `Accept: text/event-stream`): each stream gets the
// state at once and the entries past `?after=` it missed, then every `entry` (filtered as its query asks), `dropped`
// when the ring drops, the server's `stderr` lines and its `state` when a connection opens, drops or fails. At most
// `maxWatchers` pages follow at once (as many as may watch the tool list); one that stops reading is dropped by the
// adapter (node: after `writeTimeoutMs`).
import { EventStream } from '../http/event-stream.js';
import { HttpError } from '../http/http-error.js';
import { eventStreamReply, type Reply } from '../http/reply.js';
import { encodeServerLogEvent, type ServerLogEventMap } from '../../../protocol/index.js';
import { matchesQuery, type LogQuery } from './log-query.js';
import type { ServerInspector } from './server-inspector.js';

// A page refused for being one too many tries again after this long (as for the tool list's watchers).
const RETRY_AFTER_SECONDS = '5';

export class ServerLogWatchers {
  readonly #streams = new Map<EventStream<ServerLogEventMap>, () => void>();
  readonly #maxWatchers: number;

  constructor(maxWatchers: number) {
    this.#maxWatchers = maxWatchers;
  }

  /** A new follower's stream; 503 when `maxWatchers` pages follow already. */
  watch(inspector: ServerInspector, query: LogQuery): Reply {
    if (this.#streams.size >= this.#maxWatchers) {
      throw new HttpError(
        503,
        `Too many pages are following the protocol log (at most ${this.#maxWatchers}, the maxWatchers option); try again later.`,
        { 'Retry-After': RETRY_AFTER_SECONDS },
        true,
      );
    }
    const stream = new EventStream<ServerLogEventMap>();
    stream.send('state', encodeServerLogEvent.state(inspector.state()));
    if (query.after !== undefined) {
      for (const entry of inspector.log().entries) {
        if (matchesQuery(entry, query)) stream.send('entry', encodeServerLogEvent.entry(entry));
      }
    }
    // Live entries are past any `after`: only the method and direction filter them.
    const live = { ...query, after: undefined };
    const stop = inspector.watch({
      entry: (entry) => matchesQuery(entry, live) && stream.send('entry', encodeServerLogEvent.entry(entry)),
      dropped: (dropped) => stream.send('dropped', encodeServerLogEvent.dropped({ dropped })),
      stderr: (line) => stream.send('stderr', encodeServerLogEvent.stderr({ line })),
      state: (state) => stream.send('state', encodeServerLogEvent.state(state)),
    });
    this.#streams.set(stream, stop);
    stream.onClientGone(() => this.#forget(stream));
    const reply = eventStreamReply(stream);
    return { ...reply, headers: { ...reply.headers, 'Cache-Control': 'no-store, no-transform' } };
  }

  #forget(stream: EventStream<ServerLogEventMap>): void {
    // Stryker disable next-line OptionalChaining: a stream is forgotten at most once, while it is still held (a stream
    // closed by closeAll never reports its client gone)
    this.#streams.get(stream)?.();
    this.#streams.delete(stream);
  }

  /** Ends every follower's stream (the server is closing). */
  closeAll(): void {
    for (const [stream, stop] of this.#streams) {
      stop();
      stream.close();
    }
    this.#streams.clear();
  }
}
