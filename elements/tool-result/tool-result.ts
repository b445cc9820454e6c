import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ApiError, CallOutcome, CallRequest, Content, ToolApi } from '../api.js';
import { curlCommand } from './curl.js';
import { callCommand } from '../display/call-command.js';
import { formatDuration, prettyJson } from '../display/format.js';
import { readableJson } from '../content/readable-json.js';
import { base64ToBytes, downloadName } from '../display/safe-url.js';
import { shownResult, shownText } from './shown-result.js';
import { renderContent, renderText, type BlobLinks } from '../content/content-item.js';
import { renderOutputCheck } from './output-check.js';
import { ResourceReads } from './resource-reads.js';
import { styles } from './tool-result.styles.js';

type Tab = 'result' | 'raw' | 'curl' | 'command';
const TABS: [Tab, string][] = [
  ['result', 'Result'],
  ['raw', 'Raw'],
  ['curl', 'cURL'],
  ['command', 'Command'],
];

const HINTS: Record<number, string> = {
  401: 'This server wants a Bearer token: enter it in the auth bar, then run the tool again.',
  403: 'Tool execution is disabled on this server.',
  404: 'The server does not know this tool (any more).',
  413: 'The arguments are larger than the server accepts.',
  502: 'The MCP server behind this console could not start or stopped (or a proxy could not reach the console).',
};

/** What a call that got no result says failed: its HTTP status, or that nothing answered (fetch's TypeError). */
function failure(error: Error): { badge: string; hint?: string } {
  const status = (error as ApiError).status;
  if (status) return { badge: `HTTP ${status}`, hint: HINTS[status] };
  if (error instanceof TypeError) {
    return {
      badge: 'No answer',
      hint: 'The server did not answer: check that it is running and reachable from this page.',
    };
  }
  return { badge: 'Failed' };
}

/**
 * The result of a tool call: each content item rendered safely (text, JSON, image, audio, resources, links),
 * structured content (once, when a text item repeats it), the server's output-schema check, `_meta`, the HTTP status
 * and duration; a Raw tab with the envelope and a cURL tab with a command reproducing the call, the token replaced by
 * `$TOKEN` unless the user reveals it, and a Command tab with the `tool-console call` line. Each tab copies its text. A result with `isError` reads "Tool error"; a call
 * that got no result (401, 403, 413, a proxy's 502, no answer) says what failed. Given `api`, resource links (and
 * embedded resources only the server can read) offer Open: the resource is read through the backend and shown below.
 *
 * @csspart header - The status line.
 * @csspart status - The HTTP status.
 * @csspart output-check - The output-schema check.
 * @csspart tab - A tab button.
 * @csspart panel - The visible tab panel.
 * @csspart item - A content item card.
 * @csspart image - An image result.
 * @csspart audio - An audio result.
 * @csspart link - A resource link.
 * @csspart download - A resource download link.
 * @csspart open - A resource's Open button.
 * @csspart opened - What an opened resource holds.
 * @csspart curl - The cURL command.
 * @csspart command - The `tool-console call` command line.
 * @csspart error - The error box.
 */
@customElement('tool-result')
export class ToolResult extends LitElement {
  static override styles = styles;

  /** A finished call to show. */
  @property({ attribute: false }) outcome?: CallOutcome;
  /** A call that failed without a result (401, 403, network down, ...). Shown when there is no outcome. */
  @property({ attribute: false }) error?: ApiError | Error;
  /** The request behind `error`, so its cURL command can still be shown. `outcome` carries its own. */
  @property({ attribute: false }) request?: CallRequest;
  /** The backend that reads the resources the result links to; without one, they cannot be opened here. */
  @property({ attribute: false }) api?: ToolApi;

  @state() private tab: Tab = 'result';
  // Stryker disable next-line BooleanLiteral: willUpdate sets it to false before any result, error or request is shown
  @state() private revealToken = false;
  // Stryker disable next-line StringLiteral: willUpdate empties it before any Copy bar is shown
  @state() private copyStatus = '';

  private blobs: BlobLinks = new WeakMap();
  // Stryker disable next-line ArrayDeclaration: only revoked, and revoking a string that is no blob: URL does nothing
  private blobUrls: string[] = [];
  private reads = new ResourceReads(this, (item: Content) => this.addBlob(item));

