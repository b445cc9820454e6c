// Follows the backend's tool list while the console shows it: a list that changes replaces the one loaded, and the
// server's log messages that belong to no call are kept for the server log. A stream that ends (the server
// restarted) is opened again after a pause that grows; a backend that cannot stream is not asked again.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CallLog, ToolApi, ToolsEvent, ToolSummary } from '../api.js';

/** Word that the resources, the prompts or one subscribed resource changed, for the sections that show them. */
export type CatalogEvent = Exclude<ToolsEvent, { type: 'tools' } | { type: 'log' }>;
import type { LogLines } from '../call/call-view.js';

/** The server log lines kept: a chatty server keeps its latest. */
export const MAX_SERVER_LOG_LINES = 200;
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 60_000;

export class ToolWatch implements ReactiveController {
  /** The list as the server last pushed it; undefined until it changes. */
  tools: ToolSummary[] | undefined;
  log: LogLines = { lines: [], dropped: 0 };
  /** Who hears of resources and prompts changing (the Resources and Prompts sections, while they are open). */
  readonly catalogListeners = new Set<(event: CatalogEvent) => void>();
  /** When the console started following: the server log's times count from here. */
  readonly since = Date.now();
  private api: ToolApi | undefined;
  private abort: AbortController | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  /** The console is on the page (unset before it first is): off it, it follows nothing (the list may load after). */
  private connected: boolean | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Follows `api`'s list (once loaded), from when the console is on the page; nothing changes when it already does. */
  follow(api: ToolApi): void {
    if (this.api === api) return;
    this.stop();
    this.api = api;
    this.tools = undefined;
    if (this.connected) this.open(FIRST_RETRY_MS);
  }

  hostConnected(): void {
    this.connected = true;
    // Back on the page: follow again what was followed (nothing is open: leaving the page stopped it).
    if (this.api) this.open(FIRST_RETRY_MS);
  }

  hostDisconnected(): void {
    this.connected = false;
    this.stop();
  }

  /** Opens the stream; when it fails, the next try waits `failureWaitMs` (doubling up to a minute). */
  private open(failureWaitMs: number): void {
    const api = this.api!;
    const abort = (this.abort = new AbortController());
    api
      .watchTools(abort.signal, (event) => {
        if (event.type === 'tools') this.tools = event.tools;
        else if (event.type === 'log') this.add(event.log);
        else for (const listener of this.catalogListeners) listener(event);
        this.host.requestUpdate();
      })
      .then(
        (how) => (how === 'ended' ? FIRST_RETRY_MS : undefined),
        () => failureWaitMs,
      )
      .then((wait) => {
        if (abort.signal.aborted || wait === undefined) return;
        this.retry = setTimeout(() => this.open(Math.min(wait * 2, LAST_RETRY_MS)), wait);
      });
  }

  /** Keeps a line for the server log, as of now: the server's own, or one a tool UI logged. */
  add(log: CallLog): void {
    const { lines, dropped } = this.log;
    const over = Math.max(0, lines.length + 1 - MAX_SERVER_LOG_LINES);
    this.log = { lines: [...lines.slice(over), { ...log, at: Date.now() }], dropped: dropped + over };
    this.host.requestUpdate();
  }

  private stop(): void {
    clearTimeout(this.retry);
    this.abort?.abort();
    this.abort = undefined;
  }
}
