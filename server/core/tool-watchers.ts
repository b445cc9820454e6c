// Pages that watch the tool list (`GET /tools` with `Accept: text/event-stream`): each gets a `tools` event with the
// summaries at once and again whenever the host says the list changed, and the host's log messages that belong to no
// call as `log` events. The streams end when the server shuts down.
import type { ToolCatalog } from './catalog.js';
import { isPromiseLike } from './catalog.js';
import { cachedJsonReply } from './cached-reply.js';
import { EventStream } from './event-stream.js';
import { eventStreamReply, type Reply } from './reply.js';
import { logEventJson } from './log-event.js';
import type { ConsoleNotifier, Logger, LogLevel } from '../types.js';

export class ToolWatchers implements ConsoleNotifier {
  readonly #streams = new Set<EventStream>();
  readonly #catalog: ToolCatalog;
  readonly #logger: Logger;

  constructor(catalog: ToolCatalog, logger: Logger) {
    this.#catalog = catalog;
    this.#logger = logger;
  }

  /**
   * A new watcher's stream: the list as it is now (unless `If-None-Match` names it: a page that has just loaded the
   * list need not get its megabytes again), then every change.
   */
  watch(ifNoneMatch: string | undefined): Reply {
    const stream = new EventStream();
    this.#streams.add(stream);
    stream.onClientGone(() => this.#streams.delete(stream));
    this.#sendTools([stream], ifNoneMatch);
    return eventStreamReply(stream);
  }

  toolsChanged(): void {
    if (this.#streams.size) this.#sendTools([...this.#streams]);
  }

  log(level: LogLevel, data: unknown, logger?: string): void {
    const json = logEventJson('notifier.log', level, data, logger);
    for (const stream of this.#streams) stream.send('log', json);
  }

  /** Ends every watcher's stream (the server is closing). */
  closeAll(): void {
    for (const stream of this.#streams) stream.close();
    this.#streams.clear();
  }

  #sendTools(streams: EventStream[], ifNoneMatch?: string): void {
    const send = (json: Buffer) => {
      // The discovery route's cached reply for this list knows its hash (made once per list, shared with GET /tools).
      if (ifNoneMatch !== undefined && cachedJsonReply(json).namedBy(ifNoneMatch)) return;
      const text = json.toString('utf8');
      for (const stream of streams) stream.send('tools', text);
    };
    const fail = (error: unknown) => this.#logger.error('tool-console: could not send the changed tool list:', error);
    try {
      const snapshot = this.#catalog.current();
      if (isPromiseLike(snapshot)) snapshot.then((done) => send(done.summariesJson()), fail);
      else send(snapshot.summariesJson());
    } catch (error) {
      fail(error);
    }
  }
}
