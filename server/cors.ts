// Cross-origin access for exactly the configured origins. With no `corsOrigins`, no CORS header is ever sent.
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { createReply, type Reply } from './reply.js';

const ALLOWED_REQUEST_HEADERS = 'Authorization, Content-Type';

export class CorsPolicy {
  readonly #origins: '*' | ReadonlySet<string> | undefined;

  constructor(origins: '*' | ReadonlySet<string> | undefined) {
    this.#origins = origins;
  }

  /** Headers for an ordinary answer: the grant for an allowed origin, and `Vary: Origin` so caches keep them apart. */
  headersFor(req: IncomingMessage): OutgoingHttpHeaders | undefined {
    const origins = this.#origins;
    if (origins === undefined) return undefined;
    if (origins === '*') return { 'Access-Control-Allow-Origin': '*' };
    const origin = req.headers.origin;
    return origin !== undefined && origins.has(origin)
      ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
      : { Vary: 'Origin' };
  }

  /** The answer to OPTIONS on a known path; a preflight from an allowed origin also gets methods and headers. */
  preflight(req: IncomingMessage, allow: string): Reply {
    const grant = this.headersFor(req);
    const isPreflight = req.headers['access-control-request-method'] !== undefined;
    if (!grant?.['Access-Control-Allow-Origin'] || !isPreflight) return createReply(204, { Allow: allow });
    return createReply(204, {
      Allow: allow,
      'Access-Control-Allow-Methods': allow,
      'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS,
      'Access-Control-Max-Age': '600',
    });
  }
}
