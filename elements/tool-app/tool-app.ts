import type { CallToolResult, ReadResourceResult as McpReadResourceResult } from '@modelcontextprotocol/client';
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { ApiError, type ToolApi, type ToolDetail, type ToolSummary } from '../api.js';
import type { ToolCall } from '../call/tool-call.js';
import { emit } from '../events.js';
import { httpUrl } from '../display/safe-url.js';
import { uiResourceUri } from './tool-ui.js';
import { appCallTool, appReadResource } from './app-requests.js';
import { type AppResource, allowAttribute, appResource, sandboxUrl } from './app-resource.js';
import { AppSession } from './app-session.js';
import { DISPLAY_MODES, darkScheme, hostContext, maxInlineHeight } from './host-context.js';
import { messageText } from './message-text.js';
import { styles } from './tool-app.styles.js';

/** The height of an app's frame until the app says how tall it is. */
const FIRST_HEIGHT = 240;
/** The app's messages the view keeps on screen: the latest. */
const MAX_NOTES = 5;

interface Note {
  kind: 'message' | 'context' | 'refused';
  text: string;
}

interface LinkRequest {
  url: string;
  answer: (open: boolean) => void;
}

const NOTE_TITLES: Record<Note['kind'], string> = {
  message: 'The app sent a message; no model is listening here:',
  context: "The app updated the model's context; no model is listening here:",
  refused: 'The app asked to open a link that is not http or https; it was not opened:',
};

const RELOADED =
  'The interface reloaded its sandbox, which would run it again under a policy the console did not give it; it was ' +
  'closed. Run the tool again to see its interface.';

function readFailure(error: unknown): string {
  if (error instanceof ApiError) return `The tool's interface could not be read: ${error.message}`;
  if (error instanceof TypeError) return "The tool's interface could not be read: the server did not answer.";
  return error instanceof Error ? error.message : String(error);
}

/**
 * A tool's own interface (MCP Apps) for one call of the tool: its `ui://` resource read through the backend and run
 * in a frame on the sandbox origin (the console's sandbox proxy page), talking to the page through ext-apps'
 * AppBridge. The app gets the call's arguments and its end, the theme (following the browser), and may call tools and
 * read resources as the app, log to the console's server log, open http(s) links once the person agrees, show
 * messages (there is no model here: they are shown as text), ask for full screen and set its height. Loaded on the
 * first call of a tool with an interface (`<tool-console>` places it under the call's result).
 *
 * @fires tool-app-log - The app logged a line (`notifications/message`).
 * @fires tool-app-close - The person closed the interface; the console's slot that placed it tears it down.
 * @csspart frame - The app's frame.
 * @csspart bar - The title bar with the full-screen switch.
 */
@customElement('tool-app')
export class ToolApp extends LitElement {
  static override styles = styles;
  /** How long the sandbox proxy may take to say it is ready before the view says it cannot reach it. */
  static sandboxWaitMs = 10_000;

  /** The backend the call ran on: it reads the app and serves the app's own calls. */
  @property({ attribute: false }) api?: ToolApi;
  /** The tool whose interface this is. */
  @property({ attribute: false }) tool?: ToolDetail;
  /** The call the interface belongs to, as it stands. */
  @property({ attribute: false }) call?: ToolCall;
  /** The sandbox proxy page's URL, on an origin other than the console's. */
  @property() sandbox = '';
  /** Looks a tool up in the list (the page refuses app calls to tools whose visibility leaves out "app"). */
  @property({ attribute: false }) toolNamed: (name: string) => ToolSummary | undefined = () => undefined;
  /** Inline under the result, or filling the viewport. */
  @property({ attribute: 'display-mode', reflect: true }) displayMode: McpUiDisplayMode = 'inline';

  @state() private phase: 'reading' | 'ready' | 'failed' | 'closed' = 'reading';
  @state() private problem = '';
  @state() private height = FIRST_HEIGHT;
  @state() private links: LinkRequest[] = [];
  @state() private notes: Note[] = [];
  /** The sandbox's origin while it has not answered in time (a wrong `sandboxOrigin`, a proxy in the way). */
  @state() private silentSandbox = '';

  private app?: AppResource;
  private session?: AppSession;
  private abort = new AbortController();
  private closing?: Promise<void>;
  private readonly handleTheme = () => this.session?.setContext(hostContext(this.tool!, this.displayMode));

