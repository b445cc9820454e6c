// A list the server gives page by page (MCP's cursor): the first page is shown as soon as it arrives, the following
// ones are fetched in the background and appended, each page one request. Loading again (the server said the list
// changed) keeps the old list on screen until the new first page replaces it.
import { ApiError } from '../api.js';
import type { CatalogItem } from '../catalog-list/catalog-list.js';

export interface Page<T> {
  entries: T[];
  nextCursor?: string;
}

export type FetchPage<T> = (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>;

export class CursorPagedList<T> {
  /** The entries as listed so far, each as a list item (a new array whenever it changes). */
  // Stryker disable next-line ArrayDeclaration: read once a page came or failed (status first till then): set then
  items: CatalogItem[] = [];
  /** The server's entry for each item key. */
  byKey = new Map<string, T>();
  /** Nothing asked yet; the first page on its way; further pages on their way; all here; the first page failed. */
  status: 'idle' | 'first' | 'more' | 'done' | 'failed' = 'idle';
  /** Why the first page (`failed`) or a later page (`done`, some items) could not be loaded. */
  error: unknown;
  private abort: AbortController | undefined;

  constructor(
    private readonly toItem: (entry: T) => CatalogItem | null,
    private readonly changed: () => void,
  ) {}

  /** Loads the list from its first page, dropping a load underway. A backend without the list (404) has none. */
  load(fetchPage: FetchPage<T>): void {
    this.stop();
    const abort = (this.abort = new AbortController());
    this.status = this.status === 'idle' || this.status === 'failed' ? 'first' : this.status;
    this.error = undefined;
    void this.run(fetchPage, abort.signal);
  }

  stop(): void {
    this.abort?.abort();
  }

  private async run(fetchPage: FetchPage<T>, signal: AbortSignal): Promise<void> {
    let items: CatalogItem[] = [];
    const byKey = new Map<string, T>();
    const cursors = new Set<unknown>();
    let cursor: string | undefined;
    try {
      do {
        const page = await fetchPage(cursor, signal);
        if (signal.aborted) return;
        const added: CatalogItem[] = [];
        for (const entry of page.entries) {
          const item = this.toItem(entry);
          // The first of two entries with one key wins: a key opens one thing.
          if (item && !byKey.has(item.key)) {
            byKey.set(item.key, entry);
            added.push(item);
          }
        }
        items = items.concat(added);
        // A server that hands back a cursor it gave before would page forever: its list ends there.
        const next = page.nextCursor;
        cursor = typeof next === 'string' && next !== '' && !cursors.has(next) ? next : undefined;
        cursors.add(next);
        this.items = items;
        this.byKey = byKey;
        this.status = cursor === undefined ? 'done' : 'more';
        this.changed();
      } while (cursor !== undefined);
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.status === 404 && items.length === 0) {
        this.items = [];
        this.byKey = byKey;
        this.status = 'done';
      } else {
        this.error = error;
        this.status = items.length ? 'done' : 'failed';
      }
      this.changed();
    }
  }
}
