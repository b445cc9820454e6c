// What <tool-console> says when the backend did not give it what it asked for: the list, a tool's detail, or a call's
// result. A backend whose MCP server cannot start (or died) answers 502 with the reason, which is shown as text.
import { html } from 'lit';
import { ApiError } from '../api.js';

/** A call that failed for want of a server (502, or no answer at all) may well work a moment later. */
export function mayRetry(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 502 : error instanceof TypeError;
}

/** One sentence for a failed request: the backend's own message, or that nothing answered. */
export function describeFailure(error: unknown, what: string): string {
  if (error instanceof ApiError) return `${what} failed: ${error.message}`;
  // fetch rejects with a TypeError when nothing answered (server down, DNS, CORS refused).
  return `${what} failed: the server did not answer. Check that it is running and reachable from this page.`;
}

/** The failure where the missing content would be, with a Retry that asks again. */
export function renderFailure(message: string, retry: () => unknown) {
  return html`<div class="failure" part="notice" role="alert">
    <p>${message}</p>
    <button type="button" @click=${retry}>Retry</button>
  </div>`;
}
