// An error in the words it came with, plus the part they hide: fetch says only "fetch failed" and keeps the reason
// (ECONNREFUSED, ENOTFOUND, ...) in its cause; an HTTP error's status is in its status. The SDK's own failures are
// quoted in the SDK's words. For failures the doctor has no sentence of its own for, and for OAuth flows.
import { SdkHttpError, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/client';

/**
 * Every revision the bridge speaks, newest first: 2026-07-28, which the SDK finds with its `server/discover` probe
 * (its exported list names only the revisions of the `initialize` handshake), then those.
 */
export const SPOKEN_VERSIONS = ['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS];

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // The SDK names only the server's version: what the console speaks is the other half of the story.
  if (/protocol version is not supported/i.test(error.message)) {
    return `${error.message}; tool-console speaks ${SPOKEN_VERSIONS.join(', ')}`;
  }
  if (error instanceof SdkHttpError && !error.message.includes(String(error.status))) {
    return `HTTP ${error.status}: ${error.message}`;
  }
  const code = networkCode(error);
  const reason = code ?? (rootCause(error) === error ? undefined : rootCause(error).message);
  return reason && !error.message.includes(reason) ? `${error.message} (${reason})` : error.message;
}

/** The failure at the bottom of `error.cause`: the network's own (ECONNREFUSED) under fetch's and the SDK's probe. */
export function rootCause(error: Error): Error {
  let cause = error;
  for (let depth = 0; depth < 5 && cause.cause instanceof Error; depth++) cause = cause.cause;
  return cause;
}

/** The system's or TLS library's error code at the bottom of `error` (ECONNREFUSED, ERR_SSL_...), if any. */
export function networkCode(error: Error): string | undefined {
  const code = (rootCause(error) as NodeJS.ErrnoException).code;
  return typeof code === 'string' ? code : undefined;
}
