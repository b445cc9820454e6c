// One lazily (re)connected MCP client and its cached tool list. A connection that drops is forgotten, and the next
// request opens a new one with the same target, so a crashed server costs one failed call, not the console.
import {
  SdkHttpError,
  SUPPORTED_PROTOCOL_VERSIONS,
  type McpSubscription,
  type ServerCapabilities,
  type Tool as McpTool,
} from '@modelcontextprotocol/client';
import { BadGatewayError } from '../core/http/http-error.js';
import type { ServerInfo } from '../types.js';
import type { BridgeClient } from './bridge-client.js';
import { askForLogs, clientCapabilities, grantPowers, type ClientPowers } from './client-powers.js';
import { ClientTaskStore } from './client-tasks.js';
import { serverInfoOf } from './server-info.js';
import type { McpOAuthSession } from './oauth/session.js';
import { StderrTail } from './stderr-tail.js';
import { describeTarget, openClient, type McpTarget, type OpenOptions } from './transport.js';

/** How many of a failed server's last stderr lines its error quotes: enough for a reason, not a log. */
const QUOTED_STDERR_LINES = 3;

// Enough pages for any real server; a server that keeps handing out cursors is broken, not large.
const MAX_PAGES = 1000;

/**
 * The MCP server could not be reached or started, or the bridge is closed. A 502 whose message the console shows, so
 * a tools provider that fails with it answers `GET /tools` (and what needs the tools) with the reason, not a 500.
 */
export class McpConnectionError extends BadGatewayError {
  constructor(message: string) {
    super(message);
    this.name = 'McpConnectionError';
  }
}

/** How the connection treats a stdio server's stderr: raw text, complete lines, and secrets to blank out of lines. */
export interface StderrOptions {
  onStderr: (text: string) => void;
  onStderrLine: (line: string) => void;
  secrets: readonly string[];
}

export class McpConnection {
  #current: Promise<BridgeClient> | undefined;
  #tools: Promise<McpTool[]> | undefined;
  /** The URIs of the server's `resources/list`, for the check on what tool UIs read. */
  #resourceUris: Promise<ReadonlySet<string>> | undefined;
  #closed = false;
  /** The stderr of the process opened last: what it says explains its failures. */
  #stderr: StderrTail;
  /** How the process opened last ended ("exit code 1", "signal SIGKILL"), once it has. */
  #exit: string | undefined;
  #serverInfo: ServerInfo | undefined;
  #capabilities: ServerCapabilities | undefined;
  /** The resources pages subscribed to, each with how many subscriptions it has: the server hears of the first only. */
  readonly #subscribed = new Map<string, number>();
  /** A 2026-07-28 connection's `subscriptions/listen` stream: list changes and subscribed resources come through it. */
  #listening: McpSubscription | undefined;
  readonly #target: McpTarget;
  readonly #options: Omit<OpenOptions, 'onStderr'>;
  readonly #stderrOptions: StderrOptions;
  readonly #powers: ClientPowers;
  /** The server's OAuth session, for a `url` target with `auth`. */
  oauth: McpOAuthSession | undefined;

  constructor(target: McpTarget, options: Omit<OpenOptions, 'onStderr'>, stderr: StderrOptions, powers: ClientPowers) {
    this.#target = target;
    this.#options = options;
    this.#stderrOptions = stderr;
    this.#powers = powers;
    this.#stderr = new StderrTail(stderr.secrets);
  }

  /** What the server said about itself when it was last connected. */
  get serverInfo(): ServerInfo | undefined {
    return this.#serverInfo;
  }

  /** What the server offers, as it declared when it was last connected. */
  get capabilities(): ServerCapabilities | undefined {
    return this.#capabilities;
  }

  /** The least severe log message servers are asked for. */
  get logLevel(): ClientPowers['logLevel'] {
    return this.#powers.logLevel;
  }

  /** The last lines the current (or last) stdio server process wrote on stderr, secrets blanked out. */
  stderrLines(): string[] {
    return this.#stderr.lines();
  }

