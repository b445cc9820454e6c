// The selected tool's header: its title (the name under it when they differ), badges, tool-UI marks, description and
// output schema. The server's text is shown as text, never as HTML.
import { html, nothing } from 'lit';
import type { ToolDetail } from '../api.js';
import { renderBadges, renderUiMarks } from '../display/badges.js';
import { renderOutputSchema } from './output-schema.js';

export function renderToolHeader(tool: ToolDetail) {
  const title = typeof tool.title === 'string' && tool.title ? tool.title : tool.annotations?.title;
  return html`<section class="tool" part="tool-header" aria-labelledby="tool-title">
    <div class="title-row">
      <h2 id="tool-title">${title || tool.name}</h2>
      ${renderBadges(tool.annotations, tool.ui)}
    </div>
    ${renderUiMarks(tool.ui)}
    ${title ? html`<code class="name">${tool.name}</code>` : nothing}
    ${tool.description ? html`<tool-description .text=${tool.description}></tool-description>` : nothing}
    ${renderOutputSchema(tool.outputSchema)}
  </section>`;
}
