// The collection kept in the browser: stored in the CLI's file format under one key per backend; whatever else the
// storage holds reads as an empty collection, and a storage that refuses to keep it says so in words.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CollectionStore, collectionKey, exportText } from '../../elements/saved-calls/collection-store.js';
import { addDraft, freeName } from '../../elements/saved-calls/save-draft.js';
import { parseCollection, type CollectionFile } from '../../protocol/collections.js';

function memory(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

const file: CollectionFile = { version: 1, calls: [{ name: 'a', tool: 't', arguments: { x: [1, { y: null }] } }] };

describe('CollectionStore', () => {
  it('should keep the collection as the exact file the CLI reads, one key per backend', () => {
    const storage = memory();
    const key = collectionKey('http://h/api/tools');
    assert.equal(new CollectionStore(key, storage).write(file), undefined);
    const stored = storage.items.get('tool-console:collection:http://h/api/tools')!;
    assert.equal(stored, exportText(file));
    assert.deepEqual(parseCollection(stored), { ok: true, collection: file });
    assert.deepEqual(new CollectionStore(key, storage).read(), file);
    assert.deepEqual(new CollectionStore(collectionKey('http://other/tools'), storage).read().calls, []);
  });

  it('should read garbage, another version or a blocked storage as an empty collection', () => {
    for (const text of ['not json', '{"version":2,"calls":[]}', '[]', '{"version":1,"calls":[{"name":1}]}']) {
      assert.deepEqual(new CollectionStore('k', memory({ k: text })).read(), { version: 1, calls: [] }, text);
    }
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    assert.deepEqual(new CollectionStore('k', blocked).read(), { version: 1, calls: [] });
  });

  it('should say why a full storage, or none, did not keep the collection', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    assert.equal(
      new CollectionStore('k', full).write(file),
      'The browser refused to keep the saved calls (QuotaExceededError).',
    );
    assert.match(new CollectionStore('k', null).write(file)!, /keeps no storage for this page/);
  });
});

describe('Save call drafts', () => {
  const draft = { name: 'b', noError: true, outputSchema: false, pointer: '', how: 'equals' as const, value: '' };

  it('should name a new call after its tool, numbered when taken', () => {
    assert.equal(freeName({ version: 1, calls: [] }, 't'), 't');
    assert.equal(
      freeName(
        {
          version: 1,
          calls: [
            { name: 't', tool: 't', arguments: {} },
            { name: 't 2', tool: 't', arguments: {} },
          ],
        },
        't',
      ),
      't 3',
    );
  });

  it('should add a call with its expectations, values as JSON when they parse', () => {
    const added = addDraft(file, 't', { q: 1 }, { ...draft, pointer: '/structuredContent/n', value: '5' });
    assert.ok('collection' in added);
    assert.deepEqual(added.collection.calls[1], {
      name: 'b',
      tool: 't',
      arguments: { q: 1 },
      expect: [{ isError: false }, { pointer: '/structuredContent/n', equals: 5 }],
    });
  });

  it('should refuse what the file format refuses, saying where', () => {
    assert.deepEqual(addDraft(file, 't', {}, { ...draft, name: ' ' }), {
      problems: ['calls/1/name: must be a non-empty string'],
    });
    const badPattern = addDraft(file, 't', {}, { ...draft, pointer: '/x', how: 'matches', value: '(' });
    assert.ok(
      'problems' in badPattern &&
        /^calls\/1\/expect\/1\/matches: not a regular expression/.test(badPattern.problems[0]!),
    );
    assert.deepEqual(addDraft(file, 't', [1], draft), {
      problems: ["calls/1/arguments: must be an object (the tool's arguments)"],
    });
  });
});
