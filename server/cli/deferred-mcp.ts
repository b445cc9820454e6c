// The CLI's connection to one MCP server, made when something first needs it (cli/deferred-bridge.ts): the options
// every server of the CLI is connected with, and where its own output goes on the terminal, marked with `label`
// (`mcp` for the one server of --stdio/--url, the server's name for each of --config's).
import type { CliPlan } from './args.js';
import { DeferredBridge } from './deferred-bridge.js';
import { formatRedacted } from '../core/redact-secrets.js';
import { connectMcp, describeTarget, type McpAuthOptions, type McpTarget } from '../mcp/index.js';

type ServePlan = Extract<CliPlan, { kind: 'serve' }>;

/** The flags that say how to connect. */
export type ConnectPlan = Pick<ServePlan, 'connectTimeoutMs' | 'logLevel' | 'roots'>;

export interface DeferredMcpOptions {
  /** Marks the server's stderr lines and log messages: `[<label>] line`. */
  label: string;
  /** Blanked out of everything the server says before it is printed or shown. */
  secrets: readonly string[];
  /** Hears of every failed attempt to connect (DeferredBridge). */
  onFailure?: (error: unknown) => void;
  /**
   * How a URL server authorizes when it demands OAuth, asked for at each attempt: its redirect URL names the console's
   * port, known only once the console listens (a config's servers are made before, and connect after).
   */
  auth?: () => McpAuthOptions;
}

/** A log message's data on one line, secrets blanked out: a string as it is, other JSON serialised. */
const logText = (data: unknown, secrets: readonly string[]) =>
  formatRedacted(typeof data === 'string' ? data : JSON.stringify(data), secrets);

export function deferredMcp(target: McpTarget, plan: ConnectPlan, options: DeferredMcpOptions): DeferredBridge {
  const { label, secrets } = options;
  const connect = () =>
    connectMcp(options.auth && 'url' in target ? { ...target, auth: options.auth() } : target, {
      // The console's callTimeoutMs (60 s) cancels calls through their AbortSignal; a second clock would race it.
      callTimeoutMs: 0,
      connectTimeoutMs: plan.connectTimeoutMs,
      // Once the server has connected, its own log is worth seeing, marked as the server's; before, its last lines
      // go in the doctor's sentence. The bridge keeps its last lines for a call it dies during.
      onStderrLine: (line) => deferred.serverInfo && process.stderr.write(`[${label}] ${line}\n`),
      secrets,
      logLevel: plan.logLevel,
      roots: plan.roots,
      // Log messages sent during a call go to the page that streams it; the rest are the server's own news.
      onLog: ({ level, logger, data }) =>
        process.stderr.write(`[${label} ${level}]${logger ? ` ${logger}:` : ''} ${logText(data, secrets)}\n`),
    });
  const deferred = new DeferredBridge(
    connect,
    {
      target: formatRedacted(describeTarget(target), secrets),
      ...('stdio' in target && { transport: 'stdio' as const }),
      logLevel: plan.logLevel,
    },
    options.onFailure,
  );
  return deferred;
}
