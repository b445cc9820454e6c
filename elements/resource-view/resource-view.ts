import { initialState, Task, TaskStatus } from '@lit/task';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ReadResourceResult, ResourceSummary, ToolApi } from '../api.js';
import type { ToolAnswerDetail, ToolDismissDetail } from '../events.js';
import type { CatalogApi } from '../catalog-api.js';
import { answerFailure } from '../content/answer-failure.js';
import { ContentState } from '../content/content-state.js';
import { renderResourceContents } from '../content/resource-contents.js';
import { formatBytes } from '../display/format.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';
import { AskedQuestions } from '../tool-question/asked-questions.js';
import '../tool-question/tool-question.js';
import { metadataRows } from './resource-metadata.js';
import { styles } from './resource-view.styles.js';

/**
 * One resource: its metadata (name, title, URI with Copy, MIME type, size, annotations) and its contents as the
 * backend reads them (`api.readResource`), each item drawn by its MIME type: text, JSON folded with Copy, Markdown,
 * CSV as a table, images, audio, HTML as its source (never rendered), anything else as a download. A long text shows
 * its first 100 KB and a "Show all" button. A question the backend asks while it reads (a 2026-07-28 server's
 * `input_required`, a host reader's `ctx.elicit`) is shown in the console's question dialog (`<tool-question>`) and
 * answered from there. Reads again when `resource` changes or `refresh()` is called; with
 * `subscribable`, a Subscribe toggle asks the backend for `resource-updated` events (and unsubscribes when the element
 * leaves the page); each update the backend reports reads the resource again and says so, with the time.
 *
 * @csspart header - The name, Copy URI and Subscribe.
 * @csspart copy-uri - The Copy URI button.
 * @csspart subscribe - The Subscribe toggle (aria-pressed).
 * @csspart updated - How many updates the backend reported, and when the last one was read.
 * @csspart metadata - The list of the resource's metadata.
 * @csspart contents - The read contents.
 * @csspart item - One item of the contents.
 * @csspart copy - The Copy button of JSON contents.
 * @csspart json-tree - JSON contents, folded.
 * @csspart table - CSV contents as a table.
 * @csspart show-all - The button that shows all of a long text.
 * @csspart error - What failed, with Retry.
 */
@customElement('resource-view')
export class ResourceView extends LitElement {
  static override styles = styles;

  /** The backend that reads the resource. */
  @property({ attribute: false }) api?: ToolApi;
  /** The backend's catalog, which subscribes and unsubscribes. */
  @property({ attribute: false }) catalog?: CatalogApi;
  /** The resource to show: an entry of the resource list, or just its `uri` and `name`. */
  @property({ attribute: false }) resource?: ResourceSummary;
  /** Whether the backend offers subscriptions: shows the Subscribe toggle. */
  @property({ type: Boolean }) subscribable = false;

  /** The URI this element is subscribed to, if any. */
  @state() private subscribedUri = '';
  @state() private subscribing = false;
  @state() private subscribeProblem = '';
  /** The updates reported for the resource shown (refresh), and when the last was read, for the user to see. */
  // Stryker disable next-line ObjectLiteral,StringLiteral: willUpdate sets it when a resource is first shown, before any render of it
  @state() private updates = { count: 0, at: '' };
  // Stryker disable next-line StringLiteral: willUpdate empties it whenever a resource is set, so before any render of it
  @state() private uriCopyStatus = '';

  private content = new ContentState(this);
  private asked = new AskedQuestions(this);

  private read = new Task(this, {
    task: async ([api, uri]: [ToolApi | undefined, string | undefined], { signal }) => {
      if (!api || !uri) return initialState;
      const onEvent = this.asked.start((id, answer, answering) => api.answerRead(id, answer, answering));
      try {
        const result = await api.readResource(uri, signal, undefined, onEvent);
        // New contents: the old ones' downloads go.
        this.content.reset();
        return result;
      } finally {
        this.asked.end();
      }
    },
    args: () => [this.api, this.resource?.uri] as [ToolApi | undefined, string | undefined],
  });

  /** Reads the resource again (when the backend says it changed). Resolves when the new contents are shown. */
  async refresh(): Promise<void> {
    await this.read.run();
    // The same contents may come back: the line below says the update arrived all the same.
    this.updates = { count: this.updates.count + 1, at: new Date().toLocaleTimeString() };
    await this.updateComplete;
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('resource') && this.subscribedUri && this.subscribedUri !== this.resource?.uri) {
      this.leave();
    }
    if (changed.has('resource')) this.uriCopyStatus = '';
    if (changed.has('resource') && changed.get('resource')?.uri !== this.resource?.uri) {
      // Stryker disable next-line StringLiteral: with no update counted the line (and its time) is not shown
      this.updates = { count: 0, at: '' };
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.leave();
  }

