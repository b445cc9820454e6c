import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchIndexes, queryTerms, searchKeys } from '../../elements/lib/search.js';

const tools = [
  { name: 'get_weather', title: 'Weather', description: 'Forecast for a CITY' },
  { name: 'fs/read', description: 'Reads a file' },
  { name: 'Echo', title: 'Say it back', description: 'Echoes the text' },
];
const keys = searchKeys(tools);

describe('search', () => {
  it('should match name, title and description case-insensitively', () => {
    assert.deepEqual(matchIndexes(keys, 'WEATHER'), [0]);
    assert.deepEqual(matchIndexes(keys, 'city'), [0]);
    assert.deepEqual(matchIndexes(keys, 'say'), [2]);
    assert.deepEqual(matchIndexes(keys, 'fs/'), [1]);
  });

  it('should require every word and match everything for an empty query', () => {
    assert.deepEqual(matchIndexes(keys, 'echo text'), [2]);
    assert.deepEqual(matchIndexes(keys, 'echo file'), []);
    assert.deepEqual(matchIndexes(keys, '   '), [0, 1, 2]);
    assert.deepEqual(queryTerms('  A  b '), ['a', 'b']);
  });

  it('should not match across field boundaries', () => {
    assert.deepEqual(matchIndexes(keys, 'weatherweather'), []);
  });

  it('should tolerate a description that is not a string', () => {
    assert.deepEqual(searchKeys([{ name: 'x', description: 42 as unknown as string }]), ['x\u0000\u0000']);
  });

  // How fast a keystroke is, in the browser, is the page bench's to measure (README, "Size and speed"); a timing
  // assertion here would flake in a parallel test run.
  it('should find every match among 10,000 tools, and only those', () => {
    const many = searchKeys(
      Array.from({ length: 10_000 }, (_, i) => ({ name: `ns${i % 50}/tool_${i}`, description: `Does thing ${i}` })),
    );
    const expected = Array.from({ length: 10_000 }, (_, i) => i).filter((i) => String(i).includes('99'));
    assert.deepEqual(matchIndexes(many, 'thing 99'), expected);
    assert.deepEqual(matchIndexes(many, 'NS7/ tool_9999'), []);
    assert.deepEqual(matchIndexes(many, 'ns49/ tool_9999'), [9999]);
  });
});
