// The one error path: routes throw HttpError for answers the client should see; anything else is a bug or a host
// failure and becomes a generic 500 (jshttp/http-errors' `expose`).
import type { ReplyHeaders } from './reply.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: ReplyHeaders,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** Whether the message may be shown to the client. */
  get expose(): boolean {
    return this.status < 500;
  }
}
