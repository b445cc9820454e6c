import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ArgumentHistory, HISTORY_PER_TOOL, HISTORY_TOOLS } from '../../elements/tool-console/history.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('ArgumentHistory', () => {
  it('should keep recent arguments per tool, newest first, without repeats', () => {
    const history = new ArgumentHistory('h', memoryStorage());
    history.record('a', { x: 1 }, 1);
    history.record('a', { x: 2 }, 2);
    history.record('a', { x: 1 }, 3);
    history.record('b', { y: 1 }, 4);
    assert.deepEqual(history.entries('a'), [
      { arguments: { x: 1 }, at: 3 },
      { arguments: { x: 2 }, at: 2 },
    ]);
    assert.equal(history.entries('b').length, 1);
    assert.deepEqual(history.entries('none'), []);
  });

  it('should be bounded per tool and in tools, dropping the least recently used tool', () => {
    const storage = memoryStorage();
    const history = new ArgumentHistory('h', storage);
    for (let i = 0; i < HISTORY_PER_TOOL + 5; i++) history.record('a', { i });
    assert.equal(history.entries('a').length, HISTORY_PER_TOOL);
    for (let i = 0; i < HISTORY_TOOLS + 3; i++) history.record(`t${i}`, { i });
    assert.deepEqual(history.entries('a'), []);
    assert.equal(history.entries(`t${HISTORY_TOOLS + 2}`).length, 1);
    assert.equal(Object.keys(JSON.parse(storage.getItem('h')!)).length, HISTORY_TOOLS);
  });

  it('should survive corrupt, foreign and throwing storage', () => {
    for (const value of [
      '{not json',
      '[1,2]',
      'null',
      '{"a": "x", "b": [1, {"at": "no"}, {"at": 1, "arguments": {}}]}',
    ]) {
      const history = new ArgumentHistory('h', memoryStorage({ h: value }));
      assert.deepEqual(history.entries('a'), []);
      history.record('c', { ok: true });
      assert.equal(history.entries('c').length, 1);
    }
    assert.equal(
      new ArgumentHistory('h', memoryStorage({ h: '{"b":[{"at":1,"arguments":{}}]}' })).entries('b').length,
      1,
    );
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    const history = new ArgumentHistory('h', throwing);
    assert.doesNotThrow(() => history.record('a', { x: 1 }));
    assert.deepEqual(history.entries('a'), []);
    // No storage at all (blocked by the browser): recording still answers, nothing persists.
    const none = new ArgumentHistory('h', null);
    assert.equal(none.record('a', { x: 1 }).length, 1);
    assert.deepEqual(none.entries('a'), []);
  });

  it('should store only arguments, and skip arguments too large to keep', () => {
    const storage = memoryStorage();
    const history = new ArgumentHistory('h', storage);
    history.record('a', { big: 'x'.repeat(30_000) });
    assert.deepEqual(history.entries('a'), []);
    history.record('a', { q: 'hi' }, 5);
    assert.equal(storage.getItem('h'), '{"a":[{"arguments":{"q":"hi"},"at":5}]}');
  });

  it('should forget one tool', () => {
    const history = new ArgumentHistory('h', memoryStorage());
    history.record('a', { x: 1 });
    history.clear('a');
    assert.deepEqual(history.entries('a'), []);
  });
});
