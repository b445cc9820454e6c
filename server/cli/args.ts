// The command line: flags in, a checked plan out. Every mistake becomes a UsageError with one readable line.
import { statSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LOG_LEVELS } from '../core/questions/log-event.js';
import type { McpTarget } from '../mcp/index.js';
import type { LogLevel } from '../types.js';
import { parseSandbox, type SandboxPlan } from './sandbox-args.js';
import type { ServersConfig } from './config/configured-server.js';
import { processSurroundings, serversFromFlags, type Surroundings } from './config/servers-from-flags.js';
import { HEADER_NAME } from './http-header-name.js';
import { splitCommand } from './split-command.js';
import { UsageError } from './usage-error.js';

export { UsageError };
export { usage } from './usage.js';

export type CliPlan =
  | { kind: 'help' }
  | { kind: 'version' }
  | {
      kind: 'serve';
      /** undefined serves the built-in demo tools, or the servers of a config file when there are two or more. */
      target: McpTarget | undefined;
      /** The servers --config (or the usual places) and --server chose; with exactly one, `target` is that one. */
      servers: ServersConfig | undefined;
      /** Start every server at once instead of when first opened (--eager). */
      eager: boolean;
      /** The config file was found in the usual places, not named: the CLI says which file it used. */
      configFound: boolean;
      host: string;
      port: number;
      title: string | undefined;
      prefix: string | undefined;
      allowExecute: boolean;
      /** The largest call body accepted (`maxBodyBytes`); undefined keeps the console's default. */
      maxBodyBytes: number | undefined;
      /** Host names the page may be reached under besides loopback names and IP addresses. */
      allowedHosts: string[];
      /** A call's time limit without progress (`callTimeoutMs`); undefined keeps the console's default. */
      timeoutMs: number | undefined;
      /** The most a call that keeps reporting progress may run (`callTotalTimeoutMs`). */
      totalTimeoutMs: number | undefined;
      /** The time limit of connecting to the MCP server (`connectTimeoutMs`); undefined keeps the bridge's default. */
      connectTimeoutMs: number | undefined;
      /** The least severe log message the MCP server is asked for. */
      logLevel: LogLevel;
      /** Directories the MCP server may work in (its roots), absolute. */
      roots: string[];
      /** How to authorize with a --url server that demands OAuth. */
      oauth: OAuthPlan;
      /** Where tool UIs run: the second listener's port, and the origin browsers reach it under. */
      sandbox: SandboxPlan;
    };

export interface OAuthPlan {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** A PEM file with the client's private key, for `private_key_jwt` client authentication (RFC 7523). */
  clientAssertionKey: string | undefined;
  clientCredentials: boolean;
  /** An https URL serving the console's Client ID Metadata Document, used as its client_id where supported. */
  clientMetadataUrl: string | undefined;
  scope: string | undefined;
  tokenStore: string | undefined;
  /** Open the authorization URL in the system browser. */
  open: boolean;
}

