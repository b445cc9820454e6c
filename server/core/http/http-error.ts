// The one error path: routes throw HttpError for answers the client should see; anything else is a bug or a host
// failure and becomes a generic 500 (jshttp/http-errors' `expose`).
import type { ReplyHeaders } from './reply.js';

export class HttpError extends Error {
  /** Whether the message may be shown to the client: below 500 by default; a 5xx whose message names no internals
   * (a time limit) may say so. */
  readonly expose: boolean;

  /** Fields the JSON answer carries besides `error` (only when the message is exposed), e.g. a 413's `limitBytes`. */
  readonly fields: Readonly<Record<string, unknown>> | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly headers?: ReplyHeaders,
    expose = status < 500,
    fields?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
    this.expose = expose;
    this.fields = fields;
  }
}

/**
 * The server behind the console (a tools provider's upstream, such as an MCP server) could not be reached or failed:
 * a 502 whose message is meant for the person, so it is shown. Its message must carry no secrets.
 */
export class BadGatewayError extends HttpError {
  /** `fields`: what the answer carries besides the message (an MCP connection's `diagnosis`). */
  constructor(message: string, fields?: Record<string, unknown>) {
    super(502, message, undefined, true, fields);
    this.name = 'BadGatewayError';
  }
}
