// An McpConnection built as connectMcp builds it, for the tests of what the bridge will expose next to it (its
// protocol log, its state and controls): the page's routes are not wired to these yet.
import { defaultClientInfo } from '../../server/mcp/client-info.js';
import { McpConnection } from '../../server/mcp/connection.js';
import { McpOAuthSession, type McpAuthOptions } from '../../server/mcp/oauth/session.js';
import type { McpTarget } from '../../server/mcp/transport.js';
import type { LogLevel } from '../../server/types.js';

export interface ObservedOptions {
  secrets?: string[];
  roots?: string[];
  logLevel?: LogLevel;
  connectTimeoutMs?: number;
  auth?: McpAuthOptions;
  /** Gets the server's log messages. */
  onLog?: (message: { level: string; data: unknown }) => void;
  /** Counts the tool list changes the page would be told of. */
  onToolsChanged?: () => void;
  /** Hears that the server's resource list changed. */
  onResourcesChanged?: () => void;
  /** Hears that the server's prompt list changed. */
  onPromptsChanged?: () => void;
  /** Hears that a subscribed resource changed. */
  onResourceUpdated?: (uri: string) => void;
  /** Gets the server's raw stderr text, and its complete lines. */
  onStderr?: (text: string) => void;
  onStderrLine?: (line: string) => void;
}

export function observedConnection(target: McpTarget, options: ObservedOptions = {}): McpConnection {
  const oauth = 'url' in target && options.auth ? new McpOAuthSession(new URL(target.url), options.auth) : undefined;
  const connection = new McpConnection(
    target,
    {
      clientInfo: defaultClientInfo,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      authProvider: oauth?.provider,
    },
    {
      onStderr: (text) => options.onStderr?.(text),
      onStderrLine: (line) => options.onStderrLine?.(line),
      secrets: options.secrets ?? [],
    },
    {
      roots: options.roots ?? [],
      logLevel: options.logLevel ?? 'info',
      onLog: (message) => options.onLog?.(message),
      onElicit: async () => ({ action: 'cancel' }),
      onSample: () => Promise.reject(new Error('no sampling in these tests')),
      onElicitationComplete: () => {},
      onToolsChanged: () => options.onToolsChanged?.(),
      onResourcesChanged: () => options.onResourcesChanged?.(),
      onPromptsChanged: () => options.onPromptsChanged?.(),
      onResourceUpdated: (uri) => options.onResourceUpdated?.(uri),
    },
  );
  connection.oauth = oauth;
  return connection;
}
