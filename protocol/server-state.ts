// What the console tells a page about the MCP server behind it (the `/server` routes, docs/http-api.md "Seeing the
// server"): its state, the protocol log of every JSON-RPC message, the doctor's diagnosis of a failed connection, and
// the events of the log's live stream (`Accept: text/event-stream` on `GET /server/log`). The bridge records and
// answers with these types; the page reads them with the decoders below.
import type { ErrorBody } from './errors.js';
import { isPlainObject } from './is-plain-object.js';
import { jsonText, type JsonText } from './json-text.js';

/** MCP's logging levels, least severe first: the values `POST /server/log-level` takes. */
export const SERVER_LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;

export type ServerLogLevel = (typeof SERVER_LOG_LEVELS)[number];

/** How the console reaches the server. */
export type ServerTransport = 'stdio' | 'streamable-http' | 'sse';

/** Why a connection failed, one name per case a person fixes differently. */
export type DiagnosisReason =
  | 'command-not-found'
  | 'exited'
  | 'non-json-stdout'
  | 'protocol-version'
  | 'unauthorized'
  | 'token-refused'
  | 'forbidden'
  | 'oauth'
  | 'connection-refused'
  | 'dns'
  | 'tls'
  | 'timeout'
  | 'closed'
  | 'other';

/** What the doctor saw. Text from the server (stderr, stdout) has the known secrets blanked out. */
export interface DiagnosisEvidence {
  /** The stdio command that was not found. */
  command?: string;
  exitCode?: number;
  signal?: string;
  /** The server's last stderr lines. */
  stderr?: string[];
  /** The first lines a stdio server wrote on stdout that were not JSON. */
  stdout?: string[];
  /** The --url target. */
  url?: string;
  /** The HTTP status the server answered. */
  status?: number;
  /** The network's error code (ECONNREFUSED, ENOTFOUND, a TLS code). */
  code?: string;
  /** The time limit that ran out, in milliseconds. */
  limitMs?: number;
  /** The protocol revision the server answered, when the console does not speak it. */
  protocolVersion?: string;
}

/** The doctor's explanation of a connection that failed: why, one sentence a person can act on, and the evidence. */
export interface Diagnosis {
  reason: DiagnosisReason;
  /** One sentence: what failed, and what to do about it. */
  sentence: string;
  evidence: DiagnosisEvidence;
}

/** The 502 of a route that needed the server: the doctor's sentence, and its diagnosis when it made one. */
export interface ServerErrorBody extends ErrorBody {
  diagnosis?: Diagnosis;
}

/** `GET /server`: the MCP server as the console sees it. Never connects to answer. */
export interface ServerState {
  /** Whether a connection is live now (the rest describes the latest one while it is not). */
  connected: boolean;
  name?: string;
  title?: string;
  version?: string;
  /** The protocol revision negotiated on the live connection. */
  protocolVersion?: string;
  /** The transport of the latest connection attempt. */
  transport?: ServerTransport;
  /** The command line or URL, secrets blanked out. */
  target: string;
  /** What the server declared it can do (MCP's `ServerCapabilities`). */
  serverCapabilities?: Record<string, unknown>;
  /** What the console declared it can do (MCP's `ClientCapabilities`). */
  clientCapabilities: Record<string, unknown>;
  roots: { uri: string; name: string }[];
  instructions?: string;
  logLevel: ServerLogLevel;
  /** A stdio server's last stderr lines, secrets blanked out. */
  stderr: string[];
  /** How the last stdio process ended, once it has. */
  exit?: { code: number | null; signal: string | null };
  /** While the last connection attempt failed: why. */
  diagnosis?: Diagnosis;
}

/** `POST /server/ping`: the round trip of a `ping`, in milliseconds. */
export interface PingResult {
  ms: number;
}

/** `sent`: from the console (the MCP client) to the server; `received`: from the server. */
export type ProtocolDirection = 'sent' | 'received';

export type ProtocolKind = 'request' | 'response' | 'error' | 'notification';

/** One JSON-RPC message as the protocol log keeps it. */
export interface ProtocolEntry {
  /** Counts up from 1 over the log's life, dropped entries included: a reader can tell what it missed. */
  seq: number;
  /** When it was sent or received, in milliseconds since the epoch. */
  time: number;
  direction: ProtocolDirection;
  kind: ProtocolKind;
  /** The request's or notification's method; for a response, its request's. */
  method?: string;
  id?: string | number;
  /** The message's size as JSON, in bytes (the original's, before any blanking). */
  size: number;
  /** For a response or error: milliseconds since its request went the other way. */
  rttMs?: number;
  /** The message, secrets blanked out (a message larger than the whole log is replaced by a note of its size). */
  message: unknown;
}

/** `GET /server/log`: what the log holds (oldest first, filtered as asked), and how many older messages it dropped. */
export interface ProtocolLogExport {
  dropped: number;
  entries: ProtocolEntry[];
}

/** Every event of the protocol log's live stream, by name, with its data. */
export interface ServerLogEventMap {
  /** One message, as it is recorded. */
  entry: ProtocolEntry;
  /** The ring dropped its oldest messages: how many in all. */
  dropped: { dropped: number };
  /** One stderr line of a stdio server (of a restarted process too), secrets blanked out. */
  stderr: { line: string };
  /** A connection opened, dropped or failed. */
  state: ServerState;
}

