// Where an MCP server lives and how to open a connection to it: a child process over stdio, or a URL spoken to
// over Streamable HTTP with a fallback to the older HTTP+SSE transport.
import type { ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import {
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type ClientCapabilities,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { ConnectOptions, OAuthClientProvider, Transport } from '@modelcontextprotocol/client';
import { BridgeClient } from './bridge-client.js';
import type { McpAuthOptions } from './oauth/session.js';

/** Start an MCP server as a child process and talk to it over its stdin and stdout. */
export interface StdioTarget {
  stdio: {
    command: string;
    args?: string[];
    /** Added to a minimal safe environment (PATH, HOME, ...), as the SDK does; pass `process.env` to inherit all. */
    env?: Record<string, string>;
    cwd?: string;
  };
}

/** Connect to a running MCP server over Streamable HTTP (or HTTP+SSE when that is all it speaks). */
export interface UrlTarget {
  url: string | URL;
  /** Sent with every request, e.g. `{Authorization: 'Bearer ...'}`. */
  headers?: Record<string, string>;
  /** Authorize with OAuth when the server demands it (the MCP authorization spec). */
  auth?: McpAuthOptions;
}

export type McpTarget = StdioTarget | UrlTarget;

/**
 * The secrets a URL target's headers carry: each value whole, and the credential after its scheme (`Bearer abc`
 * holds `abc`), which a server may echo on its own.
 */
export function headerSecrets(target: UrlTarget): string[] {
  return Object.values(target.headers ?? {}).flatMap((value) => [value, value.replace(/^\S+\s+/, '')]);
}

/** Which transport a connection uses: stdio, Streamable HTTP, or the old HTTP+SSE one a server may speak instead. */
export type TransportKind = 'stdio' | 'streamable-http' | 'sse';

/** A short description for messages: the command line or the URL. */
export function describeTarget(target: McpTarget): string {
  if ('stdio' in target) return [target.stdio.command, ...(target.stdio.args ?? [])].join(' ');
  return String(target.url);
}

export interface OpenOptions {
  clientInfo: { name: string; version: string };
  connectTimeoutMs: number;
  /** Gets the child's stderr, chunk by chunk (stdio only). */
  onStderr: (text: string) => void;
  /** Gets the child's stdout, chunk by chunk, besides the SDK (stdio only): the doctor looks for non-JSON in it. */
  onStdout?: (text: string) => void;
  /** Called once the child's stderr has ended (it exited, or closed it). */
  onStderrEnd?: () => void;
  /** Called when the child process exits, with its exit code or the signal that ended it (stdio only). */
  onExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
  /** Gets the child process once started (stdio only): a one-shot command stops it at once instead of waiting. */
  onChildProcess?: (child: ChildProcess) => void;
  /** What the client declares it can do in `initialize`. */
  capabilities?: ClientCapabilities;
  /** Answers the server's OAuth challenges (a `--url` target with `auth`). */
  authProvider?: OAuthClientProvider;
  /** Sees each transport before the client connects over it (the protocol log records its messages). */
  instrument?: (transport: Transport, kind: TransportKind) => void;
  /** Sets the client up (its request handlers) before it connects. */
  prepare?: (client: BridgeClient) => void;
  /**
   * Probe a stdio server for the 2026-07-28 revision on its own process instead of on a short-lived copy (the SDK's
   * way, which starts the server twice); a server that closes on the probe is started again for `initialize`.
   */
  probeInPlace?: boolean;
}

/**
 * The SDK's stdio transport, unchanged but for its class: the SDK probes on a throwaway sibling process only for its
 * own class exactly, and in place (on this transport's one process) for any other.
 */
class InPlaceProbeTransport extends StdioClientTransport {}

/**
 * Connects a fresh client; rejects (and leaves nothing running) when the server cannot be reached. The protocol
 * revision is negotiated: a 2026-07-28 server is found by the SDK's `server/discover` probe, any other gets the 2025
 * `initialize` handshake. A stdio server is probed on a short-lived copy of itself, or in place with `probeInPlace`.
 */
export async function openClient(target: McpTarget, options: OpenOptions): Promise<BridgeClient> {
  if ('stdio' in target) {
    if (!options.probeInPlace) return openStdio(target, options, StdioClientTransport);
    return openStdioProbingInPlace(target, options);
  }
  const url = new URL(target.url);
  const requestInit = { headers: target.headers ?? {} };
  const { authProvider } = options;
  try {
    return await connect(
      new StreamableHTTPClientTransport(url, { requestInit, authProvider }),
      'streamable-http',
      options,
    );
  } catch (error) {
    if (!speaksOnlySse(error)) throw error;
    // The SSE transport sends requestInit's headers with its event stream request as well as with its POSTs.
    return connect(new SSEClientTransport(url, { requestInit, authProvider }), 'sse', options);
  }
}

function openStdio(
  target: StdioTarget,
  options: OpenOptions,
  Transport: typeof StdioClientTransport,
  prior?: ConnectOptions['prior'],
): Promise<BridgeClient> {
  const transport = new Transport({ ...target.stdio, stderr: 'pipe' });
  // Decoded as a stream, so a character split between two chunks arrives whole.
  // Stryker disable next-line StringLiteral: StringDecoder('') decodes UTF-8 too, its default encoding
  const decoder = new StringDecoder('utf8');
  // Stryker disable next-line OptionalChaining: with stderr 'pipe' the SDK's transport has its stderr stream at once
  transport.stderr?.on('data', (chunk: Buffer) => options.onStderr(decoder.write(chunk)));
  // Stryker disable next-line OptionalChaining: with stderr 'pipe' the SDK's transport has its stderr stream at once
  transport.stderr?.on('end', () => {
    const rest = decoder.end();
    if (rest) options.onStderr(rest);
    options.onStderrEnd?.();
  });
  watchChild(transport, options);
  return connect(transport, 'stdio', options, prior);
}

/**
 * The era learnt from the server's first answer, on the one process that then serves: `server/discover` answered is
 * 2026-07-28, an error (or silence until the probe's time limit) is 2025 and `initialize` follows on the same pipe.
 * A server that closes on the probe (SDKs that end on any request before `initialize`) is started once more, told to
 * skip the probe. How the first process ended is kept back until it is known to be the one the caller hears of.
 */
async function openStdioProbingInPlace(target: StdioTarget, options: OpenOptions): Promise<BridgeClient> {
  let heldExit: Parameters<NonNullable<OpenOptions['onExit']>> | undefined;
  let decided = false;
  const first: OpenOptions = {
    ...options,
    onExit: (code, signal) => (decided ? options.onExit?.(code, signal) : (heldExit = [code, signal])),
    onStderrEnd: () => decided && options.onStderrEnd?.(),
  };
  const decide = () => {
    decided = true;
    if (heldExit) options.onExit?.(...heldExit);
  };
  try {
    const client = await openStdio(target, first, InPlaceProbeTransport);
    decide();
    return client;
  } catch (error) {
    if (!closedDuringProbe(error)) {
      decide();
      throw error;
    }
  }
  return openStdio(target, options, StdioClientTransport, { kind: 'legacy' });
}

/** The SDK's verdict when a server probed in place closed the connection instead of answering `server/discover`. */
function closedDuringProbe(error: unknown): boolean {
  return (
    error instanceof SdkError &&
    error.code === SdkErrorCode.EraNegotiationFailed &&
    /closed during the server\/discover probe/.test(error.message)
  );
}

async function connect(
  transport: StdioClientTransport | StreamableHTTPClientTransport | SSEClientTransport,
  kind: TransportKind,
  options: OpenOptions,
  prior?: ConnectOptions['prior'],
) {
  options.instrument?.(transport, kind);
  const client = new BridgeClient(options.clientInfo, {
    capabilities: options.capabilities ?? {},
    versionNegotiation: { mode: 'auto' },
  });
  options.prepare?.(client);
  try {
    await client.connect(transport, { timeout: options.connectTimeoutMs, prior });
    return client;
  } catch (error) {
    await client.close().catch(() => {}); // stops a child that started but never answered
    throw error;
  }
}

/**
 * Hands on how the child ends, and a copy of what it writes on stdout. The SDK keeps the child to itself, so its start
 * is wrapped on this one instance: a subclass would make the SDK probe the protocol revision in place instead of on a
 * sibling process of its own.
 */
function watchChild(transport: StdioClientTransport, { onExit, onStdout, onChildProcess }: OpenOptions): void {
  if (!onExit && !onStdout && !onChildProcess) return;
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    const child = (transport as unknown as { _process?: ChildProcess })._process;
    if (onExit) child?.once('exit', onExit);
    if (child) onChildProcess?.(child);
    if (onStdout && child?.stdout) {
      // Stryker disable next-line StringLiteral: StringDecoder('') decodes UTF-8 too, its default encoding
      const decoder = new StringDecoder('utf8');
      child.stdout.on('data', (chunk: Buffer) => onStdout(decoder.write(chunk)));
    }
  };
}

// A server of the 2024-11-05 protocol answers the Streamable HTTP POST with 404 or 405 (or 400); authentication
// failures and unreachable hosts are real errors and must not be hidden by a second attempt.
function speaksOnlySse(error: unknown): boolean {
  return error instanceof SdkHttpError && [400, 404, 405].includes(error.status);
}
