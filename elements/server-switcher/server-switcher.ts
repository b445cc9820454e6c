import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ConfiguredServerSummary, ServerListing } from '../../protocol/index.js';
import { renderIcon } from '../display/icons.js';
import { ListingPoll } from './listing-poll.js';
import { readServerHash, serverHash } from './server-hash.js';
import { statusWords } from './server-status.js';
import { styles } from './server-switcher.styles.js';

/** A server whose console has been opened: its frame stays in the page from then on. */
interface OpenedServer {
  name: string;
  src: string;
}

/**
 * The page of a console serving many MCP servers (`tool-console --config`): the servers of the config file as a list
 * (icon, name, title, state in words — "Not started", "Connecting…", "Ready · 12 tools", "Failed" with the doctor's
 * sentence, "Needs authorization" while an OAuth server waits for the user) and, beside it, the console of the one
 * shown, in a frame, under an Authorize link while it waits. A server's frame is made when it is first opened (which
 * starts the server: its console asks for its tools) and kept, hidden, while another is shown, so each keeps its
 * selected tool, arguments and results. The top URL's hash `#server=<name>` names the one shown (the first without
 * one), so reload and back/forward work. The listing is asked for again every 2 s while a server is starting or waits
 * for authorization, every 15 s otherwise, and when the tab becomes visible; a failed request keeps the last listing
 * and says why in one line. Everything the servers and the config file say is shown as text.
 *
 * @csspart list - The list of servers (an ARIA tab list: arrows, Home and End move, Enter or a click opens).
 * @csspart server - One server of the list (`server selected` for the one shown).
 * @csspart icon - A server's icon, the one for the colour scheme.
 * @csspart status - A server's state in words, with its mark.
 * @csspart diagnosis - A failed server's explanation, the doctor's sentence.
 * @csspart notice - The line that says a request for the listing failed.
 * @csspart authorization - The line above the shown server's console while it waits for the user to authorize it
 *   (OAuth), with its Authorize link.
 * @csspart frame - One server's console.
 */
@customElement('server-switcher')
export class ServerSwitcher extends LitElement {
  static override styles = styles;

  /** The listing's URL (`GET servers`), relative to the page. */
  @property() src = 'servers';
  /** The heading above the list (the page fills it from the CLI's title). */
  @property() heading = 'MCP servers';
  /** Milliseconds between requests for the listing while a server is starting. */
  @property({ type: Number, attribute: 'connecting-interval' }) connectingInterval = 2000;
  /** Milliseconds between requests for the listing otherwise. */
  @property({ type: Number, attribute: 'idle-interval' }) idleInterval = 15000;

  /** The server named by the page's hash; null: the first one. */
  @state() private wanted: string | null = readServerHash(location.hash);
  /** The index in the list of the server with the keyboard focus (the one in the Tab order). */
  @state() private focusAt = -1;
  @state() private opened: OpenedServer[] = [];

  private readonly poll = new ListingPoll(this, {
    url: () => new URL(this.src, document.baseURI).href,
    delay: (listing) => (this.isStarting(listing) ? this.connectingInterval : this.idleInterval),
  });

  /** The latest listing, undefined until the first one comes in. */
  get listing(): ServerListing | undefined {
    return this.poll.listing;
  }

  /** Asks for the listing now; resolves once it is in (or has failed) and drawn. */
  async refresh(): Promise<void> {
    await this.poll.refresh();
    await this.updateComplete;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The hash may have changed while the switcher was out of the page, unheard: read it again.
    this.wanted = readServerHash(location.hash);
    window.addEventListener('hashchange', this.handleHashChange);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Stryker disable next-line StringLiteral: a switcher out of the page that still heard the hash reads it on return
    window.removeEventListener('hashchange', this.handleHashChange);
  }

  /** A server is starting, or was opened and is about to (its console has not asked for its tools yet). */
  private isStarting(listing: ServerListing | undefined): boolean {
    if (!listing) return true;
    const opened = new Set(this.opened.map((server) => server.name));
    // A server waiting for the user to authorize it goes on as soon as they have: show that without delay.
    return listing.servers.some(
      ({ status, name, authorization }) =>
        status === 'connecting' || authorization !== undefined || (status === 'idle' && opened.has(name)),
    );
  }

  /** The server to show: the one the hash names, else the first; undefined when there is none. */
  private get shown(): ConfiguredServerSummary | undefined {
    const servers = this.listing?.servers ?? [];
    return this.wanted === null ? servers[0] : servers.find((server) => server.name === this.wanted);
  }

  /** The URL of a server's console, when it is on this page's origin (the only consoles the shell frames). */
  private frameSource(server: ConfiguredServerSummary): string | undefined {
    try {
      const url = new URL(server.path, new URL(this.src, document.baseURI));
      return url.origin === location.origin ? url.href : undefined;
    } /* Stryker disable next-line BlockStatement: empty, it answers undefined all the same */ catch {
      return undefined;
    }
  }

  override willUpdate(): void {
    const shown = this.shown;
    if (!shown || this.opened.some((server) => server.name === shown.name)) return;
    const src = this.frameSource(shown);
    if (src === undefined) return;
    // Opening a console starts its server: ask for the listing soon to see it connect.
    this.opened = [...this.opened, { name: shown.name, src }];
    this.poll.schedule();
  }