/** The server's writers of the live log's events. */
export const encodeServerLogEvent = {
  entry: (data: ProtocolEntry) => jsonText(data),
  dropped: (data: { dropped: number }) => jsonText(data),
  stderr: (data: { line: string }) => jsonText(data),
  state: (data: ServerState) => jsonText(data),
} satisfies { [K in keyof ServerLogEventMap]: (data: never) => JsonText<ServerLogEventMap[K]> };

const DIRECTIONS: ReadonlySet<string> = new Set<ProtocolDirection>(['sent', 'received']);
const KINDS: ReadonlySet<string> = new Set<ProtocolKind>(['request', 'response', 'error', 'notification']);
const LEVELS: ReadonlySet<string> = new Set(SERVER_LOG_LEVELS);

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A protocol log entry, or undefined when `data` is not one. */
export function decodeProtocolEntry(data: unknown): ProtocolEntry | undefined {
  if (!isPlainObject(data) || !Number.isInteger(data.seq) || !Number.isFinite(data.time)) return undefined;
  if (!DIRECTIONS.has(data.direction as string) || !KINDS.has(data.kind as string)) return undefined;
  const entry: ProtocolEntry = {
    seq: data.seq as number,
    time: data.time as number,
    direction: data.direction as ProtocolDirection,
    kind: data.kind as ProtocolKind,
    size: Number.isFinite(data.size) ? (data.size as number) : 0,
    message: data.message,
  };
  if (typeof data.method === 'string') entry.method = data.method;
  if (typeof data.id === 'string' || typeof data.id === 'number') entry.id = data.id;
  if (Number.isFinite(data.rttMs)) entry.rttMs = data.rttMs as number;
  return entry;
}

/** The body of `GET /server/log`; entries that are not entries are dropped. */
export function decodeProtocolLog(data: unknown): ProtocolLogExport | undefined {
  if (!isPlainObject(data) || !Array.isArray(data.entries)) return undefined;
  const entries = data.entries.map(decodeProtocolEntry).filter((entry) => entry !== undefined);
  return { dropped: Number.isInteger(data.dropped) ? (data.dropped as number) : 0, entries };
}

/** A diagnosis (a 502's `diagnosis`, or `ServerState.diagnosis`), or undefined without a reason and a sentence. */
export function decodeDiagnosis(data: unknown): Diagnosis | undefined {
  if (!isPlainObject(data) || typeof data.reason !== 'string' || typeof data.sentence !== 'string') return undefined;
  const evidence = isPlainObject(data.evidence) ? (data.evidence as DiagnosisEvidence) : {};
  return { reason: data.reason as DiagnosisReason, sentence: data.sentence, evidence };
}

/** The body of `GET /server` (and of the stream's `state` event), or undefined without `connected` and `target`. */
export function decodeServerState(data: unknown): ServerState | undefined {
  if (!isPlainObject(data) || typeof data.connected !== 'boolean' || typeof data.target !== 'string') return undefined;
  const state: ServerState = {
    connected: data.connected,
    target: data.target,
    clientCapabilities: isPlainObject(data.clientCapabilities) ? data.clientCapabilities : {},
    // Stryker disable next-line ArrayDeclaration: the filter below drops whatever a stand-in list holds (no object)
    roots: (Array.isArray(data.roots) ? data.roots : []).filter(
      (root): root is { uri: string; name: string } =>
        isPlainObject(root) && typeof root.uri === 'string' && typeof root.name === 'string',
    ),
    logLevel: LEVELS.has(data.logLevel as string) ? (data.logLevel as ServerLogLevel) : 'info',
    stderr: strings(data.stderr),
  };
  for (const key of ['name', 'title', 'version', 'protocolVersion', 'instructions'] as const) {
    if (typeof data[key] === 'string') state[key] = data[key];
  }
  if (data.transport === 'stdio' || data.transport === 'streamable-http' || data.transport === 'sse') {
    state.transport = data.transport;
  }
  if (isPlainObject(data.serverCapabilities)) state.serverCapabilities = data.serverCapabilities;
  if (isPlainObject(data.exit)) {
    const { code, signal } = data.exit;
    state.exit = {
      code: Number.isInteger(code) ? (code as number) : null,
      signal: typeof signal === 'string' ? signal : null,
    };
  }
  const diagnosis = decodeDiagnosis(data.diagnosis);
  if (diagnosis) state.diagnosis = diagnosis;
  return state;
}

/** The page's readers of the live log's events: the data as the map says, or undefined (the event is skipped). */
export const decodeServerLogEvent = {
  entry: decodeProtocolEntry,
  dropped: (data: unknown): { dropped: number } | undefined =>
    isPlainObject(data) && Number.isInteger(data.dropped) ? { dropped: data.dropped as number } : undefined,
  stderr: (data: unknown): { line: string } | undefined =>
    isPlainObject(data) && typeof data.line === 'string' ? { line: data.line } : undefined,
  state: decodeServerState,
} satisfies { [K in keyof ServerLogEventMap]: (data: unknown) => ServerLogEventMap[K] | undefined };
