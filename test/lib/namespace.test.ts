import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupByNamespace, namespaceOf } from '../../elements/tool-list/namespace.js';

describe('namespaceOf', () => {
  it('should take the part before the first / or .', () => {
    assert.equal(namespaceOf('github/create_issue'), 'github');
    assert.equal(namespaceOf('fs.read.file'), 'fs');
    assert.equal(namespaceOf('a.b/c'), 'a');
  });

  it('should give no namespace to plain, leading-separator and trailing-separator names', () => {
    assert.equal(namespaceOf('echo'), '');
    assert.equal(namespaceOf('.hidden'), '');
    assert.equal(namespaceOf('/root'), '');
    assert.equal(namespaceOf('version.'), '');
  });
});

describe('groupByNamespace', () => {
  it('should group in order of first appearance, plain names first', () => {
    const names = ['b/one', 'echo', 'a.two', 'b/three', 'add'];
    const groups = groupByNamespace(names, (name) => name);
    assert.deepEqual(groups, [
      { name: '', items: ['echo', 'add'] },
      { name: 'b', items: ['b/one', 'b/three'] },
      { name: 'a', items: ['a.two'] },
    ]);
  });

  it('should give no groups for no items', () => {
    assert.deepEqual(groupByNamespace([], String), []);
  });
});
