import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ApiError, CallOutcome, CallRequest } from './api.js';
import { curlCommand } from './lib/curl.js';
import { formatDuration, prettyJson } from './lib/format.js';
import { base64ToBytes, downloadName } from './lib/safe-url.js';
import { renderContent, renderText, type BlobLinks } from './result/content.js';
import { styles } from './tool-result.styles.js';

type Tab = 'result' | 'raw' | 'curl';
const TABS: [Tab, string][] = [
  ['result', 'Result'],
  ['raw', 'Raw'],
  ['curl', 'cURL'],
];

const HINTS: Record<number, string> = {
  401: 'This server wants a Bearer token: enter it in the auth bar, then run the tool again.',
  403: 'Tool execution is disabled on this server.',
  404: 'The server does not know this tool (any more).',
  413: 'The arguments are larger than the server accepts.',
};

/**
 * The result of a tool call: each content item rendered safely (text, JSON, image, audio, resources, links),
 * structured content, `_meta`, the HTTP status and duration; a Raw tab with the envelope and a cURL tab with a
 * command reproducing the call, the token replaced by `$TOKEN` unless the user reveals it.
 *
 * @csspart header - The status line.
 * @csspart status - The HTTP status pill.
 * @csspart tab - A tab button.
 * @csspart panel - The visible tab panel.
 * @csspart item - A content item card.
 * @csspart image - An image result. @csspart audio - An audio result.
 * @csspart link - A resource link. @csspart download - A resource download link.
 * @csspart curl - The cURL command.
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

  @state() private tab: Tab = 'result';
  @state() private revealToken = false;
  @state() private copyStatus = '';

  private blobs: BlobLinks = new WeakMap();
  private blobUrls: string[] = [];

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('outcome')) {
      this.revokeBlobs();
      for (const item of this.outcome?.result?.content ?? []) this.addBlob(item);
    }
    if (changed.has('outcome') || changed.has('error') || changed.has('request')) {
      this.copyStatus = '';
      this.revealToken = false;
      if (this.tab === 'curl' && !(this.outcome?.request ?? this.request)) this.tab = 'result';
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
      <div role="tablist" aria-label="Result views" @keydown=${this.onTabKey}>
        ${TABS.filter(([tab]) => tab !== 'curl' || request).map(
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
        ${this.tab === 'curl' && request ? this.renderCurl(request) : this.tab === 'raw' ? this.renderRaw() : this.renderResult()}
      </div>
    `;
  }

  private renderHeader() {
    const status = this.outcome?.status ?? (this.error as ApiError | undefined)?.status;
    const isError = this.outcome ? this.outcome.result.isError === true : true;
    const meta = this.outcome?.result._meta;
    const trace = meta && typeof meta._trace_id === 'string' ? meta._trace_id : '';
    return html`<div class="header" part="header">
      ${
        status
          ? html`<span class=${`pill ${status < 400 ? 'ok' : 'bad'}`} part="status">HTTP ${status}</span>`
          : nothing
      }
      ${isError ? html`<span class="pill bad">Error</span>` : html`<span class="pill ok">Success</span>`}
      ${this.outcome ? html`<span class="meta">${formatDuration(this.outcome.durationMs)}</span>` : nothing}
      ${trace ? html`<span class="meta">trace <code class="trace">${trace}</code></span>` : nothing}
    </div>`;
  }

  private renderResult() {
    if (!this.outcome) {
      const error = this.error!;
      const status = (error as ApiError).status;
      return html`<div class="error" part="error" role="alert">
        <strong>${error.message}</strong>
        ${HINTS[status] ? html`<p>${HINTS[status]}</p>` : nothing}
      </div>`;
    }
    const { content, structuredContent, isError, _meta } = this.outcome.result;
    return html`
      ${
        content.length
          ? content.map(
              (item) =>
                html`<div class=${`item${isError ? ' is-error' : ''}`} part="item">${renderContent(item, this.blobs)}</div>`,
            )
          : html`<p class="placeholder">The tool returned no content.</p>`
      }
      ${
        structuredContent !== undefined
          ? html`<section><h4>Structured content</h4>${renderText(prettyJson(structuredContent))}</section>`
          : nothing
      }
      ${_meta !== undefined ? html`<section><h4>_meta</h4>${renderText(prettyJson(_meta))}</section>` : nothing}
    `;
  }

  private renderRaw() {
    const body = this.outcome ? this.outcome.result : ((this.error as ApiError).body ?? this.error!.message);
    return html`<pre class="json raw">${prettyJson(body)}</pre>`;
  }

  private renderCurl(request: CallRequest) {
    const hasToken = Object.keys(request.headers).some((name) => name.toLowerCase() === 'authorization');
    return html`<div class="curl-bar">
        <button class="copy" @click=${this.copy}>Copy</button>
        ${
          hasToken
            ? html`<label
              ><input type="checkbox" .checked=${this.revealToken} @change=${this.onReveal} /> Show token</label
            >`
            : nothing
        }
        <span class="copy-status" role="status">${this.copyStatus}</span>
      </div>
      <pre class="curl" part="curl">${curlCommand(request, { revealToken: this.revealToken })}</pre>
      ${
        hasToken && !this.revealToken
          ? html`<p class="note">Set <code>TOKEN</code> in your shell first, or tick “Show token”.</p>`
          : nothing
      }`;
  }

  private onReveal(event: Event): void {
    this.revealToken = (event.target as HTMLInputElement).checked;
  }

  private onTabKey(event: KeyboardEvent): void {
    const tabs = [...this.renderRoot.querySelectorAll<HTMLElement>('[role=tab]')];
    const index = tabs.indexOf(event.target as HTMLElement);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step || index < 0) return;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    this.tab = next.id.slice(4) as Tab;
    next.focus();
  }

  private async copy(): Promise<void> {
    const pre = this.renderRoot.querySelector('pre.curl')!;
    try {
      await navigator.clipboard.writeText(pre.textContent ?? '');
      this.copyStatus = 'Copied.';
    } catch {
      // No clipboard permission (http page, iframe policy): select the text so Ctrl+C copies it.
      const range = document.createRange();
      range.selectNodeContents(pre);
      const selection = getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      this.copyStatus = 'Selected: press Ctrl+C (⌘C) to copy.';
    }
  }

  private addBlob(item: unknown): void {
    const resource = (item as { type?: unknown; resource?: Record<string, unknown> })?.resource;
    if ((item as { type?: unknown }).type !== 'resource' || typeof resource !== 'object' || resource === null) return;
    const bytes = base64ToBytes(resource.blob);
    if (!bytes) return;
    // Always octet-stream: a blob: URL of text/html opened in a tab would run in this page's origin.
    const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/octet-stream' }));
    this.blobUrls.push(url);
    this.blobs.set(resource, { url, name: downloadName(resource.uri), size: bytes.length });
  }

  private revokeBlobs(): void {
    for (const url of this.blobUrls) URL.revokeObjectURL(url);
    this.blobUrls = [];
    this.blobs = new WeakMap();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tool-result': ToolResult;
  }
}
