// The MCP server as the console sees it, for a page's server panel: who it is, the protocol revision and transport
// of the connection, the command or URL (secrets blanked), both sides' capabilities, the roots offered, its
// instructions and log level, and its last stderr lines; and what a person may do to it: set its log level, ping it,
// reconnect, and restart a stdio server. Built on the bridge's connection, for the bridge to expose.
import type { ServerState } from '../../protocol/server-state.js';
import { formatRedacted } from '../core/redact-secrets.js';
import { LOG_LEVELS } from '../core/questions/log-event.js';
import type { LogLevel } from '../types.js';
import { clientCapabilities, rootsOf } from './client-powers.js';
import type { McpConnection } from './connection.js';
import { blankTarget } from './target-text.js';

/** A person asked for something the server or the target cannot do (a 400 or 409 for a route). */
export class ServerControlError extends Error {
  override name = 'ServerControlError';

  /** 400 for a value it cannot take, 409 for what this kind of target cannot do. */
  constructor(
    message: string,
    readonly status: 400 | 409,
  ) {
    super(message);
  }
}

export type { ServerState };

export class ServerControls {
  readonly #connection: McpConnection;

  constructor(connection: McpConnection) {
    this.#connection = connection;
  }

  /** The state as of now; never connects. */
  state(): ServerState {
    const connection = this.#connection;
    const client = connection.connected;
    const info = connection.serverInfo;
    const secrets = [...connection.secrets, ...(connection.oauth?.secrets() ?? [])];
    const exit = connection.lastExit;
    return {
      connected: client !== undefined,
      ...(info?.name !== undefined && { name: info.name }),
      ...(info?.title !== undefined && { title: info.title }),
      ...(info?.version !== undefined && { version: info.version }),
      ...(client?.getNegotiatedProtocolVersion() && { protocolVersion: client.getNegotiatedProtocolVersion() }),
      ...(connection.transportKind && { transport: connection.transportKind }),
      target: formatRedacted(blankTarget(connection.target), secrets),
      ...(client?.getServerCapabilities() && { serverCapabilities: client.getServerCapabilities() }),
      clientCapabilities: clientCapabilities(connection.powers),
      roots: rootsOf(connection.powers),
      ...(info?.instructions !== undefined && { instructions: info.instructions }),
      logLevel: connection.logLevel,
      stderr: connection.stderrLines(),
      ...(exit && { exit }),
    };
  }

  /**
   * Asks the server for log messages at `level` and above from now on: `logging/setLevel` on a 2025 connection whose
   * server can log; on a 2026-07-28 one the level rides in each request. Kept for later connections either way.
   */
  async setLogLevel(level: string): Promise<void> {
    if (!LOG_LEVELS.includes(level as LogLevel)) {
      throw new ServerControlError(`The log level must be one of ${LOG_LEVELS.join(', ')}, got "${level}".`, 400);
    }
    this.#connection.powers.logLevel = level as LogLevel;
    const client = await this.#connection.client();
    if (client.getProtocolEra() === 'modern' || !client.getServerCapabilities()?.logging) return;
    await client.setLoggingLevel(level as LogLevel);
  }

  /** Pings the server (connecting first if need be); resolves with the round trip in milliseconds. */
  async ping(): Promise<{ ms: number }> {
    const client = await this.#connection.client();
    const started = performance.now();
    await client.ping();
    return { ms: Math.round((performance.now() - started) * 10) / 10 };
  }

  /** Drops the connection and makes a new one (for stdio, a new process); resolves once connected. */
  async reconnect(): Promise<ServerState> {
    await this.#connection.reconnect();
    return this.state();
  }

  /** Stops a stdio server's process and starts it again; resolves once the new one is connected. */
  async restart(): Promise<ServerState> {
    if (!('stdio' in this.#connection.target)) {
      throw new ServerControlError('Only a stdio server can be restarted; reconnect to a URL instead.', 409);
    }
    return this.reconnect();
  }
}
