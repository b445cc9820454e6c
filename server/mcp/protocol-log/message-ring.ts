// The protocol log: every JSON-RPC message between the console and the MCP server, both ways, in a bounded ring (the
// last 2,000 messages or 5 MB, whichever is less; the oldest dropped, and counted), with live subscribers. Requests are
// paired with their responses to give each response its round-trip time. Each message is copied with the secrets
// blanked out before it is kept, so nothing read from the log can carry one.
import type { ProtocolDirection, ProtocolEntry, ProtocolKind, ProtocolLogExport } from './protocol-entry.js';
import { redactMessage } from './redact-message.js';

export interface ProtocolLogLimits {
  /** Most messages kept (default 2,000). */
  maxEntries?: number;
  /** Most bytes of kept messages, as JSON (default 5 MB). */
  maxBytes?: number;
}

/** Requests still waiting for their answer, per direction; a server that never answers cannot grow this for ever. */
const MAX_PENDING = 1000;

type Pending = Map<string | number, { method: string; time: number }>;

export class MessageRing {
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #secrets: () => readonly string[];
  readonly #entries: ProtocolEntry[] = [];
  /** Sizes of the kept copies, as the byte limit counts them. */
  readonly #sizes = new WeakMap<ProtocolEntry, number>();
  #bytes = 0;
  #dropped = 0;
  #seq = 0;
  readonly #listeners = new Set<(entry: ProtocolEntry) => void>();
  /** Requests awaiting an answer, by the direction they went. */
  readonly #pending: Record<ProtocolDirection, Pending> = { sent: new Map(), received: new Map() };

  /** `secrets` is asked for each message: OAuth tokens change while the log runs. */
  constructor(secrets: () => readonly string[], limits: ProtocolLogLimits = {}) {
    this.#secrets = secrets;
    this.#maxEntries = limits.maxEntries ?? 2000;
    this.#maxBytes = limits.maxBytes ?? 5 * 1024 * 1024;
  }

  /** How many of the oldest messages were dropped to keep within the limits. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Keeps one message that went `direction`, and tells the subscribers. */
  record(direction: ProtocolDirection, message: unknown, time = Date.now()): ProtocolEntry {
    const text = JSON.stringify(message) ?? 'null';
    const size = Buffer.byteLength(text);
    const fields = this.#describe(direction, message, time);
    let copy: unknown = redactMessage(message, this.#secrets());
    let kept = Buffer.byteLength(JSON.stringify(copy) ?? 'null');
    if (kept > this.#maxBytes) {
      copy = `[a message of ${size} bytes, larger than the whole log]`;
      kept = Buffer.byteLength(JSON.stringify(copy));
    }
    const entry: ProtocolEntry = { seq: ++this.#seq, time, direction, ...fields, size, message: copy };
    this.#entries.push(entry);
    this.#sizes.set(entry, kept);
    this.#bytes += kept;
    while (this.#entries.length > this.#maxEntries || this.#bytes > this.#maxBytes) this.#dropOldest();
    for (const listener of this.#listeners) listener(entry);
    return entry;
  }

  #dropOldest(): void {
    const oldest = this.#entries.shift()!;
    this.#bytes -= this.#sizes.get(oldest) ?? 0;
    this.#dropped++;
  }

  /** Kind, method and id; for a response, its request's method and the round trip since it went. */
  #describe(direction: ProtocolDirection, message: unknown, time: number) {
    const fields = (typeof message === 'object' && message !== null ? message : {}) as Record<string, unknown>;
    const id = typeof fields.id === 'string' || typeof fields.id === 'number' ? fields.id : undefined;
    const method = typeof fields.method === 'string' ? fields.method : undefined;
    if (method !== undefined) {
      const kind: ProtocolKind = id === undefined ? 'notification' : 'request';
      if (kind === 'request') this.#await(direction, id!, method, time);
      return { kind, method, ...(id !== undefined && { id }) };
    }
    const kind: ProtocolKind = 'error' in fields ? 'error' : 'response';
    // An answer goes the other way from its request.
    const pending = this.#pending[direction === 'sent' ? 'received' : 'sent'];
    const request = id === undefined ? undefined : pending.get(id);
    if (request) pending.delete(id!);
    return {
      kind,
      ...(request && { method: request.method }),
      ...(id !== undefined && { id }),
      ...(request && { rttMs: time - request.time }),
    };
  }

  #await(direction: ProtocolDirection, id: string | number, method: string, time: number): void {
    const pending = this.#pending[direction];
    pending.set(id, { method, time });
    if (pending.size > MAX_PENDING) pending.delete(pending.keys().next().value!);
  }

  /** The kept messages, oldest first. */
  entries(): ProtocolEntry[] {
    return [...this.#entries];
  }

  /** What the server told the console unasked (log messages, progress, list changes, ...), newest first. */
  notifications(): ProtocolEntry[] {
    return this.#entries.filter((entry) => entry.direction === 'received' && entry.kind === 'notification').reverse();
  }

  /** Calls `listener` with each message recorded from now on; returns the function that stops it. */
  subscribe(listener: (entry: ProtocolEntry) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The whole log, for export as JSON. */
  toJSON(): ProtocolLogExport {
    return { dropped: this.#dropped, entries: this.entries() };
  }

  /** A new connection: its ids start again, so requests of the last one can no longer be answered. */
  forgetPending(): void {
    this.#pending.sent.clear();
    this.#pending.received.clear();
  }
}
