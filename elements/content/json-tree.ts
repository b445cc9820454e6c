// JSON folded: objects and arrays as nested <details>, the first two levels open, keys and values as text. A tree of
// more than MAX_NODES values would be slow to draw and no easier to read than the indented text it is then shown as.
import { html, type TemplateResult } from 'lit';
import { prettyJson } from '../display/format.js';

const MAX_NODES = 2000;
const OPEN_DEPTH = 2;

function countNodes(value: unknown, budget: { left: number }): void {
  budget.left--;
  if (budget.left < 0 || typeof value !== 'object' || value === null) return;
  for (const child of Object.values(value)) {
    countNodes(child, budget);
    if (budget.left < 0) return;
  }
}

function node(key: string | null, value: unknown, depth: number): TemplateResult {
  const name = key === null ? '' : html`<span class="json-key">${key}</span>: `;
  if (typeof value !== 'object' || value === null) return html`<li>${name}${JSON.stringify(value)}</li>`;
  const entries = Object.entries(value);
  const isArray = Array.isArray(value);
  const summary = isArray
    ? `[${entries.length} item${entries.length === 1 ? '' : 's'}]`
    : `{${entries.length} key${entries.length === 1 ? '' : 's'}}`;
  if (!entries.length) return html`<li>${name}<span class="json-empty">${isArray ? '[]' : '{}'}</span></li>`;
  return html`<li>
    <details ?open=${depth < OPEN_DEPTH}>
      <summary>${name}<span class="json-summary">${summary}</span></summary>
      <ul>
        ${entries.map(([childKey, child]) => node(isArray ? null : childKey, child, depth + 1))}
      </ul>
    </details>
  </li>`;
}

/** A parsed JSON value as a folded tree, or as indented text when it is too big to draw as one. */
export function renderJsonTree(value: unknown): TemplateResult {
  const budget = { left: MAX_NODES };
  countNodes(value, budget);
  if (budget.left < 0) return html`<pre class="json">${prettyJson(value)}</pre>`;
  return html`<ul class="json-tree" part="json-tree">
    ${node(null, value, 0)}
  </ul>`;
}
