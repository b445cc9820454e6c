// Cross-origin access for exactly the configured origins. With no `corsOrigins`, no CORS header is ever sent.
import type { ConsoleRequest } from './console-request.js';
import { createReply, type Reply, type ReplyHeaders } from './reply.js';
import { CALL_MODE_HEADER, CALLER_HEADER, OUTPUT_CHECK_HEADER } from '../../../protocol/index.js';

const ALLOWED_REQUEST_HEADERS = `Authorization, Content-Type, ${CALL_MODE_HEADER}, ${CALLER_HEADER}`;
// A cross-origin page reads only the response headers it is allowed to: the output check is one it needs.
const EXPOSED_HEADERS = OUTPUT_CHECK_HEADER;

export class CorsPolicy {
  readonly #origins: '*' | ReadonlySet<string> | undefined;

  constructor(origins: '*' | ReadonlySet<string> | undefined) {
    this.#origins = origins;
  }

  /**
   * Headers for an ordinary answer: the grant (and the headers it may read) for an allowed origin, and `Vary: Origin`
   * so caches keep them apart.
   */
  headersFor(request: ConsoleRequest): ReplyHeaders | undefined {
    const origins = this.#origins;
    if (origins === undefined) return undefined;
    if (origins === '*')
      return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED_HEADERS };
    const origin = request.header('origin');
    return origin !== undefined && origins.has(origin)
      ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS, Vary: 'Origin' }
      : { Vary: 'Origin' };
  }

  /** The answer to OPTIONS on a known path; a preflight from an allowed origin also gets methods and headers. */
  preflight(request: ConsoleRequest, allow: string): Reply {
    const grant = this.headersFor(request);
    const isPreflight = request.header('access-control-request-method') !== undefined;
    if (!grant?.['Access-Control-Allow-Origin'] || !isPreflight) return createReply(204, { Allow: allow });
    return createReply(204, {
      Allow: allow,
      'Access-Control-Allow-Methods': allow,
      'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS,
      'Access-Control-Max-Age': '600',
    });
  }
}