const options = {
  stdio: { type: 'string' },
  url: { type: 'string' },
  config: { type: 'string' },
  server: { type: 'string', multiple: true },
  eager: { type: 'boolean' },
  demo: { type: 'boolean' },
  header: { type: 'string', multiple: true },
  'allow-execute': { type: 'boolean' },
  host: { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  port: { type: 'string' },
  'sandbox-port': { type: 'string' },
  'sandbox-origin': { type: 'string' },
  title: { type: 'string' },
  prefix: { type: 'string' },
  'max-body': { type: 'string' },
  timeout: { type: 'string' },
  'total-timeout': { type: 'string' },
  'connect-timeout': { type: 'string' },
  'log-level': { type: 'string' },
  root: { type: 'string', multiple: true },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'client-assertion-key': { type: 'string' },
  'client-metadata-url': { type: 'string' },
  'client-credentials': { type: 'boolean' },
  scope: { type: 'string' },
  'token-store': { type: 'string' },
  open: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

function parseFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    // node's messages are right but long ("... place it at the end of the command after '--' ..."): keep the
    // first sentence.
    const message = error instanceof Error ? error.message.split(/\.\s/)[0].replace(/\.$/, '') : String(error);
    throw new UsageError(message);
  }
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 8000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, got "${value}"`);
  return port;
}

function parseMaxBody(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const bytes = Number(value);
  if (!/^\d+$/.test(value) || bytes < 1 || !Number.isSafeInteger(bytes))
    throw new UsageError(`--max-body must be a positive whole number of bytes, got "${value}"`);
  return bytes;
}

export function parseMilliseconds(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(ms))
    throw new UsageError(`--${flag} must be a whole number of milliseconds (0 for none), got "${value}"`);
  return ms;
}

// Connecting always has a limit: a server that never answers must not leave the console waiting for ever.
export function parseConnectTimeout(value: string | undefined): number | undefined {
  const ms = value === undefined || !/^\d+$/.test(value) ? undefined : Number(value);
  if (value !== undefined && !(ms !== undefined && ms > 0 && Number.isSafeInteger(ms)))
    throw new UsageError(`--connect-timeout must be a positive whole number of milliseconds, got "${value}"`);
  return ms;
}

function parseLogLevel(value: string | undefined): LogLevel {
  if (value === undefined) return 'info';
  if (!LOG_LEVELS.includes(value as LogLevel))
    throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return value as LogLevel;
}

function parseRoots(values: string[] | undefined): string[] {
  // None unless named: a server that obeys roots over its own arguments must not be handed the working directory.
  if (!values?.length) return [];
  return values.map((value) => {
    const dir = resolve(value);
    let isDirectory = false;
    try {
      isDirectory = statSync(dir).isDirectory();
    } catch {
      // Missing or unreadable: said below, the same way.
    }
    if (!isDirectory) throw new UsageError(`--root must be a directory, got "${value}"`);
    return dir;
  });
}

function parseHeaders(values: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    const name = value.slice(0, colon).trim();
    if (colon === -1 || !HEADER_NAME.test(name))
      throw new UsageError(`--header must look like "Name: value", got "${value}"`);
    headers[name] = value.slice(colon + 1).trim();
  }
  return headers;
}

function parseUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--url must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--url must be an http(s) URL, got "${value}"`);
  return url;
}

/** The MCP server named by --stdio or --url (with --header); the one-shot commands read them the same way. */
export function parseTarget(
  flags: Pick<ReturnType<typeof parseFlags>, 'stdio' | 'url' | 'header'>,
): McpTarget | undefined {
  if (flags.stdio !== undefined && flags.url !== undefined) throw new UsageError('use --stdio or --url, not both');
  if (flags.header?.length && flags.url === undefined) throw new UsageError('--header only applies to --url');
  if (flags.url !== undefined) return { url: parseUrl(flags.url), headers: parseHeaders(flags.header ?? []) };
  if (flags.stdio === undefined) return undefined;
  let words: string[];
  try {
    words = splitCommand(flags.stdio);
  } catch (error) {
    throw new UsageError(`--stdio: ${(error as Error).message}`);
  }
  if (!words.length)
    throw new UsageError('--stdio needs a command, e.g. --stdio "npx -y @modelcontextprotocol/server-everything"');
  // The child inherits this process's environment, as it would when started from the same shell (the SDK's
  // default passes only PATH, HOME and a few others, which loses the API keys servers are usually configured with).
  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return { stdio: { command: words[0], args: words.slice(1), env } };
}

function parseAllowedHosts(values: string[]): string[] {
  for (const value of values) {
    if (!/^\.?[A-Za-z0-9_.-]+$/.test(value)) {
      throw new UsageError(
        `--allowed-host must be a host name such as console.example.com or .example.com, got "${value}"`,
      );
    }
  }
  return values;
}

const OAUTH_FLAGS = [
  'client-id',
  'client-secret',
  'client-assertion-key',
  'client-credentials',
  'client-metadata-url',
  'scope',
  'token-store',
  'open',
] as const;

// The flags that say which client the console is: one client of one authorization server, so one server.
const CLIENT_FLAGS = [
  'client-id',
  'client-secret',
  'client-assertion-key',
  'client-credentials',
  'client-metadata-url',
] as const;

/**
 * `target`: the one server served; a config file's server reached by URL authorizes as --url does. With many servers
 * (`servers`), --token-store, --open and --scope apply to each reached by URL; a client's flags name one server's.
 */
