// Routes describe answers as plain values; `send` is the only place that writes a response.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { HttpError } from './http-error.js';
import type { Logger } from './types.js';

export interface Reply {
  status: number;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
}

export const JSON_TYPE = { 'Content-Type': 'application/json' } as const;

/** A JSON answer whose text is already serialised (cached discovery answers). */
export function jsonTextReply(status: number, text: string | Buffer, headers?: OutgoingHttpHeaders): Reply {
  return { status, headers: headers ? { ...JSON_TYPE, ...headers } : JSON_TYPE, body: text };
}

export function jsonReply(status: number, value: unknown, headers?: OutgoingHttpHeaders): Reply {
  return jsonTextReply(status, JSON.stringify(value), headers);
}

/** Turns anything a route threw into an answer; only HttpErrors below 500 show their message. */
export function errorReply(error: unknown, logger: Logger): Reply {
  if (error instanceof HttpError && error.expose) {
    return jsonReply(error.status, { error: error.message }, error.headers);
  }
  logger.error('tool-console: request failed:', error);
  const status = error instanceof HttpError ? error.status : 500;
  return jsonReply(status, { error: 'Internal Server Error' }, error instanceof HttpError ? error.headers : undefined);
}

/** Writes a reply with the headers every answer carries, plus `extraHeaders` (CORS). */
export function send(res: ServerResponse, reply: Reply, extraHeaders?: OutgoingHttpHeaders): void {
  if (res.headersSent || res.destroyed) return;
  const body = reply.body ?? '';
  res.writeHead(reply.status, {
    ...reply.headers,
    ...extraHeaders,
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': typeof body === 'string' ? Buffer.byteLength(body) : body.length,
  });
  res.end(body);
}
