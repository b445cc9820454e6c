// Recent arguments per tool, kept in localStorage so they survive a reload. Only tool names and arguments are
// stored, never the token or a header. Storage may be missing, full, disabled or hold anything at all (another
// version, another script): every read is validated and every failure leaves the console working.

export interface HistoryEntry {
  /** The arguments of the call, as sent. */
  arguments: Record<string, unknown>;
  /** When it ran, in milliseconds since the epoch. */
  at: number;
}

/** Entries kept per tool. */
export const HISTORY_PER_TOOL = 10;
/** Tools kept; the least recently used are dropped first. */
export const HISTORY_TOOLS = 50;
/** Arguments larger than this (serialised) are not kept, so one big call cannot fill the storage. */
export const HISTORY_MAX_ENTRY_CHARS = 20_000;

type Store = Record<string, HistoryEntry[]>;

function isEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as HistoryEntry;
  return (
    typeof entry.at === 'number' &&
    typeof entry.arguments === 'object' &&
    entry.arguments !== null &&
    !Array.isArray(entry.arguments)
  );
}

/** Per-tool history in one storage key (one per backend, so two consoles on one origin do not mix). */
export class ArgumentHistory {
  constructor(
    private readonly key: string,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null = defaultStorage(),
  ) {}

  /** The tool's recent arguments, newest first. */
  entries(tool: string): HistoryEntry[] {
    const list = this.read().get(tool);
    return list ? [...list] : [];
  }

  /** Records a call; an identical earlier entry moves to the top instead of repeating. */
  record(tool: string, args: Record<string, unknown>, at = Date.now()): HistoryEntry[] {
    const serialised = JSON.stringify(args);
    if (serialised === undefined || serialised.length > HISTORY_MAX_ENTRY_CHARS) return this.entries(tool);
    const store = this.read();
    const previous = (store.get(tool) ?? []).filter((entry) => JSON.stringify(entry.arguments) !== serialised);
    const list = [{ arguments: JSON.parse(serialised) as Record<string, unknown>, at }, ...previous].slice(
      0,
      HISTORY_PER_TOOL,
    );
    // Re-inserting moves the tool to the end of the Map: the front holds the least recently used.
    store.delete(tool);
    store.set(tool, list);
    while (store.size > HISTORY_TOOLS) store.delete(store.keys().next().value as string);
    this.write(store);
    return [...list];
  }

  /** Forgets one tool's history. */
  clear(tool: string): void {
    const store = this.read();
    if (store.delete(tool)) this.write(store);
  }

  private read(): Map<string, HistoryEntry[]> {
    const store = new Map<string, HistoryEntry[]>();
    let parsed: unknown;
    try {
      // Stryker disable next-line OptionalChaining,StringLiteral: no storage and nothing stored both read as empty
      parsed = JSON.parse(this.storage?.getItem(this.key) ?? '{}');
    } /* Stryker disable next-line BlockStatement: empty, it leaves `parsed` undefined: read as empty too */ catch {
      return store;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return store;
    for (const [tool, list] of Object.entries(parsed as Store)) {
      if (Array.isArray(list)) store.set(tool, list.filter(isEntry).slice(0, HISTORY_PER_TOOL));
    }
    return store;
  }

  private write(store: Map<string, HistoryEntry[]>): void {
    try {
      // Stryker disable next-line OptionalChaining: without storage the throw is caught, as a full storage's is
      this.storage?.setItem(this.key, JSON.stringify(Object.fromEntries(store)));
    } catch {
      // Full or disabled storage: the history is a convenience, the call itself already happened.
    }
  }
}

function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } /* Stryker disable next-line BlockStatement: empty, it answers undefined: no storage too */ catch {
    // Some browsers throw on merely reading localStorage when storage is blocked.
    return null;
  }
}
