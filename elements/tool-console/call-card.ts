// The console's call card: the call running (progress, elapsed time), cancelled, or its result; the tool's log lines
// above either, the first question its server asks the user in a dialog, and Retry when no server answered. Drawn in
// `<tool-console>`'s shadow root (its styles), from state the console owns.
import { html, nothing } from 'lit';
import type { ServerInfo, ToolApi, ToolDetail } from '../api.js';
import { renderLogs, renderRunning } from '../call/call-view.js';
import type { ToolCall } from '../call/tool-call.js';
import type { ToolAnswerDetail, ToolDismissDetail } from '../events.js';
import { renderNoSandbox } from '../tool-app/app-slot.js';
import { mayRetry } from './failure-notice.js';

export interface CallCardView {
  api: ToolApi;
  /** The tool called, when its detail is loaded (whether its interface can be shown). */
  tool: ToolDetail | undefined;
  server: ServerInfo | undefined;
  /** The sandbox proxy page's URL ('' for none). */
  sandbox: string;
  /** Whether `<tool-result>` is defined (it loads with the first call), and why it could not load. */
  resultView: boolean;
  resultViewFailure: string;
  onAnswer: (event: CustomEvent<ToolAnswerDetail>) => void;
  onDismiss: (event: CustomEvent<ToolDismissDetail>) => void;
  /** Presses Execute again: the same checks, and a destructive tool asks first. */
  onRetry: () => void;
}

export function renderCallCard(call: ToolCall, view: CallCardView) {
  const ended = call.status === 'finished' || call.status === 'failed';
  return html`<section class="card" aria-labelledby="result-title">
    <h3 id="result-title" class="result-title">Result</h3>
    ${call.status === 'running' ? renderRunning(call, Date.now()) : nothing}
    ${call.status === 'cancelled' ? html`<p class="notice">Cancelled.</p>` : nothing}
    ${renderNoSandbox(view.tool, view.sandbox)}
    ${call.notice ? html`<p class="notice question-notice">${call.notice}</p>` : nothing}
    <tool-question .question=${call.questions[0]} .server=${view.server} @tool-answer=${view.onAnswer}
      @tool-dismiss=${view.onDismiss}></tool-question>
    ${renderLogs(call)}
    ${
      ended && !view.resultView && view.resultViewFailure
        ? html`<p class="notice" role="alert">
            The call ended, but the page could not load what shows its result (${view.resultViewFailure}). Reload
            the page and run it again.
          </p>`
        : nothing
    }
    ${
      ended && view.resultView
        ? html`<tool-result .api=${view.api} .outcome=${call.outcome} .error=${call.error}
            .request=${call.error ? call.request : undefined}></tool-result>`
        : nothing
    }
    ${mayRetry(call.error) ? renderRetry(view.onRetry) : nothing}
  </section>`;
}

/**
 * Retry for a call that got no result because the MCP server behind the backend is not there (502: it cannot start
 * or died) or nothing answered. Only a failed call has an error, so the error alone says when.
 */
function renderRetry(retry: () => void) {
  return html`<p class="call-failure"><button type="button" @click=${retry}>Retry</button></p>`;
}
