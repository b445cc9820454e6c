// With no storage given, the collection lives in the page's localStorage; a browser that blocks storage (reading
// `localStorage` throws) or has none leaves the calls unsaved, and says so.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { CollectionStore, exportText } from '../../elements/saved-calls/collection-store.js';
import type { CollectionFile } from '../../protocol/collections.js';

const file: CollectionFile = { version: 1, calls: [{ name: 'a', tool: 't', arguments: {} }] };

/** Gives the global scope a `localStorage` as a browser does: a getter, which may throw. */
function pageStorage(get: () => unknown) {
  Object.defineProperty(globalThis, 'localStorage', { get, configurable: true });
}

describe("CollectionStore: the page's own storage", () => {
  afterEach(() => delete (globalThis as { localStorage?: unknown }).localStorage);

  it("should keep the collection in the page's localStorage", () => {
    const items = new Map<string, string>();
    pageStorage(() => ({ getItem: (key: string) => items.get(key) ?? null, setItem: items.set.bind(items) }));
    assert.equal(new CollectionStore('k').write(file), undefined);
    assert.equal(items.get('k'), exportText(file));
    assert.deepEqual(new CollectionStore('k').read(), file);
  });

  it('should say the calls are not kept when the browser blocks storage, or has none', () => {
    pageStorage(() => {
      throw new Error('SecurityError: access is denied for this document');
    });
    assert.match(new CollectionStore('k').write(file)!, /^This browser keeps no storage for this page/);
    assert.deepEqual(new CollectionStore('k').read(), { version: 1, calls: [] });
    pageStorage(() => undefined);
    assert.match(new CollectionStore('k').write(file)!, /^This browser keeps no storage for this page/);
  });
});
