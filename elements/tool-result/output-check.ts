// The server's check of a result's structuredContent against the tool's outputSchema, shown above the result (which
// is always shown, matching or not). Paths and messages are the server's text, bound as text.
import { html, nothing } from 'lit';
import type { OutputCheck } from '../api.js';

export function renderOutputCheck(check: OutputCheck | undefined) {
  if (!check) return nothing;
  if (check.valid) return html`<p class="check ok" part="output-check">✓ Matches the output schema</p>`;
  return html`<div class="check bad" part="output-check">
    <strong>Does not match the output schema</strong>
    <ul>
      ${check.errors.map((error) => html`<li><code>structuredContent${error?.path}</code>: ${error?.message}</li>`)}
      ${check.truncated ? html`<li>and more</li>` : nothing}
    </ul>
  </div>`;
}
