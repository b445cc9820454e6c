// The selected tool's recent arguments (kept per tool by history.ts), newest first: one click puts them back in the
// form, ready to run again.
import { html } from 'lit';
import type { HistoryEntry } from './history.js';

export function renderRecentArguments(recent: readonly HistoryEntry[], replay: (entry: HistoryEntry) => void) {
  return html`<details class="history" part="history">
    <summary>Recent arguments (${recent.length})</summary>
    <ul>
      ${recent.map(
        (entry) => html`<li>
          <button type="button" @click=${() => replay(entry)}>
            <span class="args">${JSON.stringify(entry.arguments)}</span>
            <time datetime=${new Date(entry.at).toISOString()}>${new Date(entry.at).toLocaleString()}</time>
          </button>
        </li>`,
      )}
    </ul>
  </details>`;
}
