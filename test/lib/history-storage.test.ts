// What the argument history keeps in and reads back from storage it does not control: only well-formed entries,
// never more than its limits, the page's localStorage by default, and nothing at all when storage is blocked.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { ArgumentHistory, HISTORY_MAX_ENTRY_CHARS, HISTORY_PER_TOOL } from '../../elements/tool-console/history.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

const valid = { at: 2, arguments: { k: 1 } };

describe('history read from storage', () => {
  it('keeps only entries with a numeric time and object arguments', () => {
    const stored = [
      1,
      null,
      'x',
      [],
      { at: 'no', arguments: {} },
      { at: 1 },
      { at: 1, arguments: null },
      { at: 1, arguments: [] },
      { at: 1, arguments: 'x' },
      { arguments: {} },
      valid,
    ];
    const history = new ArgumentHistory('h', memoryStorage({ h: JSON.stringify({ b: stored }) }));
    assert.deepEqual(history.entries('b'), [valid]);
  });

  it('keeps the first entries up to the limit per tool', () => {
    const stored = Array.from({ length: HISTORY_PER_TOOL + 2 }, (_, i) => ({ at: i, arguments: { i } }));
    const entries = new ArgumentHistory('h', memoryStorage({ h: JSON.stringify({ b: stored }) })).entries('b');
    assert.equal(entries.length, HISTORY_PER_TOOL);
    assert.deepEqual(entries[0], { at: 0, arguments: { i: 0 } });
  });

  it('reads a stored array as no history at all', () => {
    const history = new ArgumentHistory('h', memoryStorage({ h: JSON.stringify([[valid]]) }));
    assert.deepEqual(history.entries('0'), []);
  });
});

describe('history recorded', () => {
  it('answers with the list as stored, at most the limit', () => {
    const history = new ArgumentHistory('h', memoryStorage());
    let latest: unknown[] = [];
    for (let i = 0; i < HISTORY_PER_TOOL + 1; i++) latest = history.record('a', { i }, i);
    assert.equal(latest.length, HISTORY_PER_TOOL);
    assert.deepEqual(latest[0], { arguments: { i: HISTORY_PER_TOOL }, at: HISTORY_PER_TOOL });
  });

  it('keeps arguments of exactly the size limit and skips one character more', () => {
    const padding = HISTORY_MAX_ENTRY_CHARS - JSON.stringify({ x: '' }).length;
    const history = new ArgumentHistory('h', memoryStorage());
    assert.equal(history.record('a', { x: 'a'.repeat(padding) }).length, 1);
    assert.equal(history.record('b', { x: 'a'.repeat(padding + 1) }).length, 0);
  });

  it('skips arguments JSON cannot hold', () => {
    const history = new ArgumentHistory('h', memoryStorage());
    assert.deepEqual(history.record('a', undefined as never), []);
    assert.deepEqual(history.entries('a'), []);
  });
});

describe('history storage by default', () => {
  const globals = globalThis as { localStorage?: unknown };
  afterEach(() => {
    delete globals.localStorage;
  });

  it('uses the page localStorage', () => {
    const storage = memoryStorage();
    globals.localStorage = storage;
    new ArgumentHistory('h').record('a', { x: 1 }, 1);
    assert.equal(storage.getItem('h'), '{"a":[{"arguments":{"x":1},"at":1}]}');
  });

  it('works without persisting when reading localStorage throws (storage blocked)', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('The operation is insecure.');
      },
    });
    const history = new ArgumentHistory('h');
    assert.equal(history.record('a', { x: 1 }).length, 1);
    assert.deepEqual(history.entries('a'), []);
  });
});