  override render() {
    const servers = this.listing?.servers ?? [];
    const shown = this.shown;
    return html`<nav aria-labelledby="heading">
        <header>
          <h1 id="heading">${this.heading}</h1>
          ${
            this.listing?.configFile
              ? // Right to left, so a long path is cut at its start; <bdi> keeps the path itself in its own order.
                html`<p class="file" title=${this.listing.configFile}><bdi>${this.listing.configFile}</bdi></p>`
              : nothing
          }
        </header>
        ${this.renderNotice()}
        <div
          part="list"
          role="tablist"
          aria-orientation="vertical"
          aria-labelledby="heading"
          @keydown=${this.handleKeydown}
        >
          ${servers.map((server, index) => this.renderServer(server, index, server === shown))}
        </div>
      </nav>
      <main>${this.renderAuthorization(shown)}<div class="frames">${this.renderFrames(shown)}</div></main>`;
  }

  private renderNotice() {
    const { problem } = this.poll;
    if (!problem) return nothing;
    const text = this.listing
      ? `Could not refresh the servers: ${problem} Showing the last list.`
      : `Could not load the servers: ${problem}`;
    return html`<p class="notice" part="notice" role="status" title=${text}>${text}</p>`;
  }

  private renderServer(server: ConfiguredServerSummary, index: number, selected: boolean) {
    const focusable = this.focusAt === -1 ? selected : index === this.focusAt;
    const frame = this.opened.findIndex((opened) => opened.name === server.name);
    return html`<button
      type="button"
      role="tab"
      id=${`server-${index}`}
      part=${selected ? 'server selected' : 'server'}
      class=${server.status}
      aria-selected=${selected ? 'true' : 'false'}
      aria-controls=${frame === -1 ? nothing : `frame-${frame}`}
      tabindex=${focusable ? '0' : '-1'}
      @click=${() => this.open(server.name)}
      @focus=${() => (this.focusAt = index)}
    >
      <span class="name">${renderIcon(server.icons)}${server.name}</span>
      ${server.title && server.title !== server.name ? html`<span class="title">${server.title}</span>` : nothing}
      <span class="status" part="status"><span class="mark" aria-hidden="true"></span>${statusWords(server)}</span>
      ${
        server.status === 'failed' && server.diagnosis
          ? html`<span class="diagnosis" part="diagnosis">${server.diagnosis.sentence}</span>`
          : nothing
      }
    </button>`;
  }

  /**
   * The shown server waits for the user to authorize it (OAuth): the link to the authorization server, in a new tab
   * (its callback brings the browser back to this page). The URL is the server's to choose: only an http(s) one
   * becomes a link, never `javascript:` or the like.
   */
  private renderAuthorization(shown: ConfiguredServerSummary | undefined) {
    const url = shown?.authorization?.url;
    if (url === undefined) return nothing;
    const said = `${shown!.name} needs you to authorize it before the console can reach it.`;
    const link = isWebAddress(url)
      ? html`<a href=${url} target="_blank" rel="noopener noreferrer">Authorize</a>`
      : html`Open <bdi>${url}</bdi> to authorize.`;
    return html`<p class="authorization" part="authorization" role="status">${said} ${link}</p>`;
  }

  private renderFrames(shown: ConfiguredServerSummary | undefined) {
    // Stryker disable next-line ArrayDeclaration: a frame opens only once a listing is in, and that listing stays
    const servers = this.listing?.servers ?? [];
    const tab = (name: string) => servers.findIndex((server) => server.name === name);
    // Frames are only ever appended, never moved or removed: moving an <iframe> in the DOM reloads it.
    const frames = this.opened.map(
      ({ name, src }, index) =>
        html`<div
          class="panel"
          role="tabpanel"
          id=${`frame-${index}`}
          aria-labelledby=${tab(name) === -1 ? nothing : `server-${tab(name)}`}
          ?hidden=${name !== shown?.name}
        >
          <iframe part="frame" title=${`${name} console`} src=${src}></iframe>
        </div>`,
    );
    return html`${frames}${this.renderEmpty(shown)}`;
  }

  /** What the main area says when it shows no console. */
  private renderEmpty(shown: ConfiguredServerSummary | undefined) {
    if (!this.listing) return nothing;
    let text: string | undefined;
    if (!shown && this.wanted !== null)
      text = `No server named “${this.wanted}” in ${this.listing.configFile || 'this console'}. Pick one from the list.`;
    else if (!shown) text = 'This console serves no servers.';
    else if (this.frameSource(shown) === undefined)
      text = `The console of “${shown.name}” is not on this site (its path is ${shown.path}), so it is not shown.`;
    return text === undefined ? nothing : html`<p class="empty" role="status">${text}</p>`;
  }

  /** Shows a server: a new history entry, so back returns to the one before. */
  private open(name: string): void {
    if (name === this.shown?.name && location.hash) return;
    location.hash = serverHash(name);
  }

  private readonly handleHashChange = () => {
    this.wanted = readServerHash(location.hash);
  };

  /** Arrows, Home and End move the focus along the list; Enter or Space opens (a click on the tab). */
  private handleKeydown(event: KeyboardEvent): void {
    const tabs = [...this.renderRoot.querySelectorAll<HTMLElement>('[role=tab]')];
    const at = tabs.indexOf(event.target as HTMLElement);
    if (at === -1) return;
    const next: Record<string, number> = {
      ArrowDown: (at + 1) % tabs.length,
      ArrowRight: (at + 1) % tabs.length,
      ArrowUp: (at - 1 + tabs.length) % tabs.length,
      ArrowLeft: (at - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    this.focusAt = next[event.key];
    tabs[this.focusAt].focus();
  }
}

/** Whether `url` is an absolute http(s) URL, the only kind a link may go to. */
function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } /* Stryker disable next-line BlockStatement: empty, it answers undefined, as false no link */ catch {
    return false;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'server-switcher': ServerSwitcher;
  }
}
