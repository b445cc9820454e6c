// A Fetch API `Request` as a ConsoleRequest: Bun, Deno, Cloudflare Workers, Hono and anything else that speaks
// `(request: Request) => Response`. A body that declares its length (within the limit) is read whole, the runtime's
// fast path; one that does not (chunked) is read from its stream with the cap enforced while it arrives.
import { nodeHeader, type ConsoleRequest, type NodeHeaderRecord } from '../core/http/console-request.js';
import { utf8Text } from '../core/platform/bytes.js';
import { bodyTooLarge } from '../core/http/json-body.js';

async function readStreamedText(body: ReadableStream<Uint8Array>, limit: number): Promise<string> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => {});
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return utf8Text(whole);
}

/**
 * The body as text, within `limit` bytes; `declared`: its Content-Length. Not an async function: the common case is
 * the runtime's own promise.
 */
function readBodyText(request: Request, declared: string | undefined, limit: number): Promise<string> {
  if (declared !== undefined) {
    if (Number(declared) > limit) return Promise.reject(bodyTooLarge(limit));
    // The HTTP parser holds the body to its declared length, so reading it whole cannot exceed the limit.
    return request.text();
  }
  if (request.body === null) return Promise.resolve('');
  return readStreamedText(request.body, limit);
}

export class FetchRequest implements ConsoleRequest {
  readonly #request: Request;
  // Taken once, when first needed: under some runtimes (@hono/node-server) `headers` is a getter that builds its object.
  #headers: Headers | undefined;
  /** Node's header record behind the request, when the server handed it over (see incoming-headers.ts). */
  readonly #incomingHeaders: NodeHeaderRecord | undefined;
  readonly url: string;
  readonly host: string;

  constructor(request: Request, incomingHeaders?: NodeHeaderRecord) {
    this.#request = request;
    this.#incomingHeaders = incomingHeaders;
    const url = request.url;
    // A request URL is absolute: `scheme://host/path?query`, and a scheme has no colon (a one-character search is
    // the cheaper one).
    const hostStart = url.indexOf(':') + 3;
    const pathStart = url.indexOf('/', hostStart);
    this.host = url.slice(hostStart, pathStart);
    this.url = url.slice(pathStart);
  }

  get method(): string {
    return this.#request.method;
  }

  get originalUrl(): undefined {
    return undefined;
  }

  get scheme(): string {
    const url = this.#request.url;
    return url.slice(0, url.indexOf(':')).toLowerCase();
  }

  get raw(): Request {
    return this.#request;
  }

  header(name: string): string | undefined {
    if (this.#incomingHeaders !== undefined) return nodeHeader(this.#incomingHeaders, name);
    return (this.#headers ??= this.#request.headers).get(name) ?? undefined;
  }

  readBody(limit: number): Promise<string> {
    return readBodyText(this.#request, this.header('content-length'), limit);
  }

  onClientGone(listener: () => void): () => void {
    const signal = this.#request.signal;
    // Some runtimes abort a request's signal once its answer is sent: only an abort before that means the client left.
    let answered = false;
    const handleAbort = () => answered || listener();
    signal.addEventListener('abort', handleAbort, { once: true });
    return () => {
      answered = true;
      signal.removeEventListener('abort', handleAbort);
    };
  }
}