  override willUpdate(changed: PropertyValues): void {
    this.reads.api = this.api;
    if (changed.has('outcome')) {
      this.revokeBlobs();
      this.reads.reset();
      // Stryker disable next-line ArrayDeclaration: addBlob skips anything that is no embedded resource
      for (const item of this.outcome?.result.content ?? []) this.addBlob(item);
    }
    if (changed.has('outcome') || changed.has('error') || changed.has('request')) {
      this.revealToken = false;
      if (this.tab === 'curl' && !(this.outcome?.request ?? this.request)) this.tab = 'result';
      if (this.tab === 'command' && !this.outcome) this.tab = 'result';
    }
    if (changed.has('outcome') || changed.has('error') || changed.has('request') || changed.has('tab')) {
      this.copyStatus = '';
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.revokeBlobs();
  }

  override render() {
    const request = this.outcome?.request ?? this.request;
    if (!this.outcome && !this.error) return html`<p class="placeholder">Run the tool to see its result here.</p>`;
    return html`
      ${this.renderHeader()}
      <div role="tablist" aria-label="Result views" @keydown=${this.handleTabKey}>
        ${TABS.filter(([tab]) => (tab !== 'curl' || request) && (tab !== 'command' || this.outcome)).map(
          ([tab, name]) => html`<button
            role="tab"
            part="tab"
            id=${`tab-${tab}`}
            aria-selected=${this.tab === tab ? 'true' : 'false'}
            aria-controls="panel"
            tabindex=${this.tab === tab ? 0 : -1}
            @click=${() => (this.tab = tab)}
          >
            ${name}
          </button>`,
        )}
      </div>
      <div id="panel" role="tabpanel" part="panel" aria-labelledby=${`tab-${this.tab}`}>
        ${this.renderPanel(request)}
      </div>
    `;
  }

  private renderHeader() {
    const outcome = this.outcome;
    const meta = outcome?.result._meta;
    const trace = meta && typeof meta._trace_id === 'string' ? meta._trace_id : '';
    if (!outcome) {
      return html`<div class="header" part="header">
        <span class="pill bad" part="status">${failure(this.error!).badge}</span>
      </div>`;
    }
    // A tool that reports an error (isError, sent as HTTP 500) ran and answered: not a crash of the server.
    const verdict = outcome.status === 504 ? 'Timed out' : outcome.result.isError === true ? 'Tool error' : 'Success';
    return html`<div class="header" part="header">
      <span class=${`pill ${verdict === 'Success' ? 'ok' : 'bad'}`}>${verdict}</span>
      <span class="meta" part="status">HTTP ${outcome.status}</span>
      <span class="meta">${formatDuration(outcome.durationMs)}</span>
      ${trace ? html`<span class="meta">trace <code class="trace">${trace}</code></span>` : nothing}
    </div>`;
  }

  private renderResult() {
    if (!this.outcome) {
      const { hint } = failure(this.error!);
      return html`<div class="error" part="error" role="alert">
        <strong>${this.error!.message}</strong>
        ${hint ? html`<p>${hint}</p>` : nothing}
      </div>`;
    }
    const { result, outputCheck } = this.outcome;
    const shown = shownResult(result);
    const text = shownText(result, shown);
    return html`
      ${text ? this.renderCopyBar(text) : nothing} ${renderOutputCheck(outputCheck)}
      ${
        result.content.length
          ? shown.items.map(
              (item) =>
                html`<div class=${`item${result.isError ? ' is-error' : ''}`} part="item">${renderContent(item, this.blobs, this.openable)}</div>`,
            )
          : html`<p class="placeholder">The tool returned no content.</p>`
      }
      ${
        result.structuredContent !== undefined
          ? html`<section>
              <h4>Structured content ${shown.twin ? html`<span class="twin">· also sent as text</span>` : nothing}</h4>
              ${renderText(prettyJson(result.structuredContent))}
            </section>`
          : nothing
      }
      ${result._meta !== undefined ? html`<section><h4>_meta</h4>${renderText(prettyJson(result._meta))}</section>` : nothing}
    `;
  }

  private readonly openable = (type: unknown, uri: unknown) => this.reads.render(type, uri, this.blobs);

  private renderRaw() {
    const body = this.outcome ? this.outcome.result : ((this.error as ApiError).body ?? this.error!.message);
    return html`${this.renderCopyBar(prettyJson(body))}
      <pre class="json raw">${readableJson(body)}</pre>`;
  }

  private renderCopyBar(text: string, extra: unknown = nothing) {
    return html`<div class="copy-bar">
      <button type="button" class="copy" @click=${() => this.copy(text)}>Copy</button>
      ${extra}
      <span class="copy-status" role="status">${this.copyStatus}</span>
    </div>`;
  }

  private renderPanel(request: CallRequest | undefined) {
    if (this.tab === 'curl' && request) return this.renderCurl(request);
    if (this.tab === 'command' && this.outcome) return this.renderCommand(this.outcome);
    return this.tab === 'raw' ? this.renderRaw() : this.renderResult();
  }

  /** The call as `tool-console call`: the CLI makes it against the MCP server itself, so the user names that server. */
  private renderCommand(outcome: CallOutcome) {
    const command = callCommand({ tool: outcome.name, arguments: outcome.arguments });
    return html`${this.renderCopyBar(command)}
      <pre class="command" part="command">${command}</pre>
      <p class="note">Add <code>--stdio '&lt;command&gt;'</code> or <code>--url &lt;url&gt;</code>: the MCP server this console fronts.</p>`;
  }

  private renderCurl(request: CallRequest) {
    const hasToken = Object.keys(request.headers).some((name) => name.toLowerCase() === 'authorization');
    const command = curlCommand(request, { revealToken: this.revealToken });
    return html`${this.renderCopyBar(
      command,
      hasToken
        ? html`<label><input type="checkbox" .checked=${this.revealToken} @change=${this.handleReveal} /> Show token</label>`
        : nothing,
    )}
      <pre class="curl" part="curl">${command}</pre>
      ${
        hasToken && !this.revealToken
          ? html`<p class="note">Set <code>TOKEN</code> in your shell first, or tick “Show token”.</p>`
          : nothing
      }`;
  }

  private handleReveal(event: Event): void {
    this.revealToken = (event.target as HTMLInputElement).checked;
  }

  private handleTabKey(event: KeyboardEvent): void {
    const tabs = [...this.renderRoot.querySelectorAll<HTMLElement>('[role=tab]')];
    const index = tabs.indexOf(event.target as HTMLElement);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step || index < 0) return;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    this.tab = next.id.slice(4) as Tab;
    next.focus();
  }

