// Routes describe answers as plain values; `send` (send.ts) is the only place that writes a response. A Reply carries its
// complete headers (nosniff and Content-Length included), so answers that never change are built once and sent
// as they are.
import type { EventStream } from './event-stream.js';
import { utf8ByteLength } from '../platform/bytes.js';
import { HttpError } from './http-error.js';
import type { Logger } from '../../types.js';

/** Header names as written; values as node:http and the Fetch API both take them. */
export type ReplyHeaders = Record<string, string | number>;

/**
 * The Content-Length of `body`, as every reply writes it: a string, because node checks each header value with a
 * regular expression, and a number takes its slow path (callgrind).
 */
export function contentLength(body: string | Uint8Array | undefined): string {
  return body === undefined ? '0' : String(typeof body === 'string' ? utf8ByteLength(body) : body.byteLength);
}

export interface Reply {
  status: number;
  headers: ReplyHeaders;
  body?: string | Uint8Array;
  /** Instead of a body: events the adapter sends as they come (Server-Sent Events). */
  stream?: EventStream;
}

/** A reply with the headers every answer carries; 204 has no body and so no Content-Length. */
export function createReply(status: number, headers: ReplyHeaders, body?: string | Uint8Array): Reply {
  const complete: ReplyHeaders = { ...headers, 'X-Content-Type-Options': 'nosniff' };
  if (status !== 204) complete['Content-Length'] = contentLength(body);
  return { status, headers: complete, body };
}

/** 200 with a stream of events; no Content-Length, nothing cached or transformed on the way. */
export function eventStreamReply(stream: EventStream): Reply {
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      'X-Content-Type-Options': 'nosniff',
      // nginx buffers answers unless told otherwise; events must arrive as they happen.
      'X-Accel-Buffering': 'no',
    },
    stream,
  };
}

export function jsonTextReply(status: number, text: string | Uint8Array, headers?: ReplyHeaders): Reply {
  if (headers) return createReply(status, { 'Content-Type': 'application/json', ...headers }, text);
  // The common case as one fixed-shape literal: cheaper than spreading on every call.
  return {
    status,
    headers: {
      'Content-Type': 'application/json',
      'X-Content-Type-Options': 'nosniff',
      'Content-Length': contentLength(text),
    },
    body: text,
  };
}

export function jsonReply(status: number, value: unknown, headers?: ReplyHeaders): Reply {
  return jsonTextReply(status, JSON.stringify(value), headers);
}

/** Turns anything a route threw into an answer; only HttpErrors below 500 show their message. */
export function errorReply(error: unknown, logger: Logger): Reply {
  if (error instanceof HttpError && error.expose) {
    return jsonReply(error.status, { error: error.message, ...error.fields }, error.headers);
  }
  logger.error('tool-console: request failed:', error);
  const status = error instanceof HttpError ? error.status : 500;
  return jsonReply(status, { error: 'Internal Server Error' }, error instanceof HttpError ? error.headers : undefined);
}
