// What a search keystroke finds: every word of the query, in any order, somewhere in a tool's name, title or
// description, ignoring case; tools keep their order. (search.test.ts also times the search on 10,000 tools.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchIndexes, queryTerms, searchKeys } from '../../elements/lib/search.js';

const tools = [
  { name: 'fs/read_file', title: 'Read File', description: 'Reads a file from disk' },
  { name: 'fs/write_file', description: 'Writes a FILE' },
  { name: 'weather', title: 'Weather now' },
  { name: 'notes/delete', description: 'Deletes a note. Undefined behaviour on read-only disks.' },
];
const keys = searchKeys(tools);

describe('search keys and queries', () => {
  it('keys each tool by its name, title and description in lowercase, missing parts left empty', () => {
    assert.deepEqual(keys, [
      'fs/read_file\u0000read file\u0000reads a file from disk',
      'fs/write_file\u0000\u0000writes a file',
      'weather\u0000weather now\u0000',
      'notes/delete\u0000\u0000deletes a note. undefined behaviour on read-only disks.',
    ]);
  });

  it('splits a query into lowercase words on any whitespace, dropping empty ones', () => {
    assert.deepEqual(queryTerms('\tRead  FILE\n'), ['read', 'file']);
    assert.deepEqual(queryTerms(''), []);
    assert.deepEqual(queryTerms('   '), []);
  });

  it('finds the tools containing every word, in their original order', () => {
    assert.deepEqual(matchIndexes(keys, 'file'), [0, 1]);
    assert.deepEqual(matchIndexes(keys, 'FILE write'), [1]);
    assert.deepEqual(matchIndexes(keys, 'disk'), [0, 3]);
    assert.deepEqual(matchIndexes(keys, 'now'), [2]);
    assert.deepEqual(matchIndexes(keys, 'undefined'), [3]);
    assert.deepEqual(matchIndexes(keys, 'file weather'), []);
  });

  it('finds every tool for an empty query and none in an empty list', () => {
    assert.deepEqual(matchIndexes(keys, ''), [0, 1, 2, 3]);
    assert.deepEqual(matchIndexes([], 'file'), []);
  });
});
