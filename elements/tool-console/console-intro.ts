// What the console says before a tool is picked: which MCP server this is (in the top bar) and, in the detail pane,
// how many tools it offers and the server's own instructions. The server's words are text, never HTML.
import { html, nothing } from 'lit';
import type { ServerInfo } from '../api.js';
import { renderIcon } from '../display/icons.js';
import { httpUrl } from '../display/safe-url.js';

/** Which server this is: its name and version, and its website when that is an http(s) URL. */
export function renderServer(server: ServerInfo | undefined) {
  if (!server) return nothing;
  const website = httpUrl(server.websiteUrl);
  return html`<p class="server" part="server">
    ${renderIcon(server.icons)}<span>${server.name}</span>${server.version ? html` <span class="version">${server.version}</span>` : nothing}${
      website
        ? html` · <a href=${website} target="_blank" rel="noopener noreferrer">${new URL(website).host}</a>`
        : nothing
    }
  </p>`;
}

/** The detail pane with no tool picked: how many tools there are, and the server's instructions if it gave any. */
export function renderIntro(count: number, server: ServerInfo | undefined) {
  return html`<div class="intro">
    <h2>${count ? 'Pick a tool' : 'No tools'}</h2>
    <p>
      ${
        count
          ? `This server offers ${count} ${count === 1 ? 'tool' : 'tools'}. Choose one on the left to see what it does, fill in its arguments and run it.`
          : 'This server does not offer any tools.'
      }
    </p>
    ${
      server?.instructions
        ? html`<section class="instructions" aria-labelledby="instructions-title">
          <h3 id="instructions-title">The server's instructions</h3>
          <tool-description .text=${server.instructions}></tool-description>
        </section>`
        : nothing
    }
  </div>`;
}
