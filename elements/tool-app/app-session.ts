// One tool UI's conversation with the page (MCP Apps, host side) over ext-apps' AppBridge, for one call: the sandbox
// proxy gets the app's HTML when it says it is ready; once the app has initialized it gets the call's arguments
// (`tool-input-partial`, then `tool-input` exactly once), then the call's end once (`tool-result`, or
// `tool-cancelled` when the call was cancelled or got no result); the host context as it changes; and, before the
// view goes, `ui/resource-teardown`. What the app asks of the page is answered by handlers the view sets on `bridge`.
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ToolCall } from '../call/tool-call.js';
import type { AppResource } from './app-resource.js';
import { HOST_INFO, hostCapabilities } from './host-context.js';

/** How long a closing view waits for its app to answer `ui/resource-teardown` (to save its state) before it goes. */
const TEARDOWN_WAIT_MS = 3000;

type Message = Parameters<PostMessageTransport['send']>[0];

/**
 * PostMessageTransport posts to any origin (`*`); the page knows the sandbox's, so a frame that has been navigated
 * elsewhere hears nothing of the call.
 */
class SandboxTransport extends PostMessageTransport {
  private frame: Window;
  private origin: string;

  constructor(frame: Window, origin: string) {
    super(frame, frame);
    this.frame = frame;
    this.origin = origin;
  }

  override async send(message: Message): Promise<void> {
    this.frame.postMessage(message, this.origin);
  }
}

export class AppSession {
  readonly bridge: AppBridge;
  private call: ToolCall;
  private initialized = false;
  private htmlSent = false;
  private inputSent = false;
  private endSent = false;
  private closing: Promise<void> | undefined;
  /** A context that changed before the app initialized: it is told once it has. */
  private pendingContext: McpUiHostContext | undefined;
  /** Notifications leave in the order they were made, whatever each one awaits before it is posted. */
  private outbox: Promise<unknown> = Promise.resolve();
  private proxyAnswered!: () => void;
  /** Settles once the sandbox proxy has said it is ready: a proxy that never does is not reachable. */
  readonly proxyReady = new Promise<void>((resolve) => (this.proxyAnswered = resolve));
  /** The sandbox proxy said it was ready a second time: the view tears itself down. */
  onreload: () => void = () => {};

  constructor(app: AppResource, call: ToolCall, context: McpUiHostContext) {
    this.call = call;
    this.bridge = new AppBridge(null, HOST_INFO, hostCapabilities(app), { hostContext: context });
    this.bridge.onsandboxready = () => {
      // The HTML goes to a frame once. A second "ready" is the proxy page loaded again, which only the app can have
      // done (it shares the proxy's origin): it gets nothing more, and the view closes (`onreload`).
      if (this.htmlSent) return this.onreload();
      this.htmlSent = true;
      this.proxyAnswered();
      this.send(() =>
        this.bridge.sendSandboxResourceReady({ html: app.html, csp: app.csp, permissions: app.permissions }),
      );
    };
    this.bridge.oninitialized = () => {
      this.initialized = true;
      this.sendInput();
      if (this.pendingContext) this.setContext(this.pendingContext);
      this.sendEnd();
    };
  }

  /**
   * Listens to `frame` (in the page, not yet navigated, so nothing it says can be missed), then loads the sandbox
   * proxy at `url` into it.
   */
  async connect(frame: HTMLIFrameElement, url: string): Promise<void> {
    await this.bridge.connect(new SandboxTransport(frame.contentWindow!, new URL(url).origin));
    frame.src = url;
  }

  /** A new snapshot of the call: its end goes to the app, once, when the app is ready for it. */
  update(call: ToolCall): void {
    this.call = call;
    this.sendEnd();
  }

  /** The page's context changed (theme, display mode): the app hears what is new (`host-context-changed`). */
  setContext(context: McpUiHostContext): void {
    this.pendingContext = this.initialized ? undefined : context;
    // setHostContext posts the change at once (it returns nothing to wait for), so it keeps its place in the queue.
    if (this.initialized && !this.closing) this.send(async () => this.bridge.setHostContext(context));
  }

  /** Tells the app it is going (and waits a bounded time for its answer, if it ever started), then disconnects. */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      await this.outbox;
      // An app the page has answered `ui/initialize` is running, whether or not its `initialized` has arrived yet.
      const running = this.initialized || this.bridge.getAppVersion() !== undefined;
      if (running) await this.bridge.teardownResource({}, { timeout: TEARDOWN_WAIT_MS }).catch(() => {});
      await this.bridge.close().catch(() => {});
    })());
  }

  private sendInput(): void {
    if (this.inputSent) return;
    this.inputSent = true;
    const args = { arguments: this.call.arguments };
    // The console has the whole arguments when the call starts: the partial input is them too, for an app that draws
    // a preview from it.
    this.send(() => this.bridge.sendToolInputPartial(args));
    this.send(() => this.bridge.sendToolInput(args));
  }

  private sendEnd(): void {
    const call = this.call;
    if (!this.initialized || this.endSent || this.closing || call.status === 'running') return;
    this.endSent = true;
    // The result goes as the server gave it; the bridge's type is the MCP client's, stricter than the page's.
    type McpResult = Parameters<AppBridge['sendToolResult']>[0];
    if (call.outcome) this.send(() => this.bridge.sendToolResult(call.outcome!.result as unknown as McpResult));
    else {
      const reason =
        call.status === 'cancelled' ? 'The call was cancelled.' : (call.error?.message ?? 'The call failed.');
      this.send(() => this.bridge.sendToolCancelled({ reason }));
    }
  }

  /** Queues a notification; one that cannot be sent (the app has gone) is dropped. */
  private send(notify: () => Promise<void>): void {
    this.outbox = this.outbox.then(notify).catch(() => {});
  }
}