  /** The connected client, connecting first when there is none (or the last one dropped). */
  client(): Promise<BridgeClient> {
    if (this.#closed) return Promise.reject(new McpConnectionError('The MCP connection is closed.'));
    this.#current ??= this.#open();
    return this.#current;
  }

  async #open(): Promise<BridgeClient> {
    // Each process gets its own tail, so what a new one says never mixes with the last words of the one before.
    const { onStderr, onStderrLine, secrets } = this.#stderrOptions;
    const stderr = new StderrTail(secrets, onStderrLine);
    this.#stderr = stderr;
    this.#exit = undefined;
    const onProcessStderr = (text: string) => {
      stderr.write(text);
      onStderr(text);
    };
    // The tasks this server asks the console to run live as long as its connection.
    const taskStore = new ClientTaskStore();
    let client: BridgeClient;
    const flowsBefore = this.oauth?.flows ?? 0;
    try {
      client = await openClient(this.#target, {
        ...this.#options,
        onStderr: onProcessStderr,
        onStderrEnd: () => stderr.end(),
        onExit: (code, signal) => {
          if (this.#stderr === stderr) this.#exit = signal ? `signal ${signal}` : `exit code ${code}`;
        },
        capabilities: clientCapabilities(this.#powers),
        prepare: (client) => {
          grantPowers(client, this.#powers, taskStore);
          // A 2026-07-28 server sends it only on a subscription (below); the SDK hands it to this handler either way.
          client.setNotificationHandler('notifications/tools/list_changed', () => {
            this.#tools = undefined;
            this.#powers.onToolsChanged();
          });
          client.setNotificationHandler('notifications/resources/list_changed', () => {
            this.#resourceUris = undefined;
            this.#powers.onResourcesChanged();
          });
          client.setNotificationHandler('notifications/prompts/list_changed', () => this.#powers.onPromptsChanged());
          client.setNotificationHandler('notifications/resources/updated', (notification) =>
            this.#powers.onResourceUpdated(notification.params.uri),
          );
        },
      });
    } catch (error) {
      taskStore.close();
      this.#current = undefined;
      const duringFlow = this.oauth !== undefined && this.oauth.flows > flowsBefore;
      throw new McpConnectionError(this.#explain('Could not connect to the MCP server', error, duringFlow));
    }
    if (this.#closed) {
      // close() ran while this connection was being opened: it must not outlive the bridge.
      await client.close();
      throw new McpConnectionError('The MCP connection is closed.');
    }
    this.#serverInfo = serverInfoOf(client);
    this.#capabilities = client.getServerCapabilities();
    const opened = this.#current;
    client.onclose = () => {
      taskStore.close();
      this.#forget(opened);
    };
    this.#listen(client).catch(() => {});
    // A new connection is a new session: the server knows nothing of what the pages subscribed to before.
    if (client.getProtocolEra() !== 'modern') {
      for (const uri of this.#subscribed.keys()) client.subscribeResource({ uri }).catch(() => {});
    }
    askForLogs(client, this.#powers);
    return client;
  }

  /**
   * On a 2026-07-28 connection the server tells of changed lists, and of changed resources, only to a client that
   * listens for them: the tools, resources and prompts for the page (and the check on what tool UIs may read), and the
   * resources pages subscribed to. Each change of the subscriptions opens a new stream, then closes the old one.
   */
  async #listen(client: BridgeClient): Promise<void> {
    if (client.getProtocolEra() !== 'modern') return;
    const capabilities = client.getServerCapabilities();
    const subscriptions = [...this.#subscribed.keys()];
    const filter = {
      ...(capabilities?.tools?.listChanged && { toolsListChanged: true }),
      ...(capabilities?.resources?.listChanged && { resourcesListChanged: true }),
      ...(capabilities?.prompts?.listChanged && { promptsListChanged: true }),
      ...(capabilities?.resources?.subscribe && subscriptions.length && { resourceSubscriptions: subscriptions }),
    };
    const before = this.#listening;
    this.#listening = Object.keys(filter).length ? await client.listen(filter) : undefined;
    await before?.close();
  }

  /** Asks the server to tell of changes to `uri` (once, however many pages ask). */
  async subscribeResource(uri: string): Promise<void> {
    const count = this.#subscribed.get(uri) ?? 0;
    this.#subscribed.set(uri, count + 1);
    if (count > 0) return;
    try {
      await this.#changeSubscription(uri, 'subscribe');
    } catch (error) {
      this.#subscribed.delete(uri);
      throw error;
    }
  }

  /** One page no longer wants to hear of `uri`; the server is told when none does. */
  async unsubscribeResource(uri: string): Promise<void> {
    const count = this.#subscribed.get(uri) ?? 0;
    if (count > 1) return void this.#subscribed.set(uri, count - 1);
    if (count === 0) return;
    this.#subscribed.delete(uri);
    await this.#changeSubscription(uri, 'unsubscribe');
  }

  async #changeSubscription(uri: string, change: 'subscribe' | 'unsubscribe'): Promise<void> {
    const client = await this.client();
    // 2026-07-28 has no resources/subscribe: the subscriptions are part of what the listen stream asks for.
    if (client.getProtocolEra() === 'modern') return this.#listen(client);
    const options = { timeout: this.#options.connectTimeoutMs };
    await (change === 'subscribe'
      ? client.subscribeResource({ uri }, options)
      : client.unsubscribeResource({ uri }, options));
  }

  /** Drops the connection (if it is still the current one) so the next request reconnects. */
  #forget(connection: Promise<BridgeClient> | undefined): void {
    if (this.#current !== connection) return;
    this.#current = undefined;
    this.#tools = undefined;
    this.#resourceUris = undefined;
    this.#listening = undefined;
    connection?.then((client) => client.close()).catch(() => {});
  }

  /** Forgets the current connection after a transport failure (the server may have restarted or gone away). */
  reset(): void {
    this.#forget(this.#current);
  }

  /** Every tool, following `nextCursor`; cached until the server says the list changed or the connection drops. */
  tools(): Promise<McpTool[]> {
    const listing = (this.#tools ??= this.#listAll());
    // A failed listing is not cached: the next request tries again.
    listing.catch(() => {
      if (this.#tools === listing) this.#tools = undefined;
    });
    return listing;
  }

  async #listAll(): Promise<McpTool[]> {
    return this.#listPages('tools/list', 'tools') as Promise<McpTool[]>;
  }

  /**
   * The URIs of every resource the server lists (none when it offers no resources); cached until it says the list
   * changed or the connection drops.
   */
  resourceUris(): Promise<ReadonlySet<string>> {
    const listing = (this.#resourceUris ??= this.#listResourceUris());
    listing.catch(() => {
      if (this.#resourceUris === listing) this.#resourceUris = undefined;
    });
    return listing;
  }

  async #listResourceUris(): Promise<ReadonlySet<string>> {
    const client = await this.client();
    if (!client.getServerCapabilities()?.resources) return new Set();
    const resources = (await this.#listPages('resources/list', 'resources')) as { uri: string }[];
    return new Set(resources.map((resource) => resource.uri));
  }

  /** Every item of a paginated list, following `nextCursor`. */
  async #listPages(method: 'tools/list' | 'resources/list', key: 'tools' | 'resources'): Promise<unknown[]> {
    const client = await this.client();
    const items: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      // A plain request, page by page: the SDK's listTools walks and caches every page itself, and gives up sooner.
      const params = cursor === undefined ? {} : { cursor };
      const result = (await client.request({ method, params }, { timeout: this.#options.connectTimeoutMs })) as {
        nextCursor?: string;
      } & Record<typeof key, unknown[]>;
      items.push(...result[key]);
      if (!result.nextCursor || result.nextCursor === cursor) return items;
      cursor = result.nextCursor;
    }
    throw new McpConnectionError(`The MCP server returned more than ${MAX_PAGES} pages of ${key}.`);
  }

  /** Whether the server runs its tool `name` as a task: never (`forbidden`, the default), on request, or always. */
  async taskSupport(name: string): Promise<'forbidden' | 'optional' | 'required'> {
    const tool = (await this.tools()).find((each) => each.name === name);
    return tool?.execution?.taskSupport ?? 'forbidden';
  }

  /** The failure, with the target and, for a child process, the last thing it printed. */
  #explain(what: string, error: unknown, duringFlow = false): string {
    const authorize = this.oauth?.authorizationUrl;
    // A failure inside an OAuth flow is said as one (no pending authorization: that one says where to authorize).
    const described = describeError(error);
    const reason = duringFlow && !authorize && this.oauth ? this.oauth.explain(described) : described;
    const lastLines = this.#stderr
      .lines()
      .slice(-QUOTED_STDERR_LINES)
      .map((line) => line.trim());
    // How it ended and what it said last: a lock file held, a port in use, a missing key usually show there.
    const ended = [
      ...(this.#exit ? [`it ended with ${this.#exit}`] : []),
      ...(lastLines.length ? [`its last output: ${lastLines.join(' | ')}`] : []),
    ];
    return (
      `${what} (${describeTarget(this.#target)}): ${reason}${ended.length ? ` (${ended.join('; ')})` : ''}` +
      (authorize ? `; authorize at ${authorize.href}` : '')
    );
  }

  async close(): Promise<void> {
    this.#closed = true;
    const current = this.#current;
    this.#current = undefined;
    this.#tools = undefined;
    this.#resourceUris = undefined;
    const client = await current?.catch(() => undefined);
    await client?.close();
  }
}

/**
 * Every revision the bridge speaks, newest first: 2026-07-28, which the SDK finds with its `server/discover` probe
 * (its exported list names only the revisions of the `initialize` handshake), then those.
 */
const SPOKEN_VERSIONS = ['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS];

// fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, ...) is in its cause. An HTTP error's
// status (401, 403, ...) is in its status. The SDK's own failures are quoted in the SDK's words.
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // The SDK names only the server's version: what the console speaks is the other half of the story.
  if (/protocol version is not supported/i.test(error.message)) {
    return `${error.message}; tool-console speaks ${SPOKEN_VERSIONS.join(', ')}`;
  }
  if (error instanceof SdkHttpError && !error.message.includes(String(error.status))) {
    return `HTTP ${error.status}: ${error.message}`;
  }
  const cause = rootCause(error);
  const reason = cause === error ? undefined : ((cause as NodeJS.ErrnoException).code ?? cause.message);
  return reason && !error.message.includes(reason) ? `${error.message} (${reason})` : error.message;
}

/** The failure at the bottom of `error.cause`: the network's own (ECONNREFUSED) under fetch's and the SDK's probe. */
function rootCause(error: Error): Error {
  let cause = error;
  for (let depth = 0; depth < 5 && cause.cause instanceof Error; depth++) cause = cause.cause;
  return cause;
}
