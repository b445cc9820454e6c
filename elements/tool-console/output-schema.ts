// The selected tool's output schema, folded under the tool's description: what a result's structuredContent should
// look like. Shown as JSON text, never as HTML.
import { css, html, nothing } from 'lit';
import type { JsonSchema } from '../api.js';
import { prettyJson } from '../display/format.js';

export function renderOutputSchema(schema: JsonSchema | undefined) {
  return schema === undefined
    ? nothing
    : html`<details class="output-schema" part="output-schema"><summary>Output schema</summary><pre>${prettyJson(schema)}</pre></details>`;
}

export const outputSchemaStyles = css`
  .output-schema {
    margin-top: 10px;
  }
  .output-schema summary {
    cursor: pointer;
    color: var(--_muted);
    font-size: 13px;
  }
  .output-schema pre {
    margin: 6px 0 0;
    padding: 8px 10px;
    max-height: 320px;
    overflow: auto;
    font: 12.5px var(--_mono);
    background: var(--_surface);
    border-radius: var(--_radius);
  }
`;
