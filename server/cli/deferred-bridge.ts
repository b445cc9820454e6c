// The MCP bridge as the CLI can hand it to the console before it exists: the console listens at once (its page
// answers while the MCP server starts), and what needs the server waits for the connection. A connection that fails
// fails those requests with the doctor's sentence (an McpConnectionError: a 502), and the next request tries again,
// so the page's Retry works without restarting the CLI. What the server offers besides tools is known only once it
// has connected: until then the page is told of none (each provider's `offered()`, page.ts), and a request for one
// waits for the connection like the tools do.
import { HttpError } from '../core/http/http-error.js';
import { NO_PROMPTS, NO_RESOURCES } from '../core/catalog/offered-lists.js';
import type { ServerInspector, ServerWatcher } from '../core/inspect/server-inspector.js';
import type { ConfiguredServerStatus } from '../../protocol/servers.js';
import type { Diagnosis, ServerState, ServerTransport } from '../../protocol/index.js';
import type { McpBridge } from '../mcp/index.js';
import type { ConsoleNotifier, LogLevel, ServerInfo } from '../types.js';

/** What the page's server panel says before there is a bridge to ask. */
export interface DeferredTarget {
  /** The command line or URL, secrets blanked out. */
  target: string;
  /** Known from the target alone for stdio; a URL's is found by connecting. */
  transport?: ServerTransport;
  logLevel: LogLevel;
}

type BridgeOffer = Exclude<keyof McpBridge, 'tools' | 'handleCall' | 'readResource' | 'notifications' | 'serverInfo'>;

const CLOSED = 'The MCP connection is closed.';

export class DeferredBridge {
  readonly #connect: () => Promise<McpBridge>;
  readonly #about: DeferredTarget;
  #attempt: Promise<McpBridge> | undefined;
  #bridge: McpBridge | undefined;
  #notifier: ConsoleNotifier | undefined;
  #closed = false;
  /** Whether the last attempt failed (with or without a diagnosis), until one succeeds. */
  #failed = false;
  /** Why the last attempt failed, until one succeeds. */
  #diagnosis: Diagnosis | undefined;
  readonly #onFailure: ((error: unknown) => void) | undefined;
  /** The pages following the protocol log, with how each stops following the bridge once there is one. */
  readonly #watchers = new Map<ServerWatcher, (() => void) | undefined>();

  /**
   * `connect` makes one attempt (connectMcp with the CLI's options); it is called again after a failure. `onFailure`
   * hears of every attempt that fails, whoever made it: a server started by a page's request, not by the CLI, still
   * has its failure said on the terminal (cli/many-servers/).
   */
  constructor(
    connect: () => Promise<McpBridge>,
    about: DeferredTarget = { target: '', logLevel: 'info' },
    onFailure?: (error: unknown) => void,
  ) {
    this.#connect = connect;
    this.#about = about;
    this.#onFailure = onFailure;
  }

