// One lazily (re)connected MCP client and its cached tool list. A connection that drops is forgotten, and the next
// request opens a new one with the same target, so a crashed server costs one failed call, not the console.
import {
  SdkError,
  SdkErrorCode,
  type McpSubscription,
  type ServerCapabilities,
  type Tool as McpTool,
} from '@modelcontextprotocol/client';
import { BadGatewayError } from '../core/http/http-error.js';
import type { ServerInfo } from '../types.js';
import type { BridgeClient } from './bridge-client.js';
import { askForLogs, clientCapabilities, grantPowers, type ClientPowers } from './client-powers.js';
import { ClientTaskStore } from './client-tasks.js';
import type { Diagnosis } from './doctor/diagnosis.js';
import { diagnose } from './doctor/diagnose.js';
import { describeError } from './doctor/describe-error.js';
import { StdoutNoise } from './doctor/stdout-noise.js';
import { MessageRing } from './protocol-log/message-ring.js';
import { recordTransport } from './protocol-log/record-transport.js';
import { serverInfoOf } from './server-info.js';
import type { McpOAuthSession } from './oauth/session.js';
import { StderrTail } from './stderr-tail.js';
import {
  describeTarget,
  headerSecrets,
  openClient,
  type McpTarget,
  type OpenOptions,
  type TransportKind,
} from './transport.js';

// Enough pages for any real server; a server that keeps handing out cursors is broken, not large.
const MAX_PAGES = 1000;

/**
 * The MCP server could not be reached or started, or the bridge is closed. A 502 whose message the console shows, so
 * a tools provider that fails with it answers `GET /tools` (and what needs the tools) with the reason, not a 500.
 */
export class McpConnectionError extends BadGatewayError {
  /** Why connecting failed and what to do, with the evidence (its `sentence` is this error's message). */
  readonly diagnosis: Diagnosis | undefined;

  constructor(message: string, diagnosis?: Diagnosis) {
    // In the 502's body too, so a page can show the evidence beside the sentence and offer Retry.
    super(message, diagnosis && { diagnosis });
    this.name = 'McpConnectionError';
    this.diagnosis = diagnosis;
  }