function parseOAuth(
  flags: ReturnType<typeof parseFlags>,
  target: McpTarget | undefined,
  servers: ServersConfig | undefined,
): OAuthPlan {
  const given = OAUTH_FLAGS.find((flag) => flags[flag] !== undefined);
  const many = target === undefined && servers !== undefined;
  const client = CLIENT_FLAGS.find((flag) => flags[flag] !== undefined);
  if (many && client) throw new UsageError(`--${client} identifies one client: choose its server with --server <name>`);
  const byUrl = many ? servers.servers.some((server) => 'url' in server.target) : target && 'url' in target;
  if (given && !byUrl) throw new UsageError(`--${given} only applies to --url`);
  if (flags['client-secret'] !== undefined && flags['client-id'] === undefined)
    throw new UsageError('--client-secret needs --client-id');
  const assertionKey = flags['client-assertion-key'];
  if (assertionKey !== undefined && flags['client-id'] === undefined)
    throw new UsageError('--client-assertion-key needs --client-id');
  if (assertionKey !== undefined && flags['client-secret'] !== undefined)
    throw new UsageError('use --client-secret or --client-assertion-key, not both');
  const credential = flags['client-secret'] ?? assertionKey;
  if (flags['client-credentials'] && (flags['client-id'] === undefined || credential === undefined))
    throw new UsageError('--client-credentials needs --client-id and --client-secret or --client-assertion-key');
  const metadataUrl = flags['client-metadata-url'];
  if (metadataUrl !== undefined && !isDocumentUrl(metadataUrl))
    throw new UsageError(`--client-metadata-url must be an https URL with a path, got "${metadataUrl}"`);
  if (metadataUrl !== undefined && flags['client-id'] !== undefined)
    throw new UsageError('use --client-id or --client-metadata-url, not both');
  if (flags['client-credentials'] && flags.open)
    throw new UsageError('--open has nothing to open with --client-credentials');
  return {
    clientId: flags['client-id'],
    clientSecret: flags['client-secret'],
    clientAssertionKey: assertionKey === undefined ? undefined : resolve(assertionKey),
    clientCredentials: flags['client-credentials'] === true,
    clientMetadataUrl: metadataUrl,
    scope: flags.scope,
    tokenStore: flags['token-store'] === undefined ? undefined : resolve(flags['token-store']),
    open: flags.open === true,
  };
}

// What the MCP spec asks of a Client ID Metadata Document's URL: https, and a path naming the document.
function isDocumentUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.pathname !== '/';
  } catch {
    return false;
  }
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** `where` says where the usual places of config files are (tests pass temporary folders). */
export function parseCli(argv: string[], where: Surroundings = processSurroundings()): CliPlan {
  const flags = parseFlags(argv);
  if (flags.help) return { kind: 'help' };
  if (flags.version) return { kind: 'version' };
  const direct = parseTarget(flags);
  // --demo only stops the look in the usual places: `npm start` passes it, and `npm start -- --stdio ...` still works.
  const chosen = serversFromFlags(flags, where, flags.demo !== true);
  if (flags.eager && !chosen) throw new UsageError('--eager only applies to the servers of a config file (--config)');
  const servers = chosen?.servers;
  // Exactly one server is served as --stdio or --url would serve it.
  const target = servers ? (servers.servers.length === 1 ? servers.servers[0]!.target : undefined) : direct;
  const host = flags.host ?? '127.0.0.1';
  const port = parsePort(flags.port);
  return {
    kind: 'serve',
    target,
    servers,
    eager: flags.eager === true,
    configFound: chosen?.found === true,
    host,
    port,
    title: flags.title,
    prefix: flags.prefix,
    // The demo tools touch nothing outside the process, so they may run when only this machine can reach them.
    allowExecute: flags['allow-execute'] === true || (target === undefined && !servers && isLoopback(host)),
    maxBodyBytes: parseMaxBody(flags['max-body']),
    // A name given to --host is one the page will be opened under (its printed URL), so it is allowed too.
    allowedHosts: [...parseAllowedHosts(flags['allowed-host'] ?? []), ...(isIP(host) ? [] : [host])],
    timeoutMs: parseMilliseconds('timeout', flags.timeout),
    totalTimeoutMs: parseMilliseconds('total-timeout', flags['total-timeout']),
    connectTimeoutMs: parseConnectTimeout(flags['connect-timeout']),
    logLevel: parseLogLevel(flags['log-level']),
    roots: parseRoots(flags.root),
    oauth: parseOAuth(flags, target, servers),
    sandbox: parseSandbox(flags, host, port),
  };
}
