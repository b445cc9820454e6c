// The failures of the 2.x SDK in the words the bridge has always quoted (those of the 1.x SDK), so that what a user
// reads, and what hosts may match on, stays put: the JSON-RPC code before a lost connection or a timeout, the HTTP
// status and body of a refused connection, and the network's reason rather than the version probe that met it.
import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';

/** What failed, for a message: `error` itself, or the failure underneath the SDK's version probe. */
export function failureOf(error: unknown): unknown {
  // The probe is the first thing sent: a network failure is the probe's only in name.
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed && error.cause instanceof Error) {
    return error.cause;
  }
  return error;
}

/** The message of an SDK failure, as the 1.x SDK worded it; undefined for any other error. */
export function sdkWording(error: unknown): string | undefined {
  if (error instanceof SdkHttpError && typeof error.data.text === 'string') {
    return `HTTP ${error.status}: Streamable HTTP error: Error POSTing to endpoint: ${error.data.text}`;
  }
  if (!(error instanceof SdkError)) return undefined;
  if (error.code === SdkErrorCode.ConnectionClosed) return 'MCP error -32000: Connection closed';
  if (error.code === SdkErrorCode.RequestTimeout) return 'MCP error -32001: Request timed out';
  return undefined;
}

/** SDK failures that are the connection's (the next request starts a new one), not of one answer. */
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
