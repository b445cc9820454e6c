// Tool lookup that costs the same for 10 or 10,000 tools. A snapshot (name → tool Map, serialised answers) is built
// once per tools array and remembered by the array's identity: a static list is indexed once, and a provider that
// returns the same array gets the cache for free while one that returns a new array gets a fresh snapshot.
import { utf8Bytes } from '../platform/bytes.js';
import { HttpError } from '../http/http-error.js';
import { withinTimeLimit } from '../calls/time-limit.js';
import { toolDetail, toolSummary } from './tool-json.js';
import type { Logger, Tool, ToolsProvider } from '../../types.js';
import { isPromiseLike } from '../maybe-async.js';

export class CatalogSnapshot {
  readonly #byName = new Map<string, Tool>();
  readonly #detailJson = new Map<string, Uint8Array>();
  #summariesJson: Uint8Array | undefined;
  /** The array length when indexed: a cheap guard against an array mutated in place. */
  readonly length: number;

  constructor(tools: readonly Tool[], logger: Logger) {
    this.length = tools.length;
    for (const tool of tools) {
      const name = (tool as Partial<Tool> | null)?.name;
      if (typeof name !== 'string') {
        logger.warn('tool-console: ignoring a tool without a string name:', tool);
      } else if (this.#byName.has(name)) {
        logger.warn(`tool-console: ignoring a second tool named ${JSON.stringify(name)}`);
      } else {
        this.#byName.set(name, tool);
      }
    }
  }

  find(name: string): Tool | undefined {
    return this.#byName.get(name);
  }

  /** The `GET /tools` body, serialised on first use. */
  summariesJson(): Uint8Array {
    this.#summariesJson ??= utf8Bytes(JSON.stringify(Array.from(this.#byName.values(), toolSummary)));
    return this.#summariesJson;
  }

  /** The `GET /tools/{name}` body, serialised on first use; undefined for an unknown tool. */
  detailJson(name: string): Uint8Array | undefined {
    let json = this.#detailJson.get(name);
    if (json === undefined) {
      const tool = this.#byName.get(name);
      if (tool === undefined) return undefined;
      json = utf8Bytes(JSON.stringify(toolDetail(tool)));
      this.#detailJson.set(name, json);
    }
    return json;
  }
}

export class ToolCatalog {
  readonly #provider: ToolsProvider;
  readonly #logger: Logger;
  readonly #timeoutMs: number;
  readonly #snapshots = new WeakMap<readonly Tool[], CatalogSnapshot>();

  /** `timeoutMs` bounds the wait for an async provider (0: no limit). */
  constructor(provider: ToolsProvider, logger: Logger, timeoutMs: number) {
    this.#provider = provider;
    this.#logger = logger;
    this.#timeoutMs = timeoutMs;
  }

  /**
   * The current tools, synchronously when the provider is a list or a sync function. An async provider that has not
   * answered within the time limit gets a 504 that says so: every route that needs the tools waits here.
   */
  current(): CatalogSnapshot | Promise<CatalogSnapshot> {
    const provider = this.#provider;
    if (typeof provider !== 'function') return this.#snapshotOf(provider);
    const tools = provider();
    if (!isPromiseLike(tools)) return this.#snapshotOf(tools);
    const answered = withinTimeLimit(tools, this.#timeoutMs, () => this.#providerTimedOut());
    return answered.then((list) => this.#snapshotOf(list));
  }

  #providerTimedOut(): HttpError {
    const message = `The tools provider did not answer within ${this.#timeoutMs} ms.`;
    this.#logger.warn(`tool-console: the tools provider did not answer within ${this.#timeoutMs} ms (toolsTimeoutMs)`);
    // The message names only the console's own limit, so it may be shown: a 504 that says why.
    return new HttpError(504, message, undefined, true);
  }

  #snapshotOf(tools: readonly Tool[]): CatalogSnapshot {
    if (!Array.isArray(tools)) {
      throw new TypeError(`tool-console: the tools provider returned ${typeof tools}, expected an array of tools`);
    }
    let snapshot = this.#snapshots.get(tools);
    if (snapshot === undefined || snapshot.length !== tools.length) {
      snapshot = new CatalogSnapshot(tools, this.#logger);
      this.#snapshots.set(tools, snapshot);
    }
    return snapshot;
  }
}
