// Request bodies: capped while streaming (never buffered past the limit) and parsed without prototype tricks.
import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.js';

// 413 closes the connection: the rest of an oversized body is not worth reading.
function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body exceeds ${limit} bytes.`, { Connection: 'close' });
}

/** The body as text; 413 as soon as it is known to exceed `limit` bytes. */
export function readBodyText(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onEndedEarly);
      req.off('close', onEndedEarly);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // Keep the stream flowing into nothing until the 413 has been written and the socket closed.
        req.resume();
        reject(tooLarge(limit));
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8'));
    };
    // A client that hangs up mid-body makes node emit an 'aborted' error before 'close': both are the client
    // leaving, an expected 400 (nobody reads it), not a server failure for the error log.
    const onEndedEarly = () => {
      cleanup();
      reject(new HttpError(400, 'The request body ended early.'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onEndedEarly);
    req.on('close', onEndedEarly);
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

export type ParsedBody = { ok: true; value: unknown } | { ok: false; error: SyntaxError };

/**
 * Reads and parses the JSON body. Behind body-parsing middleware (Express's `express.json()`) the stream has already
 * been consumed, so `req.body` is used instead of waiting for a stream that will never end.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<ParsedBody> {
  const parsedByHost = (req as IncomingMessage & { body?: unknown }).body;
  if (req.readableEnded && parsedByHost !== undefined) {
    if (Number(req.headers['content-length']) > limit) throw tooLarge(limit);
    // Whatever the host's parser made of the body, it gets the cleaning our own parser gives (no `__proto__` keys,
    // JSON values only): written out and read back as JSON.
    if (typeof parsedByHost === 'string') return parseText(parsedByHost);
    let text: string | undefined;
    try {
      text = JSON.stringify(parsedByHost);
    } catch (error) {
      return { ok: false, error: new SyntaxError(`The parsed body is not JSON: ${(error as Error).message}`) };
    }
    return text === undefined ? { ok: true, value: undefined } : parseText(text);
  }
  return parseText(await readBodyText(req, limit));
}

function parseText(text: string): ParsedBody {
  try {
    return { ok: true, value: parseJson(text) };
  } catch (error) {
    return { ok: false, error: error as SyntaxError };
  }
}
