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
import { secretsOf } from '../secrets.js';
import { serverSegment } from './server-segment.js';

/** How the CLI makes a server's connection and its console. */
export interface ServerMaker {
  /** The server's connection, not yet connecting; `onFailure` hears of every attempt that fails. */
  bridgeFor(server: ConfiguredServer, secrets: readonly string[], onFailure: (error: unknown) => void): DeferredBridge;
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
    this.#bridge ??= this.#maker.bridgeFor(this.#server, this.#secrets, (error) => this.#handleFailure(error));
    return this.#bridge;
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

  #handleFailure(error: unknown): void {
    const message = (error instanceof Error ? error.message : String(error)).replace(/^tool-console: /, '');
    if (message === this.#reported) return;
    this.#reported = message;
    this.#report(`tool-console: ${this.name}: ${message}`);
  }
}