  override render() {
    const resource = this.resource;
    if (!resource) return html`<p class="status">No resource chosen.</p>`;
    return html`${this.renderHeader(resource)}
      <dl part="metadata">
        ${metadataRows(resource, formatBytes).map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>`)}
      </dl>
      <tool-question .question=${this.asked.questions[0]} @tool-answer=${this.handleAnswer}
        @tool-dismiss=${this.handleDismiss}></tool-question>
      ${this.asked.notice ? html`<p class="status" role="status">${this.asked.notice}</p>` : nothing}
      ${this.renderRead()}`;
  }

  private renderHeader(resource: ResourceSummary) {
    const subscribed = this.subscribedUri === resource.uri;
    return html`<div class="header" part="header">
        <h3>${resource.title || resource.name}</h3>
        <button type="button" part="copy-uri" @click=${this.handleCopyUri}>Copy URI</button>
        ${
          this.subscribable
            ? html`<button
                type="button"
                part="subscribe"
                aria-pressed=${subscribed ? 'true' : 'false'}
                ?disabled=${this.subscribing || !this.catalog}
                @click=${this.handleSubscribe}
              >
                ${subscribed ? 'Subscribed' : 'Subscribe'}
              </button>`
            : nothing
        }
        <span class="status" role="status">${this.uriCopyStatus}</span>
      </div>
      ${this.subscribeProblem ? html`<p class="error" role="alert">${this.subscribeProblem}</p>` : nothing}
      ${
        this.updates.count
          ? html`<p class="status" part="updated" role="status">
              ${this.updates.count === 1 ? 'Updated once' : `Updated ${this.updates.count} times`} by the server, read
              again at ${this.updates.at}.
            </p>`
          : nothing
      }
      ${resource.description ? html`<p class="description">${resource.description}</p>` : nothing}`;
  }

  private renderRead() {
    const value = this.read.value as ReadResourceResult | undefined;
    const error = this.read.error;
    if (this.read.status === TaskStatus.ERROR) {
      const { title, hint } = answerFailure(error);
      return html`<div class="error" part="error" role="alert">
        <strong>Reading ${this.resource!.uri} failed: ${title}</strong>
        ${hint ? html`<p>${hint}</p>` : nothing}
        <button type="button" @click=${this.handleRetry}>Retry</button>
      </div>`;
    }
    if (!value) {
      return this.read.status === TaskStatus.PENDING ? html`<p class="status" role="status">Reading…</p>` : nothing;
    }
    const items = value.contents.filter(isPlainObject);
    return html`${this.read.status === TaskStatus.PENDING ? html`<p class="status" role="status">Reading again…</p>` : nothing}
      <div class="contents" part="contents" aria-label=${`Contents of ${this.resource!.uri}`} role="group">
        ${
          items.length
            ? items.map(
                (item) =>
                  html`<div class="item" part="item">${renderResourceContents(item as never, this.content)}</div>`,
              )
            : html`<p class="status">The resource is empty.</p>`
        }
      </div>`;
  }

  private handleAnswer(event: CustomEvent<ToolAnswerDetail>): void {
    void this.asked.answer(event.detail.id, event.detail.answer);
  }

  private handleDismiss(event: CustomEvent<ToolDismissDetail>): void {
    this.asked.dismiss(event.detail.id);
  }

  private handleRetry(): void {
    void this.read.run();
  }

  private async handleCopyUri(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.resource!.uri);
      this.uriCopyStatus = 'URI copied.';
    } catch {
      this.uriCopyStatus = 'The browser did not allow copying: select the URI and press Ctrl+C (⌘C).';
    }
  }

  private async handleSubscribe(): Promise<void> {
    const uri = this.resource!.uri;
    const subscribe = this.subscribedUri !== uri;
    this.subscribing = true;
    this.subscribeProblem = '';
    try {
      if (subscribe) await this.catalog!.subscribe(uri);
      else await this.catalog!.unsubscribe(uri);
      this.subscribedUri = subscribe ? uri : '';
    } catch (error) {
      const { title, hint } = answerFailure(error);
      this.subscribeProblem = `${subscribe ? 'Subscribing' : 'Unsubscribing'} failed: ${title}${hint ? ` ${hint}` : ''}`;
    } finally {
      this.subscribing = false;
    }
  }

  /** Unsubscribes from the resource shown before (another one is shown, or the element left the page). */
  private leave(): void {
    const uri = this.subscribedUri;
    if (!uri) return;
    this.subscribedUri = '';
    // Nobody is left to tell if this fails: the backend drops the subscription when the page goes anyway.
    this.catalog?.unsubscribe(uri).catch(() => undefined);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'resource-view': ResourceView;
  }
}
