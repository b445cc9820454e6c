import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { ProtocolDirection, ProtocolEntry } from '../api.js';
import { renderJsonTree } from '../content/json-tree.js';
import { readableJson } from '../content/readable-json.js';
import { formatBytes, formatDuration } from '../display/format.js';
import { visibleRange } from '../tool-list/list-window.js';
import { styles } from './protocol-log.styles.js';

/** Each row's height in pixels: fixed, so only the rows in view are drawn (a full log is 2,000 of them). */
const ROW_HEIGHT = 24;
const ARROW: Record<ProtocolDirection, string> = { sent: '→', received: '←' };

/** `12:03:45.120`, the local time of a message to the millisecond. */
function clockTime(time: number): string {
  const at = new Date(time);
  // Stryker disable next-line ObjectLiteral: en-GB writes 24-hour time by itself; hour12: false only says so here.
  return `${at.toLocaleTimeString('en-GB', { hour12: false })}.${String(at.getMilliseconds()).padStart(3, '0')}`;
}

/** The tool and arguments of a `tools/call` request the console sent, for its form; undefined for any other entry. */
function toolCallOf(entry: ProtocolEntry): { name: string; arguments: Record<string, unknown> } | undefined {
  if (entry.kind !== 'request' || entry.method !== 'tools/call' || entry.direction !== 'sent') return undefined;
  const params = (entry.message as { params?: { name?: unknown; arguments?: unknown } } | null)?.params;
  if (typeof params?.name !== 'string') return undefined;
  const args = params.arguments;
  return {
    name: params.name,
    arguments: typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {},
  };
}

/**
 * The protocol log: every JSON-RPC message between the console and the MCP server, oldest first and the newest at the
 * bottom, kept in view as messages arrive until the user scrolls up. Each row shows the time, the direction, the
 * method, the id, the size and the round trip; a row picked shows its message as folded JSON, with Copy and, for a
 * `tools/call`, Open in form. Filters by method (text) and direction. Only the rows in view are drawn.
 *
 * @fires tool-open - "Open in form" on a `tools/call`: `{name, arguments}`, for the console to open that tool with them.
 * @fires protocol-export - Export was pressed: the drawer downloads the whole log.
 * @csspart row - One message's row.
 */
@customElement('protocol-log')
export class ProtocolLog extends LitElement {
  static override styles = styles;

  /** The messages, oldest first. */
  @property({ attribute: false }) entries: readonly ProtocolEntry[] = [];
  /** How many older messages the log let go. */
  @property({ type: Number }) dropped = 0;

  @state() private methodFilter = '';
  @state() private direction: '' | ProtocolDirection = '';
  @state() private picked: ProtocolEntry | undefined;
  @state() private scrolled = 0;
  @state() private viewHeight = 0;
  /** Whether the view follows the newest message: it does until the user scrolls up, and again at the bottom. */
  private following = true;
  // Stryker disable next-line ArrayDeclaration: willUpdate sets it before every render, so no render sees this value.
  private shown: ProtocolEntry[] = [];
  /** The height of all rows and the top of the rows drawn, placed in `updated`. */
  // Stryker disable next-line ObjectLiteral: render sets it before every `updated`, so none reads this value.
  private placement = { height: 0, top: 0 };

  @query('.viewport') private viewport!: HTMLElement | null;
  // The rows drawn follow the viewport's height, measured by the observer (not in `updated`, where a change would
  // schedule a second update after each one).
  private readonly resizeObserver = new ResizeObserver(([entry]) => (this.viewHeight = entry.contentRect.height));

  override connectedCallback(): void {
    super.connectedCallback();
    // Observed again after a move in the page (a disconnect stops the observer); before the first render there is no
    // viewport yet.
    if (this.viewport) this.resizeObserver.observe(this.viewport);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver.disconnect();
  }

  override firstUpdated(): void {
    // Every render draws the viewport.
    this.resizeObserver.observe(this.viewport!);
  }

  override willUpdate(): void {
    const method = this.methodFilter.trim().toLowerCase();
    this.shown = this.entries.filter(
      (entry) =>
        (!this.direction || entry.direction === this.direction) &&
        (!method || (entry.method ?? '').toLowerCase().includes(method)),
    );
  }

