// What the console shows of a live call: while it runs, a progress bar, the tool's latest message and the elapsed
// time; during and after, the lines the tool logged. Drawn from the call's snapshot, nothing kept here. The tool's
// words are untrusted: they are only ever text bindings. None of this is a live region (a progress report a second
// would drown a screen reader); the console's live region says how the call ended.
import { css, html, nothing } from 'lit';
import { formatElapsed } from '../display/format.js';
import type { LogLine, ToolCall } from './tool-call.js';

/** MCP's logging levels, in the three colours a reader tells apart; other levels are shown plain. */
const SEVERITY = new Map([
  ['info', 'info'],
  ['notice', 'info'],
  ['warning', 'warning'],
  ['error', 'error'],
  ['critical', 'error'],
  ['alert', 'error'],
  ['emergency', 'error'],
]);

const number = (value: number) => value.toLocaleString(undefined, { maximumFractionDigits: 2 });

/** A log line's `data` as text: a string as it is, any other JSON on one line. */
export function logText(data: unknown): string {
  return typeof data === 'string' ? data : (JSON.stringify(data) ?? '');
}

/**
 * The running call at `now`: its progress as a bar (native `<progress>`: the progressbar role, with a value and
 * maximum once the tool gives a total, indeterminate before), the latest message and count, the elapsed time.
 */
export function renderRunning(call: ToolCall, now: number) {
  const { progress } = call;
  const total = progress?.total !== undefined && progress.total > 0 ? progress.total : undefined;
  return html`<div class="live" part="progress">
    <div class="live-status">
      <p class="notice">Running ${call.name}…</p>
      <span class="elapsed"><span class="visually-hidden">Elapsed time </span>${formatElapsed(now - call.startedAt)}</span>
    </div>
    <progress aria-label="Progress of ${call.name}" max=${total ?? nothing}
      value=${total === undefined ? nothing : progress!.progress}></progress>
    ${
      call.task
        ? html`<p class="task" part="task">Task ${call.task.status.replace('_', ' ')}${
            call.task.statusMessage ? html`: <span class="message">${call.task.statusMessage}</span>` : nothing
          }</p>`
        : nothing
    }
    ${
      progress
        ? html`<p class="progress-text">
          <span class="message">${progress.message ?? ''}</span>
          <span class="count">${number(progress.progress)}${total === undefined ? '' : ` / ${number(total)}`}</span>
        </p>`
        : nothing
    }
  </div>`;
}

/** Log lines as kept: the latest, oldest first, and how many earlier ones were let go. */
export interface LogLines {
  lines: readonly LogLine[];
  dropped: number;
}

/**
 * Log lines, oldest first, in a box that keeps the newest in view, each with its time since `since`; nothing before
 * the first line. `title` names the box (“Log”, “Server log”) and `label` the region for screen readers.
 */
export function renderLogList({ lines, dropped }: LogLines, since: number, title: string, label: string) {
  if (!lines.length) return nothing;
  const count = lines.length + dropped;
  return html`<details class="logs" part="logs" open>
    <summary>${title} (${count} ${count === 1 ? 'line' : 'lines'})</summary>
    ${
      dropped
        ? html`<p class="dropped">The ${number(dropped)} earliest lines are not kept; the latest ${lines.length} are.</p>`
        : nothing
    }
    <div class="log-box" tabindex="0" role="region" aria-label=${label}>
      <ol class="log">
        ${lines.map(
          (line) => html`<li>
            <span class="at">${formatElapsed(line.at - since)}</span>
            <span class="level ${SEVERITY.get(line.level) ?? ''}">${line.level}</span>
            ${line.logger ? html`<span class="logger">${line.logger}</span>` : nothing}
            <span class="data">${logText(line.data)}</span>
          </li>`,
        )}
      </ol>
    </div>
  </details>`;
}

/** The lines the call logged. */
export function renderLogs(call: ToolCall) {
  return renderLogList({ lines: call.logs, dropped: call.logsDropped }, call.startedAt, 'Log', `Log of ${call.name}`);
}

export const callViewStyles = css`
  .live {
    display: grid;
    gap: 6px;
    margin-bottom: 12px;
  }
  .task {
    margin: 0;
    color: var(--_muted);
  }
  .live-status,
  .progress-text {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 12px;
    margin: 0;
  }
  .live .notice {
    padding: 0;
  }
  .elapsed,
  .count,
  .log .at {
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
    flex: none;
  }
  progress {
    width: 100%;
    height: 8px;
    accent-color: var(--_accent);
  }
  .message {
    overflow-wrap: anywhere;
    min-width: 0;
  }
  .logs {
    margin-bottom: 12px;
  }
  .logs summary {
    cursor: pointer;
    color: var(--_muted);
    font-size: 13px;
  }
  .dropped {
    margin: 6px 0 0;
    color: var(--_muted);
    font-size: 12px;
  }
  /* Reversed flow with one child: the box opens at its end and stays there as lines arrive, unless scrolled up. */
  .log-box {
    display: flex;
    flex-direction: column-reverse;
    max-height: 16em;
    overflow: auto;
    margin-top: 6px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  .log {
    list-style: none;
    margin: 0;
    padding: 6px 10px;
    font-family: var(--_mono);
    font-size: 12px;
  }
  .log li {
    display: flex;
    align-items: baseline;
    gap: 8px;
  }
  .log .data {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    min-width: 0;
  }
  .log .logger {
    color: var(--_muted);
  }
  .level {
    flex: none;
    min-width: 9ch;
    text-align: center;
    font-size: 11px;
    padding: 0 6px;
    border-radius: 999px;
    border: 1px solid var(--_border);
    color: var(--_muted);
  }
  .level.info {
    color: var(--_accent);
    background: var(--_info-bg);
    border-color: transparent;
  }
  .level.warning {
    color: var(--_warning);
    background: var(--_warning-bg);
    border-color: transparent;
  }
  .level.error {
    color: var(--_danger);
    background: var(--_danger-bg);
    border-color: transparent;
  }
`;
