import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildRows, groupNames, movedActive, visibleRange } from '../../elements/tool-list/list-window.js';

const heights = { group: 10, tool: 20 };

describe('list-window', () => {
  it('should group by namespace with headers and counts, plain names first', () => {
    const grouping = groupNames(['b/x', 'echo', 'a.y', 'b/z']);
    assert.deepEqual(grouping.names, ['', 'b', 'a']);
    const model = buildRows([0, 1, 2, 3], grouping, heights);
    assert.deepEqual(
      model.rows.map((row) => `${row.kind}:${row.group}:${row.value}`),
      ['group:0:1', 'tool:0:1', 'group:1:2', 'tool:1:0', 'tool:1:3', 'group:2:1', 'tool:2:2'],
    );
    assert.deepEqual(model.toolRows, [1, 3, 4, 6]);
    assert.deepEqual([...model.offsets], [0, 10, 30, 40, 60, 80, 90, 110]);
  });

  it('should leave out headers when no tool has a namespace, and empty groups always', () => {
    const plain = buildRows([0, 1], groupNames(['a', 'b']), heights);
    assert.deepEqual(
      plain.rows.map((row) => row.kind),
      ['tool', 'tool'],
    );
    const filtered = buildRows([1], groupNames(['x/a', 'y/b']), heights);
    assert.deepEqual(
      filtered.rows.map((row) => row.kind),
      ['group', 'tool'],
    );
  });

  it('should order groups by their first match for ranked results', () => {
    const grouping = groupNames(['notes', 'git/log', 'jira/work', 'jira/worklog']);
    const ranked = buildRows([2, 0, 3], grouping, heights, 'matches');
    assert.deepEqual(
      ranked.rows.map((row) => `${row.kind}:${row.group}:${row.value}`),
      ['group:2:2', 'tool:2:2', 'tool:2:3', 'group:0:1', 'tool:0:0'],
    );
    const byName = buildRows([2, 0, 3], grouping, heights);
    assert.deepEqual(
      byName.rows.map((row) => row.group),
      [0, 0, 2, 2, 2],
    );
  });

  it('should put the tools meant only for tool UIs in a last group of their own, even for ranked results', () => {
    const grouping = groupNames(['fs/submit', 'echo', 'fs/read', 'poll'], [true, false, false, true]);
    assert.deepEqual(grouping.names, ['', 'fs', 'For tool UIs']);
    assert.equal(grouping.appGroup, 2);
    assert.deepEqual([...grouping.of], [2, 0, 1, 2]);
    const ranked = buildRows([0, 3, 2, 1], grouping, heights, 'matches');
    assert.deepEqual(
      ranked.rows.map((row) => `${row.kind}:${row.group}:${row.value}`),
      ['group:1:1', 'tool:1:2', 'group:0:1', 'tool:0:1', 'group:2:2', 'tool:2:0', 'tool:2:3'],
    );
    assert.equal(groupNames(['a', 'b'], [false, false]).appGroup, -1);
  });

  it('should find the rows in view, with overscan, by binary search', () => {
    const model = buildRows(
      [...Array(1000).keys()],
      groupNames(Array.from({ length: 1000 }, (_, i) => `t${i}`)),
      heights,
    );
    assert.deepEqual(visibleRange(model.offsets, 0, 100, 0), [0, 5]);
    assert.deepEqual(visibleRange(model.offsets, 1005, 100, 2), [48, 58]);
    assert.deepEqual(visibleRange(model.offsets, 1e9, 100, 0), [999, 1000]);
    assert.deepEqual(visibleRange(new Float64Array(1), 0, 100), [0, 0]);
  });

  it('should not make a namespace group for a namespace only tools meant for tool UIs have', () => {
    const grouping = groupNames(['fs/submit', 'echo'], [true, false]);
    assert.deepEqual(grouping.names, ['', 'For tool UIs']);
    assert.deepEqual([...grouping.of], [1, 0]);
  });

  it('should show the one row of a one-row list, and none of a list without offsets', () => {
    assert.deepEqual(visibleRange(new Float64Array([0, 20]), 0, 100, 0), [0, 1]);
    assert.deepEqual(visibleRange(new Float64Array(0), 0, 100, 0), [0, 0]);
  });

  describe('moving the active option', () => {
    const move = (key: string, active: number) => movedActive(key, active, 10, 3);

    it('should step with the arrows and jump a page with Page Up/Down', () => {
      assert.equal(move('ArrowDown', 4), 5);
      assert.equal(move('ArrowUp', 4), 3);
      assert.equal(move('PageDown', 4), 7);
      assert.equal(move('PageUp', 4), 1);
    });

    it('should go to the ends with Home and End', () => {
      assert.equal(move('Home', 4), 0);
      assert.equal(move('End', 4), 9);
    });

    it('should stay inside the list at both ends', () => {
      assert.equal(move('ArrowDown', 9), 9);
      assert.equal(move('PageDown', 8), 9);
      assert.equal(move('ArrowUp', 0), 0);
      assert.equal(move('PageUp', 2), 0);
    });

    it('should leave the active option alone for a key that does not move it', () => {
      assert.equal(move('Enter', 4), undefined);
      assert.equal(move('a', 4), undefined);
    });
  });
});