  override connectedCallback(): void {
    super.connectedCallback();
    darkScheme().addEventListener('change', this.handleTheme);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    darkScheme().removeEventListener('change', this.handleTheme);
    // Removed without being closed first: the frame is already gone, but the bridge and pending requests end here.
    void this.close();
  }

  override firstUpdated(): void {
    void this.start();
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('call') && this.call) this.session?.update(this.call);
  }

  override updated(): void {
    // Through the CSSOM: a strict CSP (style-src 'self') blocks style attributes.
    const frame = this.renderRoot.querySelector('iframe');
    frame?.style.setProperty('height', this.displayMode === 'inline' ? `${this.height}px` : '');
  }

  /**
   * Ends the view: the app hears `ui/resource-teardown` and may answer (for a bounded time) before its frame goes;
   * open link requests are declined. The owner removes the element once this settles.
   */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      this.abort.abort();
      for (const link of this.links) link.answer(false);
      await this.session?.close();
    })());
  }

  override render() {
    const name = this.tool?.title || this.tool?.name || '';
    const fullscreen = this.displayMode === 'fullscreen';
    return html`<section aria-label=${`Interface of ${name}`} @keydown=${this.handleKeydown}>
      <div class="bar" part="bar">
        <span class="title">Interface of ${name}</span>
        <code class="uri">${uiResourceUri(this.tool?.ui) ?? ''}</code>
        ${
          this.phase === 'ready'
            ? html`<button type="button" @click=${() => this.setMode(fullscreen ? 'inline' : 'fullscreen')}>
              ${fullscreen ? 'Back to the page' : 'Full screen'}
            </button>`
            : nothing
        }
        <button type="button" @click=${this.handleCloseClick}>Close</button>
      </div>
      ${this.renderLink()} ${this.notes.map((note) => this.renderNote(note))}
      ${this.phase === 'reading' ? html`<p class="notice" role="status">Loading the tool's interface…</p>` : nothing}
      ${this.phase === 'failed' ? html`<p class="problem" role="alert">${this.problem}</p>` : nothing}
      ${
        this.silentSandbox
          ? html`<p class="problem" role="alert">The sandbox at ${this.silentSandbox} has not answered, so the interface
              cannot start. Check that this address reaches the console (its option <code>sandboxOrigin</code>, or the
              CLI's <code>--sandbox-port</code> and <code>--sandbox-origin</code>).</p>`
          : nothing
      }
      ${this.phase === 'closed' ? html`<p class="notice">The interface closed itself.</p>` : nothing}
      ${
        this.phase === 'ready'
          ? html`<iframe
            part="frame"
            title=${`Interface of ${name}`}
            sandbox="allow-scripts allow-same-origin allow-forms"
            allow=${allowAttribute(this.app!.permissions)}
          ></iframe>`
          : nothing
      }
    </section>`;
  }

  /** The person closes the interface: the slot that placed it tears it down (`tool-app-close`). */
  private handleCloseClick(): void {
    emit(this, 'tool-app-close', null);
  }

  private renderLink() {
    const link = this.links[0];
    if (!link) return nothing;
    return html`<div class="consent" role="group" aria-label="Link request">
      <p role="alert">The app asks to open this link in a new tab: <code class="url">${link.url}</code></p>
      <div class="buttons">
        <button type="button" class="primary" @click=${() => this.answerLink(true)}>Open link</button>
        <button type="button" @click=${() => this.answerLink(false)}>Don't open</button>
      </div>
    </div>`;
  }

  private renderNote(note: Note) {
    return html`<div class=${`note ${note.kind}`} role="status">
      <p>${NOTE_TITLES[note.kind]}</p>
      <pre>${note.text}</pre>
    </div>`;
  }

  /** Reads the app, then shows its frame and connects to it; an app that cannot run says why instead. */
  private async start(): Promise<void> {
    const { api, tool, call } = this;
    const uri = uiResourceUri(tool?.ui);
    if (!api || !tool || !call || !uri || !this.sandbox) return this.fail('The view has no tool, call or sandbox.');
    try {
      this.app = appResource(await api.readResource(uri, this.abort.signal), uri);
    } catch (error) {
      if (!this.abort.signal.aborted) this.fail(readFailure(error));
      return;
    }
    if (this.abort.signal.aborted) return;
    // The call as it stands now, not as it stood before the read: it may have ended meanwhile, and its end reached
    // only this element (there was no session to pass it on to).
    const session = (this.session = new AppSession(this.app, this.call!, hostContext(tool, this.displayMode)));
    this.handleApp(session);
    this.phase = 'ready';
    await this.updateComplete;
    if (this.abort.signal.aborted) return;
    await session.connect(this.renderRoot.querySelector('iframe')!, sandboxUrl(this.sandbox, this.app.policy));
    await this.watchSandbox(session);
  }

  /** A sandbox that does not answer is said in words, not left as an empty frame; the words go if it answers late. */
  private async watchSandbox(session: AppSession): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, ToolApp.sandboxWaitMs, true)));
    const silent = await Promise.race([session.proxyReady.then(() => false), late]);
    clearTimeout(timer);
    if (!silent || this.abort.signal.aborted) return;
    this.silentSandbox = new URL(this.sandbox, document.baseURI).origin;
    await session.proxyReady;
    this.silentSandbox = '';
  }

  /** Answers what the app asks of the page. */
  private handleApp(session: AppSession): void {
    const { bridge } = session;
    const signal = this.abort.signal;
    const toolName = this.tool!.name;
    // The backend's answers pass through as the server gave them; the bridge's types are the MCP client's.
    bridge.oncalltool = async (params) =>
      (await appCallTool(this.api!, this.toolNamed, params, signal)) as unknown as CallToolResult;
    bridge.onreadresource = async ({ uri }) =>
      (await appReadResource(this.api!, uri, signal)) as unknown as McpReadResourceResult;
    bridge.onloggingmessage = ({ level, logger, data }) =>
      emit(this, 'tool-app-log', { level, logger: logger ? `${toolName} UI: ${logger}` : `${toolName} UI`, data });
    bridge.onopenlink = async ({ url }) => ({ isError: !(await this.askToOpen(url)) });
    bridge.onmessage = async ({ content }) => {
      this.addNote({ kind: 'message', text: messageText(content) });
      return {};
    };
    bridge.onupdatemodelcontext = async ({ content, structuredContent }) => {
      // Each update replaces the one before, as it would a model's context.
      this.notes = this.notes.filter((note) => note.kind !== 'context');
      this.addNote({ kind: 'context', text: messageText(content, structuredContent) });
      return {};
    };
    bridge.onrequestdisplaymode = async ({ mode }) => ({ mode: this.setMode(mode) });
    bridge.onsizechange = ({ height }) => {
      if (typeof height === 'number' && Number.isFinite(height))
        this.height = Math.max(0, Math.min(height, maxInlineHeight()));
    };
    bridge.onrequestteardown = () => void this.close().then(() => (this.phase = 'closed'));
    // The frame goes at once (the problem replaces it); the app has already left it.
    session.onreload = () => {
      this.fail(RELOADED);
      void this.close();
    };
  }

  private fail(problem: string): void {
    this.problem = problem;
    this.phase = 'failed';
  }

  private addNote(note: Note): void {
    this.notes = [...this.notes, note].slice(-MAX_NOTES);
  }

  /** The person decides whether a link opens; anything but http(s) is refused without asking. */
  private askToOpen(url: string): Promise<boolean> {
    const href = httpUrl(url);
    if (!href || this.closing) {
      if (!href) this.addNote({ kind: 'refused', text: url });
      return Promise.resolve(false);
    }
    return new Promise((resolve) => (this.links = [...this.links, { url: href, answer: resolve }]));
  }

  private answerLink(open: boolean): void {
    const [link, ...rest] = this.links;
    this.links = rest;
    if (open) window.open(link.url, '_blank', 'noopener,noreferrer');
    link.answer(open);
  }

  /** Shows the app inline or full screen (other modes keep the current one); the app hears the change. */
  private setMode(mode: McpUiDisplayMode): McpUiDisplayMode {
    if (!DISPLAY_MODES.includes(mode) || mode === this.displayMode) return this.displayMode;
    this.displayMode = mode;
    this.session?.setContext(hostContext(this.tool!, mode));
    return mode;
  }

  private handleKeydown(event: KeyboardEvent): void {
    if (event.key === 'Escape' && this.displayMode === 'fullscreen') this.setMode('inline');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tool-app': ToolApp;
  }
}
