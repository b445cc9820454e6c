// Pages that watch the tool list (`GET /tools` with `Accept: text/event-stream`): each gets a `tools-changed` event
// naming the list's ETag at once and again whenever the host says the list changed, and the host's log messages that
// belong to no call as `log` events, and that the resources or prompts changed (`resources-changed`,
// `prompts-changed`) or a subscribed resource did (`resource-updated`). The streams end when the server shuts down.
//
// What watching costs is bounded by design: an event is a few dozen bytes whatever the list's size (the page fetches
// the list itself, cached, compressed and 304 when unchanged), and at most `maxWatchers` pages watch at once. A
// watcher that stops reading is dropped by the adapter (node: after `writeTimeoutMs` without draining).
import type { ToolCatalog } from './catalog.js';
import { andThen } from '../maybe-async.js';
import { cachedJsonReply } from '../http/cached-reply.js';
import { EventStream } from '../http/event-stream.js';
import { HttpError } from '../http/http-error.js';
import { eventStreamReply, type Reply } from '../http/reply.js';
import { logEventJson } from '../questions/log-event.js';
import type { ConsoleNotifier, Logger, LogLevel } from '../../types.js';
import { encodeToolsEvent, TOOLS_CHANGED_EVENT, type JsonText, type ToolsEventMap } from '../../../protocol/index.js';

// A page refused for being one too many tries again after this long (the page's own first retry is 5 s).
const RETRY_AFTER_SECONDS = '5';

export class ToolWatchers implements ConsoleNotifier {
  readonly #streams = new Set<EventStream<ToolsEventMap>>();
  readonly #catalog: ToolCatalog;
  readonly #logger: Logger;
  readonly #maxWatchers: number;

  constructor(catalog: ToolCatalog, logger: Logger, maxWatchers: number) {
    this.#catalog = catalog;
    this.#logger = logger;
    this.#maxWatchers = maxWatchers;
  }

  /**
   * A new watcher's stream: which list is current (unless `If-None-Match` names it: a page that has just loaded it
   * knows), then every change. 503 when `maxWatchers` pages watch already.
   */
  watch(ifNoneMatch: string | undefined): Reply {
    if (this.#streams.size >= this.#maxWatchers) {
      throw new HttpError(
        503,
        `Too many pages are watching the tool list (at most ${this.#maxWatchers}, the maxWatchers option); try again later.`,
        { 'Retry-After': RETRY_AFTER_SECONDS },
        true,
      );
    }
    const stream = new EventStream<ToolsEventMap>();
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

  resourcesChanged(): void {
    this.#broadcast('resources-changed', encodeToolsEvent['resources-changed']());
  }

  promptsChanged(): void {
    this.#broadcast('prompts-changed', encodeToolsEvent['prompts-changed']());
  }

  /** Every watching page hears of it: a page that did not subscribe to `uri` shows no such resource and ignores it. */
  resourceUpdated(uri: string): void {
    if (typeof uri !== 'string') return;
    this.#broadcast('resource-updated', encodeToolsEvent['resource-updated']({ uri }));
  }

  #broadcast<K extends 'resources-changed' | 'prompts-changed' | 'resource-updated'>(
    event: K,
    json: JsonText<ToolsEventMap[K]>,
  ): void {
    for (const stream of this.#streams) stream.send(event, json);
  }

  /** Ends every watcher's stream (the server is closing). */
  closeAll(): void {
    for (const stream of this.#streams) stream.close();
    this.#streams.clear();
  }

  #sendTools(streams: EventStream<ToolsEventMap>[], ifNoneMatch?: string): void {
    const send = (json: Uint8Array) => {
      // The discovery route's cached reply for this list knows its hash and tag (made once per list, shared with
      // GET /tools).
      const list = cachedJsonReply(json);
      // (namedBy is false for a watcher that named no list.)
      if (list.namedBy(ifNoneMatch)) return;
      const text = encodeToolsEvent[TOOLS_CHANGED_EVENT]({ etag: String(list.identity.headers.ETag) });
      for (const stream of streams) stream.send(TOOLS_CHANGED_EVENT, text);
    };
    const fail = (error: unknown) =>
      this.#logger.error('tool-console: could not tell of the changed tool list:', error);
    try {
      void andThen(this.#catalog.current(), (snapshot) => send(snapshot.summariesJson()), fail);
    } catch (error) {
      fail(error);
    }
  }
}
