import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ProtocolEntry, ServerState, ToolApi } from '../api.js';
import { ServerApi, type ServerLogEvent } from '../server-api.js';
import '../protocol-log/protocol-log.js';
import '../server-notifications/server-notifications.js';
import '../server-panel/server-panel.js';
import { styles } from './server-drawer.styles.js';

/** The messages the page keeps, as many as the bridge's ring: the oldest go first. */
const MAX_ENTRIES = 2000;
/** The stderr lines the page keeps. */
const MAX_STDERR_LINES = 200;
const RETRY_MS = 5_000;

type Tab = 'protocol' | 'notifications' | 'server';
const TABS: [Tab, string][] = [
  ['protocol', 'Protocol'],
  ['notifications', 'Notifications'],
  ['server', 'Server'],
];

const isNotification = (entry: ProtocolEntry) => entry.direction === 'received' && entry.kind === 'notification';

/**
 * What the console sees of its MCP server, in a drawer over the page: the protocol log, the server's notifications
 * (with a count of those not yet seen on their tab) and the server panel. It loads the log and the state once, then
 * follows the live log while it is on the page, open or not, so the count goes on. `<tool-console>` loads it when
 * its Server button is first pressed, for a backend that offers `inspect`.
 *
 * @fires server-drawer-close - Close was pressed.
 * @fires tool-open - Bubbles up from the protocol log's "Open in form".
 */
@customElement('server-drawer')
export class ServerDrawer extends LitElement {
  static override styles = styles;

  /** The backend's client: the drawer reads the routes beside its tools collection, with its token. */
  @property({ attribute: false }) api: ToolApi | undefined;
  /** Whether the drawer is shown; closed, it goes on following the log. */
  @property({ type: Boolean }) open = false;

  @state() private tab: Tab = 'protocol';
  @state() private entries: ProtocolEntry[] = [];
  @state() private dropped = 0;
  @state() private server: ServerState | undefined;
  // Stryker disable next-line ArrayDeclaration: show() sets it with the state, and the panel shows none before a state
  @state() private stderr: string[] = [];
  @state() private problem = '';
  /** The newest notification seen on its tab: those after it are counted on the tab. */
  @state() private seenSeq = 0;
  // Stryker disable next-line ArrayDeclaration: willUpdate sets it from the entries before every render
  private notifications: ProtocolEntry[] = [];
  private serverApi: ServerApi | undefined;
  private abort: AbortController | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    // Back on the page: follow again (the first time, the first update starts it).
    if (this.api && this.hasUpdated) void this.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stop();
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('api') && this.api && this.isConnected) void this.start();
    this.hidden = !this.open;
    this.notifications = this.entries.filter(isNotification).reverse();
    // Shown is seen: the count is of what arrived while the tab was not in view.
    if (this.tab === 'notifications' && this.open) this.seenSeq = this.notifications[0]?.seq ?? this.seenSeq;
  }

  override render() {
    const unseen = this.notifications.filter((entry) => entry.seq > this.seenSeq).length;
    return html`
      <div class="title">
        <h2>Server</h2>
        <button type="button" @click=${this.handleClose}>Close</button>
      </div>
      ${
        this.problem
          ? html`<div class="problem" role="alert"><p>${this.problem}</p>
              <button type="button" @click=${() => void this.start()}>Retry</button></div>`
          : nothing
      }
      <div role="tablist" aria-label="What the server did">
        ${TABS.map(
          ([tab, label]) => html`<button type="button" role="tab" id="tab-${tab}" aria-controls="pane"
            aria-selected=${this.tab === tab ? 'true' : 'false'} @click=${() => (this.tab = tab)}>${label}${
              tab === 'notifications' && unseen
                ? html`<span class="badge" aria-label="${unseen} new">${unseen}</span>`
                : nothing
            }</button>`,
        )}
      </div>
      <div id="pane" role="tabpanel" aria-labelledby="tab-${this.tab}" @protocol-export=${this.handleExport}
        @server-state=${this.handleState}>${this.renderPane()}</div>
    `;
  }

  private renderPane() {
    if (this.tab === 'notifications')
      return html`<server-notifications .entries=${this.notifications}></server-notifications>`;
    if (this.tab === 'server')
      return html`<server-panel .api=${this.serverApi} .state=${this.server} .stderr=${this.stderr}></server-panel>`;
    return html`<protocol-log .entries=${this.entries} .dropped=${this.dropped}></protocol-log>`;
  }

  /** Loads the state and the log, then follows the log live (again after a pause when its stream ends). */
  private async start(): Promise<void> {
    this.stop();
    const api = (this.serverApi = new ServerApi(this.api!));
    const abort = (this.abort = new AbortController());
    this.problem = '';
    try {
      const [server, log] = await Promise.all([api.state(abort.signal), api.log(abort.signal)]);
      this.show(server);
      this.entries = log.entries.slice(-MAX_ENTRIES);
      this.dropped = log.dropped + log.entries.length - this.entries.length;
      await api.watch(this.entries.at(-1)?.seq ?? 0, abort.signal, (event) => this.handleEvent(event));
    } catch (error) {
      if (abort.signal.aborted) return;
      this.problem = `Loading what the server did failed: ${error instanceof Error ? error.message : String(error)}`;
      return;
    }
    if (!abort.signal.aborted) this.retry = setTimeout(() => void this.start(), RETRY_MS);
  }

  private stop(): void {
    clearTimeout(this.retry);
    this.abort?.abort();
  }

  private show(server: ServerState): void {
    this.server = server;
    this.stderr = server.stderr.slice(-MAX_STDERR_LINES);
  }

  private handleEvent(event: ServerLogEvent): void {
    if (event.type === 'state') this.show(event.data);
    else if (event.type === 'stderr') this.stderr = [...this.stderr, event.data.line].slice(-MAX_STDERR_LINES);
    else if (event.type === 'dropped') this.dropped = Math.max(this.dropped, event.data.dropped);
    else if (event.data.seq > (this.entries.at(-1)?.seq ?? 0)) {
      const over = Math.max(0, this.entries.length + 1 - MAX_ENTRIES);
      this.entries = [...this.entries.slice(over), event.data];
      this.dropped += over;
    }
  }

  private handleState(event: CustomEvent<{ state: ServerState }>): void {
    this.show(event.detail.state);
  }

  private handleClose(): void {
    this.dispatchEvent(new CustomEvent('server-drawer-close', { bubbles: true, composed: true }));
  }

  /** Export: the whole log as the server holds it, downloaded as a JSON file (fetched with the token, then saved). */
  private async handleExport(): Promise<void> {
    try {
      const log = await this.serverApi!.log();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([JSON.stringify(log, null, 2)], { type: 'application/json' }));
      link.download = 'mcp-protocol-log.json';
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    } catch (error) {
      this.problem = `Exporting the protocol log failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'server-drawer': ServerDrawer;
  }
}