  private async copy(text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this.copyStatus = 'Copied.';
    } catch {
      // No clipboard permission (http page, iframe policy): select the text so Ctrl+C copies it.
      const panel = this.renderRoot.querySelector('#panel')!;
      const range = document.createRange();
      const pre = panel.querySelector('pre.curl, pre.command, pre.raw');
      if (pre) {
        range.selectNodeContents(pre);
      } else {
        // The Result tab: everything it shows, after its Copy bar.
        range.selectNodeContents(panel);
        range.setStartAfter(panel.querySelector('.copy-bar')!);
      }
      const selection = getSelection();
      // Stryker disable next-line OptionalChaining: null only in a document without a window, where no Copy is clicked
      selection?.removeAllRanges();
      // Stryker disable next-line OptionalChaining: as above
      selection?.addRange(range);
      this.copyStatus = 'Selected: press Ctrl+C (⌘C) to copy.';
    }
  }

  private addBlob(item: unknown): void {
    // A server may send anything in `content`, null included: such an item is shown as JSON, never a crash.
    const { type, resource } = (item ?? {}) as { type?: unknown; resource?: Record<string, unknown> | null };
    if (type !== 'resource' || typeof resource !== 'object' || resource === null) return;
    const bytes = base64ToBytes(resource.blob);
    if (!bytes) return;
    // Always octet-stream: a blob: URL of text/html opened in a tab would run in this page's origin.
    const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/octet-stream' }));
    this.blobUrls.push(url);
    this.blobs.set(resource, { url, name: downloadName(resource.uri), size: bytes.length });
  }

  private revokeBlobs(): void {
    for (const url of this.blobUrls) URL.revokeObjectURL(url);
    // Stryker disable next-line ArrayDeclaration: only revoked, and revoking a string that is no blob: URL does nothing
    this.blobUrls = [];
    this.blobs = new WeakMap();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tool-result': ToolResult;
  }
}
