// A request as the console's core sees it, whatever runtime it came from. The node adapter wraps node:http's
// IncomingMessage/ServerResponse, the Fetch adapter a Fetch `Request`; the core reads only through this interface, so
// routes, guards, validation and the call lifetime are written once.
import type { ReceivedBody } from './json-body.js';

/** The body read as JSON: the value, or why it is not JSON. */
export type ParsedBody = { ok: true; value: unknown } | { ok: false; error: SyntaxError };

export interface ConsoleRequest {
  readonly method: string;
  /** Path and query as received, e.g. `/tools?x=1`. */
  readonly url: string;
  /** The URL before a framework stripped its mount path from it (Express's `originalUrl`), when it did. */
  readonly originalUrl: string | undefined;
  /**
   * The authority the client addressed (`example.com:8000`), which the DNS-rebinding guard checks: the Host header
   * under node:http, the request URL's authority under the Fetch API (where runtimes put the Host header, or HTTP/2's
   * `:authority`, which no Host header carries).
   */
  readonly host: string | undefined;
  /** The scheme of the connection the request came on, `http` or `https` (a proxy in front may say otherwise). */
  readonly scheme: string;
  /** A header's value by its lower-case name. */
  header(name: string): string | undefined;
  /**
   * The body, read but not parsed (json-body.ts parses it); throws a 413 HttpError once it is known to exceed `limit`
   * bytes.
   */
  readBody(limit: number): Promise<ReceivedBody>;
  /**
   * Calls `listener` once if the client goes away before its answer is complete. Returns the unsubscribe function.
   * (A listener, not an AbortSignal: most calls finish without anyone asking, and a signal per request costs.)
   */
  onClientGone(listener: () => void): () => void;
  /** What the host's auth hook and tool handler receive: node's IncomingMessage, or the Fetch Request. */
  readonly raw: unknown;
}

/** Node's header record (`IncomingMessage.headers`), read by the node adapter and under @hono/node-server. */
export type NodeHeaderRecord = Readonly<Record<string, string | string[] | undefined>>;

/** A header of node's record by its lower-case name, repeated values joined as the Fetch API joins them. */
export function nodeHeader(headers: NodeHeaderRecord, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Whether the client asked for an event stream (`Accept` lists `text/event-stream`) rather than one answer. */
export function acceptsEventStream(request: ConsoleRequest): boolean {
  return request.header('accept')?.includes('text/event-stream') === true;
}
