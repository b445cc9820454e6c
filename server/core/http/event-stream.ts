// The events of one streamed answer (Server-Sent Events), written as text for whichever adapter sends them. The core
// writes events as they happen; the adapter attaches a sink once it has sent the headers, and reports a client that
// went away. Events written before the sink attaches wait for it; events written after the end are dropped. Which
// events a stream carries, and the shape of each one's data, is the protocol's event map (protocol/call-events.ts):
// `send` takes only text its encoders made for that event.
import type { JsonText } from '../../../protocol/index.js';

/** Where an adapter sends the stream's text: node's ServerResponse, or a ReadableStream's controller. */
export interface EventSink {
  write(text: string): void;
  end(): void;
}

/**
 * How often a quiet stream gets a comment to keep its connection open: well inside the shortest idle limit a
 * supported runtime sets by default (Bun's `idleTimeout`, 10 s, checked only every few seconds), and inside what
 * proxies and load balancers allow (a minute or so).
 */
const KEEP_ALIVE_MS = 5_000;

/**
 * One answer's events. `Events` is the protocol's map of the events it carries (`CallEventMap`, `ToolsEventMap`);
 * the adapters, which only pass text on, take a stream of any events.
 */
export class EventStream<Events extends object = object> {
  #sink: EventSink | undefined;
  #waiting: string[] = [];
  #ended = false;
  /** The client went away (or was dropped): its sink takes nothing more, not even the end. */
  #gone = false;
  #keepAlive: ReturnType<typeof setInterval> | undefined;
  #onClientGone: (() => void) | undefined;

  /** Sends one event; `json` is its data, already serialised (JSON text has no line breaks, so it is one line). */
  send<K extends keyof Events & string>(event: K, json: JsonText<Events[K]>): void {
    this.#write(`event: ${event}\ndata: ${json}\n\n`);
  }

  /** Sends the last event and closes the stream. After the end, both steps do nothing: a second end sends nothing. */
  end<K extends keyof Events & string>(event: K, json: JsonText<Events[K]>): void {
    this.send(event, json);
    this.close();
  }

  /** Closes the stream without a last event (the server is shutting down). */
  close(): void {
    if (this.#ended) return;
    this.#ended = true;
    clearInterval(this.#keepAlive);
    this.#sink?.end();
  }

  /** Whether events still reach anyone: not after the end, nor once the client went away. */
  get open(): boolean {
    return !this.#ended;
  }

  /** For the adapter, once the headers are out: the text so far, then every event as it comes. */
  attach(sink: EventSink): void {
    this.#sink = sink;
    const waiting = this.#waiting;
    // Stryker disable next-line ArrayDeclaration: #waiting is never read after attach; emptying it only frees memory
    this.#waiting = [];
    // The adapter may find, while writing these, that the client is gone: then the rest is not written.
    for (let index = 0; index < waiting.length && !this.#gone; index++) sink.write(waiting[index]);
    if (this.#gone) return;
    if (this.#ended) return sink.end();
    this.#keepAlive = setInterval(() => sink.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    this.#keepAlive.unref?.();
  }

  /** For the adapter: the client went away (or stopped reading and was dropped). Nothing more is written. */
  clientGone(): void {
    this.#gone = true;
    if (this.#ended) return;
    this.#ended = true;
    clearInterval(this.#keepAlive);
    this.#onClientGone?.();
  }

  /** For the call: `listener` runs if the client goes away before the end. */
  onClientGone(listener: () => void): void {
    this.#onClientGone = listener;
  }

  #write(text: string): void {
    if (this.#ended) return;
    if (this.#sink) this.#sink.write(text);
    else this.#waiting.push(text);
  }
}
