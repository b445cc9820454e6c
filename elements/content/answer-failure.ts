// What a content element says when the backend did not give it what it asked for (a read, a prompt): the server's
// own message and status when it answered, else that nothing answered, so the person knows whether to fix the input,
// sign in or check the server.
import { ApiError } from '../api.js';

const HINTS: Record<number, string> = {
  401: 'Enter a Bearer token in the auth bar, then try again.',
  403: 'This server does not let the console run this.',
  502: 'The MCP server behind the console could not answer.',
  504: 'The server took too long to answer.',
};

export function answerFailure(error: unknown): { title: string; hint?: string } {
  if (error instanceof ApiError) return { title: `${error.message} (HTTP ${error.status})`, hint: HINTS[error.status] };
  return {
    title: 'The server did not answer.',
    hint: 'Check that it is running and reachable from this page.',
  };
}
