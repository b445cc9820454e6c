import { Task } from '@lit/task';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { ApiError, ToolApi, type ServerInfo, type ToolDetail } from '../api.js';
import { PENDING_OFFER } from '../../protocol/console-info.js';
import { AppSlot } from '../tool-app/app-slot.js';
import { announceEnd } from '../call/announce.js';
import { renderLogList } from '../call/call-view.js';
import { ElapsedClock } from '../call/elapsed-clock.js';
import { callsAsTask, renderTaskMode } from '../call/task-mode.js';
import { type ToolCall, startToolCall } from '../call/tool-call.js';
import type { ToolAnswerDetail, ToolAppLogDetail, ToolDismissDetail, ToolExecuteDetail } from '../events.js';
import { flag, serverJson } from './console-attributes.js';
import { renderIntro, renderServer } from './console-intro.js';
import { ConsoleSections } from './console-sections.js';
import { linkHash, readLink } from './deep-link.js';
import { DrawerSlot } from './drawer-slot.js';
import { describeFailure, renderFailure } from './failure-notice.js';
import { renderCallCard } from './call-card.js';
import { renderRecentArguments } from './recent-arguments.js';
import { ArgumentHistory, type HistoryEntry } from './history.js';
import { loadSavedCalls, loadToolForm, loadToolResult, whenIdle } from './lazy-parts.js';
import { styles } from './tool-console.styles.js';
import { renderToolHeader } from './tool-header.js';
import { ToolWatch } from './tool-watch.js';
import '../tool-auth-bar/tool-auth-bar.js';
import '../tool-description/tool-description.js';
import '../tool-list/tool-list.js';

/**
 * The whole console for one backend: the tool list, the selected tool's detail and form, its call (live progress and
 * log lines while it runs, then its result), recent arguments, and an auth bar. Selecting a tool writes
 * `#tool=<name>` to the URL, so a link or a reload opens it. A backend that offers resources or prompts (`offers`)
 * gets them as sections beside Tools, tabs above the list, with their own links (`#resource=<uri>`,
 * `#template=<uriTemplate>`, `#prompt=<name>`).
 *
 * @fires tool-select - Bubbles up from the list.
 * @fires tool-call-start - Before a call the console runs (cancelable: `preventDefault()` stops it).
 * @fires tool-call-end - After that call, however it ended.
 * @fires tool-token-change - Bubbles up from the auth bar.
 * @fires tool-answer - Bubbles up from the question dialog (a call's server asked the user something).
 * @fires tool-dismiss - Bubbles up from the question dialog.
 * @fires tool-app-log - Bubbles up from a tool's own interface (MCP Apps), whose lines the server log also shows.
 * @slot heading - Replaces the heading text (a logo, a link).
 * @csspart header - The top bar.
 * @csspart server - The MCP server behind the backend, in the top bar: its name, version and website.
 * @csspart sidebar - The list pane.
 * @csspart tabs - The Tools | Resources | Prompts tab list (only when the backend offers more than tools).
 * @csspart tab - A section's tab; `tab selected` for the open one.
 * @csspart icon - The server's icon in the top bar.
 * @csspart detail - The detail pane.
 * @csspart tool-header - Title, name, badges and description of the selected tool.
 * @csspart output-schema - The selected tool's output schema, under a disclosure.
 * @csspart history - The recent-arguments list.
 * @csspart notice - Loading and error messages.
 * @csspart progress - The running call: its bar, message and elapsed time.
 * @csspart task - Where the running call's task stands ("Task working", with the server's message).
 * @csspart logs - The call's log lines.
 * @csspart task-mode - "Run as task" beside Execute, or the note that the tool runs as a task.
 * @cssproperty --tool-console-height - Height of the console (default: the viewport).
 * @cssproperty --tool-font-family - Text font of every element (the theme tokens below are read by all of them).
 * @cssproperty --tool-font-mono - Font of JSON, code and log text.
 * @cssproperty --tool-radius - Corner radius.
 * @cssproperty --tool-color-text - Text colour.
 * @cssproperty --tool-color-muted - Secondary text colour (help, counts, timings).
 * @cssproperty --tool-color-surface - Background of the panes and inputs.
 * @cssproperty --tool-color-subtle - Background of headers, code and other set-apart areas.
 * @cssproperty --tool-color-border - Borders and dividers.
 * @cssproperty --tool-color-accent - Primary buttons, links and the selected tool's mark.
 * @cssproperty --tool-color-on-accent - Text on the accent colour.
 * @cssproperty --tool-color-hover - Background of a row or button under the pointer.
 * @cssproperty --tool-color-selected - Background of the selected tool's row.
 * @cssproperty --tool-color-focus - The focus ring.
 * @cssproperty --tool-color-danger - Errors and destructive actions.
 * @cssproperty --tool-color-danger-bg - Background of error messages.
 * @cssproperty --tool-color-success - Success marks (a call that succeeded, a passed output check).
 * @cssproperty --tool-color-success-bg - Background of success messages.
 * @cssproperty --tool-color-warning - Warnings (a destructive tool's badge, a failed output check).
 * @cssproperty --tool-color-warning-bg - Background of warnings.
 * @cssproperty --tool-color-info-bg - Background of informational notices.
 */
