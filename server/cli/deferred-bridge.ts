// The MCP bridge as the CLI can hand it to the console before it exists: the console listens at once (its page
// answers while the MCP server starts), and what needs the server waits for the connection. A connection that fails
// fails those requests with the doctor's sentence (an McpConnectionError: a 502), and the next request tries again,
// so the page's Retry works without restarting the CLI.
import type { McpBridge } from '../mcp/index.js';
import type { ConsoleNotifier, ServerInfo } from '../types.js';

export class DeferredBridge {
  readonly #connect: () => Promise<McpBridge>;
  #attempt: Promise<McpBridge> | undefined;
  #bridge: McpBridge | undefined;
  #notifier: ConsoleNotifier | undefined;
  #closed = false;

  /** `connect` makes one attempt (connectMcp with the CLI's options); it is called again after a failure. */
  constructor(connect: () => Promise<McpBridge>) {
    this.#connect = connect;
  }

  /** The bridge once connected; starts connecting (again, after a failure) when there is none. */
  ready(): Promise<McpBridge> {
    if (this.#closed) return Promise.reject(new Error('The MCP connection is closed.'));
    if (this.#attempt) return this.#attempt;
    const attempt = this.#connect().then(
      async (bridge) => {
        if (this.#closed) {
          await bridge.close();
          throw new Error('The MCP connection is closed.');
        }
        this.#bridge = bridge;
        if (this.#notifier) bridge.notifications(this.#notifier);
        return bridge;
      },
      (error: unknown) => {
        // Not kept: the requests waiting on this attempt get its failure, the next one starts a new attempt.
        if (this.#attempt === attempt) this.#attempt = undefined;
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
  };

  async close(): Promise<void> {
    this.#closed = true;
    const bridge = await this.#attempt?.catch(() => undefined);
    await bridge?.close();
  }
}
