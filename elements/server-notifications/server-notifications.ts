import { LitElement, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ProtocolEntry } from '../api.js';
import { logText } from '../call/call-view.js';
import { renderJsonTree } from '../content/json-tree.js';
import { styles } from './server-notifications.styles.js';

/** `12:03:45`, the local time of a notification. */
function clockTime(time: number): string {
  // Stryker disable next-line ObjectLiteral: en-GB writes 24-hour time by itself; hour12: false only says so here.
  return new Date(time).toLocaleTimeString('en-GB', { hour12: false });
}

/** What a notification says in one line: a log message's level, logger and text; else its params as JSON. */
function gist(entry: ProtocolEntry): string {
  const params = (entry.message as { params?: Record<string, unknown> } | null)?.params;
  if (entry.method === 'notifications/message' && params)
    // A part the message lacks (or sends empty) is left out, with its separator.
    return [params.level, params.logger, logText(params.data)]
      .filter((part) => typeof part === 'string' && part !== '')
      .join(' · ');
  return params ? JSON.stringify(params) : '';
}

/**
 * Every notification the MCP server sent (log messages, progress, list changes, resource updates, task status,
 * cancellations), newest first; each opens to its whole message. The server's words are shown as text only.
 *
 * @csspart notification - One notification.
 */
@customElement('server-notifications')
export class ServerNotifications extends LitElement {
  static override styles = styles;

  /** The server's notifications, newest first. */
  @property({ attribute: false }) entries: readonly ProtocolEntry[] = [];

  override render() {
    if (!this.entries.length) return html`<p class="empty">The server has sent no notifications yet.</p>`;
    return html`<ol aria-label="Notifications">
      ${this.entries.map(
        (entry) => html`<li part="notification">
          <details>
            <summary>
              <span class="time">${clockTime(entry.time)}</span>
              <span class="method">${entry.method}</span>
              <span class="text">${gist(entry)}</span>
            </summary>
            ${renderJsonTree(entry.message)}
          </details>
        </li>`,
      )}
    </ol>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'server-notifications': ServerNotifications;
  }
}
