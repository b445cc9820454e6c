// What "Save call" keeps: exactly the expectations the user ticked, in the order of the file (isError, outputSchema,
// then the pointer's), and none at all (no `expect` key) when nothing is ticked and no pointer is given.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDraft, type SaveDraft } from '../../elements/saved-calls/save-draft.js';
import type { CollectionFile } from '../../protocol/collections.js';

const empty: CollectionFile = { version: 1, calls: [] };
const none: SaveDraft = { name: ' sum ', noError: false, outputSchema: false, pointer: '', how: 'equals', value: '' };

/** The call `draft` adds to an empty collection. */
function saved(draft: Partial<SaveDraft>) {
  const added = addDraft(empty, 'sum', { a: 1 }, { ...none, ...draft });
  assert.ok('collection' in added, JSON.stringify(added));
  return added.collection.calls[0];
}

describe('Save call: the expectations kept', () => {
  it('should keep no expectations, and no expect key, when none is asked for', () => {
    assert.deepEqual(saved({}), { name: 'sum', tool: 'sum', arguments: { a: 1 } });
    // A value or a way of matching without a pointer is no expectation either.
    assert.deepEqual(saved({ value: '5', how: 'matches' }), { name: 'sum', tool: 'sum', arguments: { a: 1 } });
  });

  it('should keep each ticked expectation on its own', () => {
    assert.deepEqual(saved({ noError: true }).expect, [{ isError: false }]);
    assert.deepEqual(saved({ outputSchema: true }).expect, [{ outputSchema: true }]);
    assert.deepEqual(saved({ pointer: '/content/0/text', how: 'matches', value: '^\\d+$' }).expect, [
      { pointer: '/content/0/text', matches: '^\\d+$' },
    ]);
  });

  it('should keep all of them in order, a value that is not JSON as a string', () => {
    assert.deepEqual(saved({ noError: true, outputSchema: true, pointer: '/structuredContent/word', value: 'five' }), {
      name: 'sum',
      tool: 'sum',
      arguments: { a: 1 },
      expect: [{ isError: false }, { outputSchema: true }, { pointer: '/structuredContent/word', equals: 'five' }],
    });
  });
});
