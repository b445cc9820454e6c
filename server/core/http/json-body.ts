// Request bodies parsed as JSON without prototype tricks, whichever adapter read them.
import type { ConsoleRequest, ParsedBody } from './console-request.js';
import { HttpError } from './http-error.js';

// 413 closes the connection: the rest of an oversized body is not worth reading. The limit travels as a number too,
// so a client (the page's form) can say how far over it is without parsing the message.
export function bodyTooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body exceeds ${limit} bytes.`, { Connection: 'close' }, true, {
    limitBytes: limit,
  });
}

// JSON.parse makes `__proto__` an own property, which is safe until someone Object.assign()s it somewhere; drop it.
// The reviver is slow, so it only runs when the text could spell `__proto__` (directly or with escapes).
function dropProtoKeys(this: unknown, key: string, value: unknown): unknown {
  return key === '__proto__' ? undefined : value;
}

/** Parses JSON text; throws a SyntaxError for text that is not JSON. */
export function parseJson(text: string): unknown {
  return text.includes('__proto__') || text.includes('\\u') ? JSON.parse(text, dropProtoKeys) : JSON.parse(text);
}

export function parseJsonText(text: string): ParsedBody {
  try {
    return { ok: true, value: parseJson(text) };
  } catch (error) {
    return { ok: false, error: error as SyntaxError };
  }
}

/**
 * A body the host's own parser already read (Express's `express.json()`): it gets the cleaning our own parser gives
 * (no `__proto__` keys, JSON values only), by being written out and read back as JSON.
 */
export function reparseHostBody(parsedByHost: unknown): ParsedBody {
  if (typeof parsedByHost === 'string') return parseJsonText(parsedByHost);
  let text: string | undefined;
  try {
    text = JSON.stringify(parsedByHost);
  } catch (error) {
    return { ok: false, error: new SyntaxError(`The parsed body is not JSON: ${(error as Error).message}`) };
  }
  return text === undefined ? { ok: true, value: undefined } : parseJsonText(text);
}

/** A body the host's own parser read (Express's `express.json()`), not yet cleaned by ours. */
export class HostParsedBody {
  constructor(readonly value: unknown) {}
}

/**
 * A body as received, within its limit but not parsed yet: its text, or what the host's parser made of it. Parsing
 * waits until someone needs the value, so a call the auth hook refuses never pays for it (a few `\\u` escapes make
 * a 1 MiB body cost ten times as much to parse).
 */
export type ReceivedBody = string | HostParsedBody;

export function parseBody(body: ReceivedBody): ParsedBody {
  return typeof body === 'string' ? parseJsonText(body) : reparseHostBody(body.value);
}

/** The request's body parsed as JSON; a 413 HttpError once it is known to exceed `limit` bytes. */
export function readJson(request: ConsoleRequest, limit: number): Promise<ParsedBody> {
  return request.readBody(limit).then(parseBody);
}
