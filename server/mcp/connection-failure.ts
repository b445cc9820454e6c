// Which failures of a request are the connection's (the next request starts a new one) rather than of one answer.
// The SDK's errors are quoted as the SDK words them: this module sorts them, it does not reword them.
import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';

/** SDK failures that are the connection's, not of one answer. */
const CONNECTION_FAILURES = new Set<SdkErrorCode>([
  SdkErrorCode.ConnectionClosed,
  SdkErrorCode.NotConnected,
  SdkErrorCode.SendFailed,
]);

/**
 * Whether the connection itself failed: the process exited, the socket dropped, the session expired (an HTTP error),
 * or anything that is not the SDK's; not an answer the SDK could not use (an invalid result, too many rounds).
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof SdkError) || error instanceof SdkHttpError) return true;
  return CONNECTION_FAILURES.has(error.code);
}
