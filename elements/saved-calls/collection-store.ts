// The console's collection of saved calls, kept in localStorage under one key per backend (as the recent arguments
// are), in the very file format `tool-console run` reads (protocol/collections.ts), so export is a copy of what is
// stored. Only tool names, arguments, expectations and names are kept: never the token or a header the page holds.
// Storage may be missing, full, disabled or hold anything at all: a stored value that does not parse reads as empty.
import { parseCollection, type CollectionFile } from '../../protocol/collections.js';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** The storage key of the collection of the backend whose tools live at `toolsUrl`. */
export const collectionKey = (toolsUrl: string) => `tool-console:collection:${toolsUrl}`;

export class CollectionStore {
  constructor(
    private readonly key: string,
    private readonly storage: StorageLike | null = defaultStorage(),
  ) {}

  /** The stored collection, or an empty one. */
  read(): CollectionFile {
    let text: string | null = null;
    try {
      // Stryker disable next-line OptionalChaining: with no storage this throws: caught, as nothing stored
      text = this.storage?.getItem(this.key) ?? null;
    } catch {
      // Blocked storage reads as nothing stored.
    }
    const parsed = text === null ? undefined : parseCollection(text);
    return parsed?.ok ? parsed.collection : { version: 1, calls: [] };
  }

  /** Stores `collection`; answers why it could not (full or disabled storage), or undefined. */
  write(collection: CollectionFile): string | undefined {
    try {
      if (!this.storage) return 'This browser keeps no storage for this page: saved calls last until it is closed.';
      this.storage.setItem(this.key, exportText(collection));
      return undefined;
    } catch (error) {
      return `The browser refused to keep the saved calls (${error instanceof Error ? error.message : String(error)}).`;
    }
  }
}

/** The file as exported and stored: JSON, two-space indented, ending with a newline. */
export function exportText(collection: CollectionFile): string {
  return `${JSON.stringify(collection, null, 2)}\n`;
}

function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } /* Stryker disable next-line BlockStatement: empty, it answers undefined: no storage too */ catch {
    // Some browsers throw on merely reading localStorage when storage is blocked.
    return null;
  }
}