@customElement('tool-console')
export class ToolConsole extends LitElement {
  static override styles = styles;

  /** The tools collection URL of the backend, relative to the page or absolute. */
  @property() src = 'tools';
  /** The heading over the console (default: the server's title or name when `server` says, else "MCP Tools"). */
  @property() heading = '';
  /**
   * The MCP server behind the backend, shown in the header with its instructions on the start screen: the page's
   * `server` attribute (JSON of `{name, title?, version?, websiteUrl?, instructions?}`, as the CLI fills it).
   */
  @property({ converter: serverJson }) server: ServerInfo | undefined;
  /** Whether the page offers Execute: attribute `execution="true|false"` (the page's `<<ALLOW_EXECUTE>>`). */
  @property({ attribute: 'execution', converter: flag }) allowExecute = true;
  /** The selected tool's name (kept in the URL hash). */
  @property() selected = '';
  /** The largest call body the backend accepts, in bytes (the page's `max-body`); 0 when not known. */
  @property({ type: Number, attribute: 'max-body' }) maxBodyBytes = 0;
  /** The sandbox proxy page that runs tools' own interfaces (MCP Apps), on another origin; empty: none is shown. */
  @property() sandbox = '';
  /**
   * What the backend offers besides tools: the page's `offers` attribute, words from `resources prompts completions
   * subscriptions` (as the server fills it); empty for tools only.
   */
  // Stryker disable next-line StringLiteral: only the words inspect, resources, prompts and pending are read from it
  @property() offers = '';

  /** The call of the selected tool, running or ended: the console owns it, the form and the result draw from it. */
  @state() private call?: ToolCall;
  /** What the live region last said about a call's end. */
  @state() private announcement = '';
  /** The server answered a call with 403: execution is off there, whatever the page said. */
  @state() private denied = false;
  // Stryker disable next-line ArrayDeclaration: willUpdate sets it before the first render (src is set by then)
  @state() private recent: HistoryEntry[] = [];
  /** The "Run as task" switch, for a tool that may run either way; off again for every tool opened. */
  // Stryker disable next-line BooleanLiteral: willUpdate sets it before the first render (src is set by then)
  @state() private asTask = false;
  /** `<tool-result>` is defined: a call's end is shown once it is (it loads while the first call runs). */
  @state() private resultView = false;
  /** Why the result view's script could not be loaded (the network went away since the page loaded). */
  @state() private resultViewFailure = '';

  private api = new ToolApi(this.src);
  /** Redraws the running call's elapsed time. */
  private clock = new ElapsedClock(this, () => this.call?.status === 'running');
  private history = new ArgumentHistory('');

  /** Follows the list once loaded: its changes, and the server's log. */
  private watch = new ToolWatch(this);
  /** Tools | Resources | Prompts: which is open and what each has picked. */
  private sections = new ConsoleSections(this, this.watch, () => this.api);
  /** The interface of the call's tool, when it has one, under the call's result. */
  private apps = new AppSlot();
  /** The Server button and drawer (protocol log, notifications, server panel). */
  private drawer = new DrawerSlot(this);

  private tools = new Task(this, {
    task: async ([src], { signal }) => {
      const tools = await this.apiFor(src).listTools(signal);
      // A page served while the console was still connecting learns now who the server is and what it offers.
      if (this.offers.split(' ').includes(PENDING_OFFER)) await this.learnConsole(signal);
      return tools;
    },
    args: () => [this.src],
    // Once the list is drawn and the browser idle: following changes must not slow the first look at the list.
    onComplete: () => whenIdle(() => this.watch.follow(this.api)),
  });

  private detail = new Task(this, {
    task: async ([src, name], { signal }) => {
      if (!name) return undefined;
      // Not awaited: the form works without it, and a failed load leaves only the saved calls out.
      loadSavedCalls().catch(() => undefined);
      const [tool] = await Promise.all([this.apiFor(src).getTool(name, signal), loadToolForm()]);
      return tool;
    },
    args: () => [this.src, this.selected],
  });

  /** Takes what the console says now of its server and offers; a console that cannot say leaves the page as it is. */
  private async learnConsole(signal: AbortSignal): Promise<void> {
    const info = await this.api.consoleInfo(signal).catch(() => undefined);
    if (!info) return;
    // Only the console's own page says `pending`, and it writes its title as the heading.
    this.heading = info.title;
    this.offers = info.offers;
    if (info.server) this.server = info.server;
  }