  static of(diagnosis: Diagnosis): McpConnectionError {
    return new McpConnectionError(diagnosis.sentence, diagnosis);
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
  /** How the process opened last ended, once it has. */
  #exit: McpConnection['lastExit'];
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
  /** Every JSON-RPC message of every connection, both ways, secrets blanked out. */
  readonly protocolLog: MessageRing;
  /** The client once connected, until the connection drops. */
  #connected: BridgeClient | undefined;
  /** The transport of the latest connection attempt. */
  #transportKind: TransportKind | undefined;
  /** Who follows the stderr lines of the current process and of every one started after it. */
  readonly #stderrFollowers = new Set<(line: string) => void>();
  /** Who wants to know when a connection opens, drops or fails (a page's server panel, through the inspector). */
  readonly #stateFollowers = new Set<() => void>();
  /** The doctor's reading of the last connection attempt, while it stands failed. */
  #diagnosis: Diagnosis | undefined;

  constructor(target: McpTarget, options: Omit<OpenOptions, 'onStderr'>, stderr: StderrOptions, powers: ClientPowers) {
    this.#target = target;
    this.#options = options;
    this.#stderrOptions = stderr;
    this.#powers = powers;
    this.#stderr = new StderrTail(stderr.secrets);
    // What the log must never keep: the values of the target's headers (an Authorization token), the secrets the
    // host named, and the OAuth session's tokens and client secret as they are at each message.
    const fixed = [...('url' in target ? headerSecrets(target) : []), ...stderr.secrets];
    this.protocolLog = new MessageRing(() => [...fixed, ...(this.oauth?.secrets() ?? [])]);
  }

  /** The target, as connected to. */
  get target(): McpTarget {
    return this.#target;
  }

  /** The transport of the latest connection attempt (undefined before the first). */
  get transportKind(): TransportKind | undefined {
    return this.#transportKind;
  }

  /** The secrets blanked out of stderr lines and errors. */
  get secrets(): readonly string[] {
    return this.#stderrOptions.secrets;
  }

  /** What the console declares to the server it can do. */
  get powers(): ClientPowers {
    return this.#powers;
  }

  /**
   * Calls `listener` with each stderr line (secrets blanked out) of the current stdio process and of every process
   * started after it; returns the function that stops it.
   */
  followStderr(listener: (line: string) => void): () => void {
    this.#stderrFollowers.add(listener);
    return () => this.#stderrFollowers.delete(listener);
  }

  /** Calls `listener` whenever a connection opens, drops or fails; returns the function that stops it. */
  followState(listener: () => void): () => void {
    this.#stateFollowers.add(listener);
    return () => this.#stateFollowers.delete(listener);
  }

  /** Why the last connection attempt failed, until one succeeds. */
  get diagnosis(): Diagnosis | undefined {
    return this.#diagnosis;
  }

  #stateChanged(): void {
    for (const follower of this.#stateFollowers) follower();
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

  /** How the current (or last) stdio server process ended, once it has. */
  get lastExit(): { code: number | null; signal: NodeJS.Signals | null } | undefined {
    return this.#exit;
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
    const stderr = new StderrTail(secrets, (line) => {
      onStderrLine(line);
      for (const follower of this.#stderrFollowers) follower(line);
    });
    this.#stderr = stderr;
    this.#exit = undefined;
    // What it writes on stdout that is not JSON-RPC: the SDK skips such lines silently; the doctor quotes them.
    const stdout = new StdoutNoise(secrets);
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
        onStdout: (text) => stdout.write(text),
        onExit: (code, signal) => {
          if (this.#stderr === stderr) this.#exit = { code, signal };
        },
        capabilities: clientCapabilities(this.#powers),
        instrument: (transport, kind) => {
          this.#transportKind = kind;
          this.protocolLog.forgetPending();
          recordTransport(transport, this.protocolLog);
        },
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
      this.#diagnosis = this.#diagnose(error, duringFlow, this.#exit, stdout);
      this.#stateChanged();
      throw McpConnectionError.of(this.#diagnosis);
    }
    if (this.#closed) {
      // close() ran while this connection was being opened: it must not outlive the bridge.
      await client.close();
      throw new McpConnectionError('The MCP connection is closed.');
    }
    this.#serverInfo = serverInfoOf(client);
    this.#capabilities = client.getServerCapabilities();
    this.#connected = client;
    this.#diagnosis = undefined;
    const opened = this.#current;
    client.onclose = () => {
      taskStore.close();
      const dropped = this.#connected === client;
      if (dropped) this.#connected = undefined;
      this.#forget(opened);
      if (dropped) this.#stateChanged();
    };
    this.#listen(client).catch(() => {});
    // A new connection is a new session: the server knows nothing of what the pages subscribed to before.
    if (client.getProtocolEra() !== 'modern') {
      for (const uri of this.#subscribed.keys()) client.subscribeResource({ uri }).catch(() => {});
    }
    askForLogs(client, this.#powers);
    this.#stateChanged();
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

  /** The client of the live connection, if there is one; never connects. */
  get connected(): BridgeClient | undefined {
    return this.#connected;
  }

  /**
   * Closes the current connection (for stdio: stops its process and waits for it) and opens a new one; a page
   * watching the tool list is told to load it again, since the new server may offer other tools.
   */
  async reconnect(): Promise<BridgeClient> {
    const current = this.#current;
    this.#current = undefined;
    this.#connected = undefined;
    this.#tools = undefined;
    this.#resourceUris = undefined;
    if (current) this.#stateChanged();
    const old = await current?.catch(() => undefined);
    await old?.close();
    const client = await this.client();
    this.#powers.onToolsChanged();
    return client;
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
      const result = (await client
        .request({ method, params }, { timeout: this.#options.connectTimeoutMs })
        .catch((error: unknown) => {
          throw this.#listingFailure(error, method);
        })) as { nextCursor?: string } & Record<typeof key, unknown[]>;
      items.push(...result[key]);
      if (!result.nextCursor || result.nextCursor === cursor) return items;
      cursor = result.nextCursor;
    }
    throw new McpConnectionError(`The MCP server returned more than ${MAX_PAGES} pages of ${key}.`);
  }

  /** A listing the server did not answer in time, said as the doctor says a connection's (naming the limit's flag). */
  #listingFailure(error: unknown, method: string): unknown {
    if (!(error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)) return error;
    const limit = this.#options.connectTimeoutMs;
    return new McpConnectionError(
      `The MCP server did not answer within ${limit} ms (${method}); if it is slow, allow it more time with ` +
        '--connect-timeout <ms> (connectTimeoutMs).',
    );
  }

  /** Whether the server runs its tool `name` as a task: never (`forbidden`, the default), on request, or always. */
  async taskSupport(name: string): Promise<'forbidden' | 'optional' | 'required'> {
    const tool = (await this.tools()).find((each) => each.name === name);
    return tool?.execution?.taskSupport ?? 'forbidden';
  }

  /** The doctor's reading of a failed connect: the target, how its process ended, what it printed. */
  #diagnose(error: unknown, duringFlow: boolean, exit: McpConnection['lastExit'], stdout: StdoutNoise): Diagnosis {
    const authorizeAt = this.oauth?.authorizationUrl;
    // A failure inside an OAuth flow is said as one (no pending authorization: that one says where to authorize).
    const oauthReason = duringFlow && !authorizeAt && this.oauth ? this.oauth.explain(describeError(error)) : undefined;
    return diagnose({
      target: this.#target,
      error,
      exit,
      stderr: this.#stderr.lines(),
      stdout: stdout.lines(),
      connectTimeoutMs: this.#options.connectTimeoutMs,
      secrets: this.#stderrOptions.secrets,
      oauth: oauthReason
        ? { reason: oauthReason }
        : authorizeAt
          ? { reason: describeError(error), authorizeAt }
          : undefined,
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#connected = undefined;
    const current = this.#current;
    this.#current = undefined;
    this.#tools = undefined;
    this.#resourceUris = undefined;
    const client = await current?.catch(() => undefined);
    await client?.close();
  }
}
