// What a host hands the console to let people see the server behind it (the `inspect` option; the MCP bridge's
// `bridge.inspector`): its state, the protocol log and its notifications, a way to follow both live, and the few things
// a person may do to it. The console answers the `/server` routes from this and nothing else.
import type { PingResult, ProtocolEntry, ProtocolLogExport, ServerState } from '../../../protocol/index.js';

/** Told of what happens, as it happens; each call is one event of the log's live stream. */
export interface ServerWatcher {
  /** One message, as it was recorded. */
  entry(entry: ProtocolEntry): void;
  /** The log dropped its oldest messages: how many it has dropped in all. */
  dropped(dropped: number): void;
  /** One stderr line of a stdio server, secrets blanked out. */
  stderr(line: string): void;
  /** A connection opened, dropped or failed: the state as of now. */
  state(state: ServerState): void;
}

/**
 * Everything here may fail the way a host's code fails: an error with a `status` (400 to 599) is answered with it,
 * anything else with 502; an error carrying a `diagnosis` (the MCP bridge's McpConnectionError) adds it to the body.
 */
export interface ServerInspector {
  /** The state as of now; never connects. */
  state(): ServerState;
  /** The whole log, oldest first, with the count of the messages it dropped. */
  log(): ProtocolLogExport;
  /** The server's notifications in the log, newest first. */
  notifications(): ProtocolEntry[];
  /** Tells `watcher` of every event from now on; returns the function that stops it. */
  watch(watcher: ServerWatcher): () => void;
  /** Asks the server for log messages at `level` (one of MCP's eight) and above; resolves with the new state. */
  setLogLevel(level: string): Promise<ServerState>;
  /** A `ping`'s round trip (connecting first when need be). */
  ping(): Promise<PingResult>;
  /** Drops the connection and makes a new one; resolves with the new state. */
  reconnect(): Promise<ServerState>;
  /** For a stdio server: stops its process and starts it again (a 409 `status` for other targets). */
  restart(): Promise<ServerState>;
}

const METHODS = ['state', 'log', 'notifications', 'watch', 'setLogLevel', 'ping', 'reconnect', 'restart'] as const;

/** Whether `value` has every method of an inspector (the option's check). */
export function isServerInspector(value: unknown): value is ServerInspector {
  if (typeof value !== 'object' || value === null) return false;
  return METHODS.every((method) => typeof (value as Record<string, unknown>)[method] === 'function');
}