  /** Where the connection is: no attempt yet, one under way, connected, or the last attempt failed. */
  get status(): ConfiguredServerStatus {
    if (this.#bridge) return 'ready';
    if (this.#attempt) return 'connecting';
    return this.#failed ? 'failed' : 'idle';
  }

  /** The bridge once connected; starts connecting (again, after a failure) when there is none. */
  ready(): Promise<McpBridge> {
    if (this.#closed) return Promise.reject(new Error(CLOSED));
    if (this.#attempt) return this.#attempt;
    const attempt = this.#connect().then(
      async (bridge) => {
        if (this.#closed) {
          await bridge.close();
          throw new Error(CLOSED);
        }
        this.#bridge = bridge;
        // Stryker disable next-line BooleanLiteral: with a bridge, status is 'ready' before #failed is read, and no attempt follows a success
        this.#failed = false;
        this.#diagnosis = undefined;
        if (this.#notifier) bridge.notifications(this.#notifier);
        // The connection is new to whoever follows the log: its state, then its messages from now on.
        for (const watcher of this.#watchers.keys()) {
          this.#watchers.set(watcher, bridge.inspector.watch(watcher));
          watcher.state(bridge.inspector.state());
        }
        // Its tools (and what else it offers) are news to a page that loaded while it connected.
        this.#notifier?.toolsChanged();
        return bridge;
      },
      (error: unknown) => {
        // Not kept: the requests waiting on this attempt get its failure, the next one starts a new attempt. It is still
        // the current one: no other starts while it is under way.
        this.#attempt = undefined;
        this.#failed = true;
        this.#diagnosis = (error as { diagnosis?: Diagnosis }).diagnosis;
        for (const watcher of this.#watchers.keys()) watcher.state(this.#pendingState());
        if (!this.#closed) this.#onFailure?.(error);
        throw error;
      },
    );
    this.#attempt = attempt;
    return attempt;
  }

  /** What the server said about itself, once connected. */
  get serverInfo(): ServerInfo | undefined {
    return this.#bridge?.serverInfo;
  }

  /** The state while there is no bridge: the target, and why the last attempt failed. */
  #pendingState(): ServerState {
    const { target, transport, logLevel } = this.#about;
    const diagnosis = this.#diagnosis;
    return {
      connected: false,
      ...(transport && { transport }),
      target,
      clientCapabilities: {},
      roots: [],
      logLevel,
      stderr: diagnosis?.evidence.stderr ?? [],
      ...(diagnosis && { diagnosis }),
    };
  }

  /**
   * One of the bridge's offers, waiting for it; 404 once connected to a server that does not offer it. Its `offered()`
   * says whether it is offered: undefined until the server has connected and said so (page.ts).
   */
  #offer<K extends BridgeOffer>(key: K, missing: string) {
    const forward = async (...args: unknown[]) => {
      const offer = (await this.ready())[key];
      if (offer === undefined) throw new HttpError(404, missing);
      return (offer as (...args: unknown[]) => unknown)(...args);
    };
    const offered = () => (this.#bridge === undefined ? undefined : this.#bridge[key] !== undefined);
    return Object.assign(forward, { offered }) as never as NonNullable<McpBridge[K]>;
  }

  // The console's options, each waiting for the bridge.
  readonly options = {
    tools: async () => {
      const tools = (await this.ready()).tools;
      return typeof tools === 'function' ? tools() : tools;
    },
    handleCall: (async (...args) => (await this.ready()).handleCall(...args)) as McpBridge['handleCall'],
    readResource: (async (...args) => (await this.ready()).readResource(...args)) as McpBridge['readResource'],
    notifications: (notifier: ConsoleNotifier) => {
      this.#notifier = notifier;
      this.#bridge?.notifications(notifier);
    },
    resources: this.#offer('resources', NO_RESOURCES),
    resourceTemplates: this.#offer('resourceTemplates', NO_RESOURCES),
    subscribeResource: this.#offer('subscribeResource', 'The MCP server offers no resource subscriptions.'),
    unsubscribeResource: this.#offer('unsubscribeResource', 'The MCP server offers no resource subscriptions.'),
    prompts: this.#offer('prompts', NO_PROMPTS),
    getPrompt: this.#offer('getPrompt', NO_PROMPTS),
    complete: this.#offer('complete', 'This console offers no completion.'),
  };

  /** For the console's `inspect`: the bridge's once connected; before, the target and the doctor's diagnosis. */
  readonly inspector: ServerInspector = {
    state: () => this.#bridge?.inspector.state() ?? this.#pendingState(),
    log: () => this.#bridge?.inspector.log() ?? { dropped: 0, entries: [] },
    notifications: () => this.#bridge?.inspector.notifications() ?? [],
    watch: (watcher) => {
      this.#watchers.set(watcher, this.#bridge?.inspector.watch(watcher));
      return () => {
        this.#watchers.get(watcher)?.();
        this.#watchers.delete(watcher);
      };
    },
    setLogLevel: async (level) => (await this.ready()).inspector.setLogLevel(level),
    ping: async () => (await this.ready()).inspector.ping(),
    // Without a bridge, connecting is reconnecting (the page's Retry after a failed start).
    reconnect: async () => (this.#bridge ? this.#bridge.inspector.reconnect() : (await this.ready()).inspector.state()),
    restart: async () => {
      if (this.#bridge) return this.#bridge.inspector.restart();
      // Without a bridge, a stdio server's process is started by connecting; a URL's answers its 409 once known.
      const { inspector } = await this.ready();
      return inspector.state().transport === 'stdio' ? inspector.state() : inspector.restart();
    },
  };

  /** Closes the bridge; an attempt still connecting is not waited for (it closes what it opens, see `ready`). */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#bridge?.close();
  }
}
