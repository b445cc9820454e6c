// One JSON-RPC message as the protocol log keeps it: when, which way, what kind, how big, how long its request took
// to be answered, and a copy of the message with the secrets blanked out. The page's view of the log reads these.

/** `sent`: from the console (the MCP client) to the server; `received`: from the server. */
export type ProtocolDirection = 'sent' | 'received';

export type ProtocolKind = 'request' | 'response' | 'error' | 'notification';

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

/** The whole log, as exported: what it holds, oldest first, and how many older messages it dropped. */
export interface ProtocolLogExport {
  dropped: number;
  entries: ProtocolEntry[];
}
