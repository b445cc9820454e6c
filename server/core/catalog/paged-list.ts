// A list the console shows besides the tools (resources, resource templates, prompts), one page per request: a host's
// static array is one page, serialised once per array; a host's function is asked for the page the request's
// `?cursor=` names (the MCP bridge passes it to the server's `*/list` as it is), so no request loads the whole list.
// Every page is a discovery answer like `GET /tools`: an ETag from its content, 304, compression.
import { cachedJsonReply, type CachedReply } from '../http/cached-reply.js';
import type { ConsoleRequest } from '../http/console-request.js';
import { HttpError } from '../http/http-error.js';
import { hostFailed } from '../calls/host-action.js';
import { andThen, isPromiseLike, type MaybeAsync } from '../maybe-async.js';
import type { Answer } from '../http/negotiate-reply.js';
import { utf8Bytes } from '../platform/bytes.js';
import { jsonReply } from '../http/reply.js';
import { withinTimeLimit } from '../calls/time-limit.js';
import { isPlainObject } from '../../../protocol/is-plain-object.js';
import type { ListPageRequest, Logger } from '../../types.js';

/** The pages a `find` walks at most: enough for any real list, and a bound on a provider that never ends. */
const MAX_FOUND_PAGES = 100;

/** What one list is: the key of its page's array, and how its entries are checked. */
export interface ListKind<Item> {
  /** `resources`, `resourceTemplates`, `prompts`: the page's array, and the option's name. */
  readonly key: string;
  /** The entry as the API shows it, or undefined for one that is not an entry (left out, with a warning). */
  summary(entry: unknown): Item | undefined;
  /** The entry's name, by which `find` looks it up. */
  name(item: Item): string;
}

type PageFunction = (page: ListPageRequest, req: never) => unknown;

/** One page as served: its entries and the cursor of the next, and its serialised answer (made on first use). */
class ListPage<Item> {
  #reply: CachedReply | undefined;
  constructor(
    readonly key: string,
    readonly items: readonly Item[],
    readonly nextCursor: string | undefined,
  ) {}

  reply(): CachedReply {
    // JSON leaves out an undefined nextCursor: the last page names none.
    const body = { [this.key]: this.items, nextCursor: this.nextCursor };
    this.#reply ??= cachedJsonReply(utf8Bytes(JSON.stringify(body)));
    return this.#reply;
  }
}

/** The cursor a request names (`?cursor=`), or undefined for the first page. */
export function cursorOf(request: ConsoleRequest): string | undefined {
  const query = request.url.indexOf('?');
  if (query === -1) return undefined;
  const cursor = new URLSearchParams(request.url.slice(query + 1)).get('cursor');
  return cursor === null || cursor === '' ? undefined : cursor;
}

export class PagedList<Item> {
  readonly #provider: readonly unknown[] | PageFunction;
  readonly #kind: ListKind<Item>;
  readonly #logger: Logger;
  readonly #timeoutMs: number;
  /** A static array's one page, by the array's identity (a host may hand the same array to two consoles). */
  #staticPage: { array: readonly unknown[]; page: ListPage<Item>; byName: Map<string, Item> } | undefined;

  /** `timeoutMs`: how long a function is waited for (`toolsTimeoutMs`; 0: for ever). */
  constructor(provider: readonly unknown[] | PageFunction, kind: ListKind<Item>, logger: Logger, timeoutMs: number) {
    this.#provider = provider;
    this.#kind = kind;
    this.#logger = logger;
    this.#timeoutMs = timeoutMs;
  }

  /** The answer to `GET /{list}[?cursor=]`. */
  answer(request: ConsoleRequest): MaybeAsync<Answer> {
    return andThen(this.page(cursorOf(request), request), (page) => (page instanceof ListPage ? page.reply() : page));
  }

  /** The page `cursor` names, or (for a provider that failed) the answer that says why. */
  page(cursor: string | undefined, request: ConsoleRequest): MaybeAsync<ListPage<Item> | Answer> {
    const provider = this.#provider;
    if (typeof provider !== 'function') {
      if (cursor !== undefined) {
        throw new HttpError(
          400,
          `The ${this.#kind.key} list has one page; the cursor ${JSON.stringify(cursor)} is not one it gave.`,
        );
      }
      return this.#static(provider).page;
    }
    const { key } = this.#kind;
    let result: unknown;
    try {
      result = provider(cursor === undefined ? {} : { cursor }, request.raw as never);
    } catch (error) {
      return hostFailed(error, `listing ${key}`, this.#logger);
    }
    if (!isPromiseLike(result)) return this.#pageOf(result);
    const late = () => {
      this.#logger.warn(
        `tool-console: the ${key} provider did not answer within ${this.#timeoutMs} ms (toolsTimeoutMs)`,
      );
      return new HttpError(504, `The ${key} provider did not answer within ${this.#timeoutMs} ms.`, undefined, true);
    };
    return withinTimeLimit(result, this.#timeoutMs, late).then(
      (answered) => this.#pageOf(answered),
      (error: unknown) => {
        if (error instanceof HttpError) throw error;
        return hostFailed(error, `listing ${key}`, this.#logger);
      },
    );
  }

  /**
   * The entry named `name`: looked up in a static array, or found by walking a function's pages (at most
   * MAX_FOUND_PAGES of them). An answer when the provider failed.
   */
  async find(name: string, request: ConsoleRequest): Promise<Item | undefined | Answer> {
    const provider = this.#provider;
    if (typeof provider !== 'function') return this.#static(provider).byName.get(name);
    let cursor: string | undefined;
    for (let count = 0; count < MAX_FOUND_PAGES; count++) {
      const page = await this.page(cursor, request);
      if (!(page instanceof ListPage)) return page;
      const found = page.items.find((item) => this.#kind.name(item) === name);
      if (found !== undefined || page.nextCursor === undefined || page.nextCursor === cursor) return found;
      cursor = page.nextCursor;
    }
    return undefined;
  }

  #static(array: readonly unknown[]) {
    if (this.#staticPage?.array !== array) {
      const items = this.#entries(array);
      const byName = new Map<string, Item>();
      for (const item of items) if (!byName.has(this.#kind.name(item))) byName.set(this.#kind.name(item), item);
      this.#staticPage = { array, page: new ListPage(this.#kind.key, items, undefined), byName };
    }
    return this.#staticPage;
  }

  #pageOf(result: unknown): ListPage<Item> | Answer {
    const { key } = this.#kind;
    const entries = isPlainObject(result) ? result[key] : undefined;
    if (!Array.isArray(entries)) {
      this.#logger.warn(`tool-console: the ${key} provider returned no {${key}: [...]}:`, result);
      return jsonReply(502, { error: `The ${key} provider returned no {"${key}": [...]}.` });
    }
    const next = (result as { nextCursor?: unknown }).nextCursor;
    return new ListPage(key, this.#entries(entries), typeof next === 'string' && next !== '' ? next : undefined);
  }

  #entries(entries: readonly unknown[]): Item[] {
    const items: Item[] = [];
    for (const entry of entries) {
      const item = this.#kind.summary(entry);
      if (item === undefined)
        this.#logger.warn(`tool-console: ignoring an entry of ${this.#kind.key} that is not one:`, entry);
      else items.push(item);
    }
    return items;
  }
}