  /** The URL names what to show: a link (back, forward, a pasted link), or the section a history entry was in. */
  private readonly handleHash = () => {
    const name = this.hashTool();
    if (name !== null && name !== this.selected) this.selected = name;
    this.sections.follow();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    this.handleHash();
    addEventListener('hashchange', this.handleHash);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    removeEventListener('hashchange', this.handleHash);
    this.apps.close();
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('selected') || changed.has('src')) {
      this.apiFor(this.src);
      // A call belongs to the tool it ran: leaving the tool ends it. Its interface stays open, though: an app keeps
      // working with the tools opened next (server-pdf's viewer answers `interact`), until closed or replaced.
      this.call?.cancel();
      this.call = undefined;
      this.asTask = false;
      this.recent = this.selected ? this.history.entries(this.selected) : [];
    }
  }

  override render() {
    const detail = this.sections.renderDetail();
    return html`
      <header part="header">
        <h1><slot name="heading">${this.heading || this.server?.title || this.server?.name || 'MCP Tools'}</slot></h1>
        ${renderServer(this.server)}
        ${this.drawer.renderButton(this.offers)}
        <tool-auth-bar .token=${this.api.token} @tool-token-change=${this.handleToken}></tool-auth-bar>
      </header>
      ${this.drawer.render(this.api, this.handleOpen)}
      <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>
      <div class="layout">
        <nav part="sidebar" aria-label=${this.sections.title}>
          ${this.sections.renderSidebar(this.renderToolList())}
          ${renderLogList(this.watch.log, this.watch.since, 'Server log', 'Server log')}
        </nav>
        <main part="detail" @tool-app-log=${(event: CustomEvent<ToolAppLogDetail>) => this.watch.add(event.detail)}>
          ${
            detail ??
            this.tools.render({
              complete: (tools) =>
                this.selected ? this.renderDetail() : renderIntro((this.watch.tools ?? tools).length, this.server),
            })
          }
          ${this.apps.container}
        </main>
      </div>
    `;
  }

  /** The tool list in the sidebar, or why it is not there. */
  private renderToolList() {
    return this.tools.render({
      // The backend may be starting its MCP server (the CLI answers before it connects): the list waits for it.
      pending: () =>
        html`<p class="notice" part="notice" role="status">Connecting to ${this.server?.name ?? 'the MCP server'}…</p>`,
      // Where the list would be: a backend whose MCP server cannot start answers 502 with the reason.
      error: (error) =>
        renderFailure(describeFailure(error, `Loading the tools from ${this.api.toolsUrl}`), () => this.tools.run()),
      complete: (tools) =>
        html`<tool-list .tools=${this.watch.tools ?? tools} .selected=${this.selected} @tool-select=${this.handleSelect}></tool-list>`,
    });
  }

  private renderDetail() {
    return this.detail.render({
      pending: () => html`<p class="notice" part="notice" role="status">Loading ${this.selected}…</p>`,
      error: (error) =>
        error instanceof ApiError && error.status === 404
          ? html`<div class="failure" part="notice" role="alert"><p>No tool named “${this.selected}” on this server.</p></div>`
          : renderFailure(describeFailure(error, `Loading ${this.selected}`), () => this.detail.run()),
      complete: (tool) => (tool ? this.renderTool(tool) : nothing),
    });
  }

  private renderTool(tool: ToolDetail) {
    const canExecute = this.allowExecute && !this.denied;
    return html`
      ${renderToolHeader(tool)}
      ${
        this.denied
          ? html`<p class="banner" role="status">The server refused to run tools (HTTP 403): execution is disabled there.</p>`
          : nothing
      }
      <section class="card" aria-label="Arguments">
        <tool-form
          .api=${this.api}
          .tool=${tool}
          .allowExecute=${canExecute}
          .maxBodyBytes=${this.maxBodyBytes}
          .call=${this.call}
          @tool-execute=${this.handleExecute}
        >${renderTaskMode(tool, this.asTask, this.handleTaskMode)}</tool-form>
      </section>
      ${this.recent.length ? renderRecentArguments(this.recent, (entry) => this.replay(entry)) : nothing}
      <saved-calls .api=${this.api} .tool=${tool} .formArguments=${this.formArguments} @tool-open=${this.handleOpen}></saved-calls>
      ${this.call ? this.renderCall(this.call) : nothing}
    `;
  }

  private renderCall(call: ToolCall) {
    return renderCallCard(call, {
      api: this.api,
      tool: this.detail.value,
      server: this.server,
      sandbox: this.sandbox,
      resultView: this.resultView,
      resultViewFailure: this.resultViewFailure,
      onAnswer: this.handleAnswer,
      onDismiss: this.handleDismiss,
      // The card is drawn with the form: Retry always finds it.
      onRetry: () => void this.renderRoot.querySelector('tool-form')!.execute(),
    });
  }

  /** The form's current arguments, for Save call (drawn with the form, so it is there). */
  private readonly formArguments = () => this.renderRoot.querySelector('tool-form')!.value;

  /** Puts recorded arguments back into the form, ready to run again. */
  private replay(entry: Pick<HistoryEntry, 'arguments'>): void {
    const form = this.renderRoot.querySelector('tool-form');
    if (form) form.value = structuredClone(entry.arguments);
  }

  /** The client for `src`, made anew when `src` changes (the token, which lives only in the client, carries over). */
  private apiFor(src: string): ToolApi {
    if (new URL(src, document.baseURI).href.replace(/\/+$/, '') !== this.api.toolsUrl) {
      const token = this.api.token;
      this.api = new ToolApi(src);
      this.api.token = token;
    }
    this.history = new ArgumentHistory(`tool-console:history:${this.api.toolsUrl}`);
    return this.api;
  }

  /** The tool the URL names (`#tool=<name>`); null when it names none. */
  private hashTool(): string | null {
    const link = readLink(location.hash);
    return link?.kind === 'tool' ? link.value : null;
  }

  private handleSelect(event: CustomEvent<{ name: string }>): void {
    this.selected = event.detail.name;
    const hash = linkHash({ kind: 'tool', value: this.selected });
    if (location.hash !== hash) history.pushState(null, '', hash);
  }

  /** "Open in form" in the protocol log: that tool, its form filled with the call's arguments. */
  private readonly handleOpen = async (
    event: CustomEvent<{ name: string; arguments: Record<string, unknown> }>,
  ): Promise<void> => {
    this.drawer.close();
    this.handleSelect(event);
    await this.updateComplete;
    // A tool that could not be loaded says so in its pane, with no form to fill: not an error for the page.
    await this.detail.taskComplete.catch(() => undefined);
    await this.updateComplete;
    this.replay(event.detail);
  };

  private readonly handleTaskMode = (event: Event): void => {
    this.asTask = (event.target as HTMLInputElement).checked;
  };

  private handleToken(event: CustomEvent<{ token: string }>): void {
    this.api.token = event.detail.token;
    this.requestUpdate();
  }

  /** The form asks to run: the console claims the run and owns the call from here to its end. */
  private handleExecute(event: CustomEvent<ToolExecuteDetail>): void {
    event.preventDefault();
    const { name, arguments: args } = event.detail;
    const asTask = callsAsTask(this.detail.value, this.asTask);
    const running = startToolCall(this, this.api, name, args, (next) => this.handleCallChange(next), { asTask });
    // A host that prevented tool-call-start stopped the call before it existed: nothing runs, nothing says so.
    if (!running) return;
    this.call = running;
    void loadToolResult().then(
      () => (this.resultView = true),
      (error: unknown) => (this.resultViewFailure = error instanceof Error ? error.message : String(error)),
    );
    const toolNamed = (named: string) => (this.watch.tools ?? this.tools.value)?.find((t) => t.name === named);
    this.apps.open({ api: this.api, tool: this.detail.value, call: running, sandbox: this.sandbox, toolNamed });
  }

  /** The user answered the question the dialog shows: the call sends it, and its snapshots say how that went. */
  private handleAnswer(event: CustomEvent<ToolAnswerDetail>): void {
    this.call?.answer(event.detail.id, event.detail.answer);
  }

  private handleDismiss(event: CustomEvent<ToolDismissDetail>): void {
    this.call?.dismiss(event.detail.id);
  }

  /** A new snapshot of the call: progress, a log line, a question or its end, or the call's end. */
  private handleCallChange(call: ToolCall): void {
    // A call of a tool the user has since left ended after the console let go of it.
    if (this.call?.run !== call.run) return;
    // A question closed by the server is said in the live region too: the dialog that showed it is gone. (Said again
    // on the next snapshot, the same text changes nothing: only a notice or the call's end changes what it says.)
    if (call.notice) this.announcement = call.notice;
    this.call = call;
    this.apps.update(call);
    if (call.status === 'running') return;
    this.announcement = announceEnd(call);
    if (call.error instanceof ApiError && call.error.status === 403) this.denied = true;
    if (call.outcome) this.recent = this.history.record(call.name, call.arguments);
    // Bring the answer into view: on a long form it would otherwise land below the fold.
    if (call.status !== 'cancelled')
      void this.updateComplete.then(() =>
        this.renderRoot.querySelector('#result-title')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
      );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tool-console': ToolConsole;
  }
}
