// One configured server of `--config`: its connection, made only when something first needs it, and its console
// (the whole API and page under `servers/<name>/`), made on its first request. Until then it costs a few objects:
// ten idle servers cost nothing worth measuring (docs/performance.md).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConfiguredServerStatus } from '../../../protocol/servers.js';
import { formatRedacted } from '../../core/redact-secrets.js';
import { describeTarget } from '../../mcp/index.js';
import type { ConsoleHandler } from '../../node/handler.js';
import type { ConfiguredServer } from '../config/configured-server.js';
import type { DeferredBridge } from '../deferred-bridge.js';
import { NOTHING_WAITING } from '../oauth-page.js';
import { secretsOf } from '../secrets.js';
import { serverSegment } from './server-segment.js';

/** Completes an OAuth authorization with the query the browser brought back; rejects with a reason for the user. */
export type FinishAuthorization = (query: URLSearchParams) => Promise<void>;

/** What a server's connection tells its entry. */
export interface ServerHooks {
  /** Where its OAuth callback is, relative to the console's address: `servers/<segment>/oauth/callback`. */
  readonly callbackPath: string;
  /** Hears of every attempt to connect that fails. */
  onFailure(error: unknown): void;
  /** An OAuth authorization waits for the user at `url`; its callback completes it with `finish`. */
  onAuthorizationUrl(url: URL, finish: FinishAuthorization): void;
}

/** How the CLI makes a server's connection and its console. */
export interface ServerMaker {
  /** The server's connection, not yet connecting, telling `hooks` of failures and authorizations. */
  bridgeFor(server: ConfiguredServer, secrets: readonly string[], hooks: ServerHooks): DeferredBridge;
  /** The server's console in front of `bridge`, mounted at `prefix`. */
  consoleFor(server: ConfiguredServer, bridge: DeferredBridge, prefix: string): ConsoleHandler;
}

export class ServerEntry {
  readonly name: string;
  /** Its name as one path segment, as its console's prefix spells it. */
  readonly segment: string;
  /** The command line or URL, secrets blanked out. */
  readonly target: string;
  readonly #server: ConfiguredServer;
  readonly #secrets: readonly string[];
  readonly #prefix: string;
  readonly #maker: ServerMaker;
  readonly #report: (line: string) => void;
  #bridge: DeferredBridge | undefined;
  #console: ConsoleHandler | undefined;
  /** The last failure said on the terminal: a page retrying a broken server does not repeat it on every request. */
  #reported: string | undefined;
  /** The OAuth authorization waiting for the user, until its callback completes it or the attempt fails. */
  #pending: { url: URL; finish: FinishAuthorization } | undefined;

  /** `basePrefix`: the CLI's --prefix ('' for none); `report` says a failure on the terminal. */
  constructor(server: ConfiguredServer, basePrefix: string, maker: ServerMaker, report: (line: string) => void) {
    this.name = server.name;
    this.segment = serverSegment(server.name);
    this.#server = server;
    this.#secrets = secretsOf(server.target);
    this.target = formatRedacted(describeTarget(server.target), this.#secrets);
    this.#prefix = `${basePrefix}/servers/${this.segment}`;
    this.#maker = maker;
    this.#report = report;
  }

  /** Its connection, made now if not yet (which does not connect: DeferredBridge connects when asked). */
  get bridge(): DeferredBridge {
    this.#bridge ??= this.#maker.bridgeFor(this.#server, this.#secrets, {
      callbackPath: `servers/${this.segment}/oauth/callback`,
      onFailure: (error) => this.#handleFailure(error),
      onAuthorizationUrl: (url, finish) => this.#handleAuthorizationUrl(url, finish),
    });
    return this.#bridge;
  }

  /** The URL the user has yet to open, while an OAuth authorization waits for them. */
  get authorizationUrl(): URL | undefined {
    return this.#pending?.url;
  }

  /**
   * Completes the waiting authorization with the query its callback brought back. Rejects with a reason for the user
   * (a wrong state, a refusal; a fresh authorization then waits), or when none waits.
   */
  async completeAuthorization(query: URLSearchParams): Promise<void> {
    const pending = this.#pending;
    if (pending === undefined) throw new Error(NOTHING_WAITING);
    await pending.finish(query);
    // Authorized: the listing stops linking to it (a newer one that came meanwhile stays).
    if (this.#pending === pending) this.#pending = undefined;
  }

  /** Its connection if one was ever made. */
  get madeBridge(): DeferredBridge | undefined {
    return this.#bridge;
  }

  get status(): ConfiguredServerStatus {
    return this.#bridge?.status ?? 'idle';
  }

  /** Starts connecting (`--eager`); a failure is said on the terminal and in the listing, as for any attempt. */
  start(): void {
    this.bridge.ready().catch(() => {});
  }

  /** Answers a request below its prefix, with its console, made now if not yet. */
  handle(req: IncomingMessage, res: ServerResponse): void {
    this.#console ??= this.#maker.consoleFor(this.#server, this.bridge, this.#prefix);
    this.#console(req, res);
  }

  /** Ends the event streams its console holds open (pages watching it), so the CLI's server can close. */
  endStreams(): void {
    this.#console?.close();
  }

  /** Ends its console's open streams and stops its server. */
  async close(): Promise<void> {
    this.endStreams();
    await this.#bridge?.close();
  }

  #handleAuthorizationUrl(url: URL, finish: FinishAuthorization): void {
    this.#pending = { url, finish };
    this.#report(`tool-console: ${this.name}: authorize at ${url.href}`);
  }

  #handleFailure(error: unknown): void {
    // The attempt that waited for it is over: its authorization can complete nothing.
    this.#pending = undefined;
    const message = (error instanceof Error ? error.message : String(error)).replace(/^tool-console: /, '');
    if (message === this.#reported) return;
    this.#reported = message;
    this.#report(`tool-console: ${this.name}: ${message}`);
  }
}