  override updated(changed: PropertyValues<this>): void {
    // Every render draws the viewport, its spacer and the window of rows in it.
    const viewport = this.viewport!;
    // Placed through the CSSOM, not a style attribute: the console's strict CSP (style-src 'self') blocks those, and
    // every row would then sit at the top.
    const spacer = viewport.querySelector<HTMLElement>('.spacer')!;
    spacer.style.setProperty('height', `${this.placement.height}px`);
    spacer.querySelector<HTMLElement>('.window')!.style.setProperty('transform', `translateY(${this.placement.top}px)`);
    if (changed.has('entries') && this.following) viewport.scrollTop = viewport.scrollHeight;
  }

  override render() {
    const offsets = new Float64Array(this.shown.length + 1).map((_, i) => i * ROW_HEIGHT);
    const [first, last] = visibleRange(offsets, this.scrolled, this.viewHeight || 20 * ROW_HEIGHT);
    this.placement = { height: offsets[this.shown.length], top: first * ROW_HEIGHT };
    return html`
      <div class="bar">
        <input type="search" aria-label="Filter by method" placeholder="Filter by method" .value=${this.methodFilter}
          @input=${this.handleMethodFilter} />
        <select aria-label="Direction" @change=${this.handleDirection}>
          <option value="">Both directions</option>
          <option value="sent">Sent →</option>
          <option value="received">Received ←</option>
        </select>
        <button type="button" @click=${this.handleExport}>Export</button>
      </div>
      <p class="count" role="status">
        ${this.shown.length} of ${this.entries.length} ${this.entries.length === 1 ? 'message' : 'messages'}${
          this.dropped ? html` · <span class="dropped">${this.dropped} older not kept</span>` : nothing
        }
      </p>
      <div class="viewport" role="list" aria-label="Protocol log" tabindex="0" @scroll=${this.handleScroll}>
        <div class="spacer"><div class="window">${this.shown.slice(first, last).map((entry) => this.renderRow(entry))}</div></div>
      </div>
      ${this.picked ? this.renderPicked(this.picked) : nothing}
    `;
  }

  private renderRow(entry: ProtocolEntry) {
    // The list item holds the button: a button given the listitem role would lose its pressed state to readers.
    return html`<div role="listitem"><button type="button" part="row" class="row ${entry.kind}"
      aria-pressed=${this.picked === entry ? 'true' : 'false'} @click=${() => (this.picked = this.picked === entry ? undefined : entry)}>
      <span class="time">${clockTime(entry.time)}</span>
      <span class="direction" title=${entry.direction}>${ARROW[entry.direction]}</span>
      <span class="method">${entry.method ?? '(no method)'}${entry.kind === 'request' || entry.kind === 'notification' ? '' : ` ${entry.kind}`}</span>
      <span class="id num">${entry.id ?? ''}</span>
      <span class="size num">${formatBytes(entry.size)}</span>
      <span class="rtt num">${entry.rttMs === undefined ? '' : formatDuration(entry.rttMs)}</span>
    </button></div>`;
  }

  /** The picked message whole, folded, with what can be done with it. */
  private renderPicked(entry: ProtocolEntry) {
    const call = toolCallOf(entry);
    return html`<section class="picked" aria-label="Message ${entry.seq}">
      <h3>${ARROW[entry.direction]} ${entry.method ?? entry.kind} <span class="count">#${entry.seq}</span></h3>
      <div class="bar">
        <button type="button" @click=${() => void navigator.clipboard?.writeText(readableJson(entry.message))}>Copy</button>
        ${
          call
            ? html`<button type="button" @click=${() => this.dispatchEvent(new CustomEvent('tool-open', { detail: call, bubbles: true, composed: true }))}>Open in form</button>`
            : nothing
        }
      </div>
      ${renderJsonTree(entry.message)}
    </section>`;
  }

  private handleMethodFilter(event: Event): void {
    this.methodFilter = (event.target as HTMLInputElement).value;
  }

  private handleDirection(event: Event): void {
    this.direction = (event.target as HTMLSelectElement).value as '' | ProtocolDirection;
  }

  private handleScroll(): void {
    const viewport = this.viewport!;
    this.scrolled = viewport.scrollTop;
    this.viewHeight = viewport.clientHeight;
    this.following = viewport.scrollTop + viewport.clientHeight >= viewport.scrollHeight - ROW_HEIGHT / 2;
  }

  private handleExport(): void {
    this.dispatchEvent(new CustomEvent('protocol-export', { bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'protocol-log': ProtocolLog;
  }
}
