// node:http's request and response as a ConsoleRequest. The body is read from the stream with its cap enforced while
// it arrives (never buffered past the limit); behind a host's body parser (Express's `express.json()`) the stream is
// already consumed, so `req.body` is used instead of waiting for a stream that will never end.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { nodeHeader, type ConsoleRequest } from '../core/http/console-request.js';
import { HttpError } from '../core/http/http-error.js';
import { bodyTooLarge, HostParsedBody, type ReceivedBody } from '../core/http/json-body.js';
import { exceedsBytes } from '../core/calls/json-shape.js';

type HostRequest = IncomingMessage & { body?: unknown; originalUrl?: unknown };

/** The body as text; 413 as soon as it is known to exceed `limit` bytes. */
function readBodyText(req: IncomingMessage, limit: number): Promise<string> {
  if (Number(req.headers['content-length']) > limit) return Promise.reject(bodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Stryker disable BlockStatement,StringLiteral: letting go of the listeners (and the chunks they hold) sooner changes no answer: once settled, the promise ignores them
    const cleanup = () => {
      req.off('data', handleData);
      req.off('end', handleEnd);
      req.off('error', handleEndedEarly);
      req.off('close', handleEndedEarly);
    };
    // Stryker restore BlockStatement,StringLiteral
    const handleData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // Keep the stream flowing into nothing until the 413 has been written and the socket closed.
        req.resume();
        reject(bodyTooLarge(limit));
      } else {
        chunks.push(chunk);
      }
    };
    const handleEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size).toString('utf8'));
    };
    // A client that hangs up mid-body makes node emit an 'aborted' error before 'close': both are the client
    // leaving, an expected 400 (nobody reads it), not a server failure for the error log.
    const handleEndedEarly = () => {
      cleanup();
      reject(new HttpError(400, 'The request body ended early.'));
    };
    req.on('data', handleData);
    req.on('end', handleEnd);
    // Stryker disable next-line StringLiteral: 'close' follows the error of a client that left, and ends the read alike
    req.on('error', handleEndedEarly);
    req.on('close', handleEndedEarly);
  });
}

export class NodeRequest implements ConsoleRequest {
  readonly #req: HostRequest;
  readonly #res: ServerResponse;

  constructor(req: IncomingMessage, res: ServerResponse) {
    this.#req = req;
    this.#res = res;
  }

  get method(): string {
    // Stryker disable next-line StringLiteral: node's server gives every request it hands over a method, so 'GET' is never used
    return this.#req.method ?? 'GET';
  }

  get url(): string {
    // Stryker disable next-line StringLiteral: node's server gives every request it hands over a url, so '/' is never used
    return this.#req.url ?? '/';
  }

  get originalUrl(): string | undefined {
    const original = this.#req.originalUrl;
    return typeof original === 'string' ? original : undefined;
  }

  get host(): string | undefined {
    return this.#req.headers.host;
  }

  get scheme(): string {
    // Stryker disable next-line OptionalChaining: node's server gives every request it hands over its socket
    return (this.#req.socket as TLSSocket | null)?.encrypted === true ? 'https' : 'http';
  }

  get raw(): IncomingMessage {
    return this.#req;
  }

  header(name: string): string | undefined {
    return nodeHeader(this.#req.headers, name);
  }

  readBody(limit: number): Promise<ReceivedBody> {
    const req = this.#req;
    if (!(req.readableEnded && req.body !== undefined)) return readBodyText(req, limit);
    // The host's parser takes bodies as large as it was told to (express.json({limit: '20mb'})): the console's own
    // limit still holds. The declared length says it at once, unless the body came compressed (the parser inflated
    // it, and the length is the compressed one) or chunked (no length): then the value itself is measured.
    const declared = req.headers['content-length'];
    const encoding = req.headers['content-encoding'];
    // (node's parser has cut the whitespace around a header's value already.)
    const plain = encoding === undefined || encoding.toLowerCase() === 'identity';
    const tooLarge = declared !== undefined && plain ? Number(declared) > limit : exceedsBytes(req.body, limit);
    if (tooLarge) return Promise.reject(bodyTooLarge(limit));
    // Text the host read (express.text()) is parsed as JSON from there, as our own text is.
    return Promise.resolve(new HostParsedBody(req.body));
  }

  onClientGone(listener: () => void): () => void {
    const res = this.#res;
    const handleClose = () => {
      if (!res.writableFinished) listener();
    };
    res.on('close', handleClose);
    return () => res.off('close', handleClose);
  }
}
