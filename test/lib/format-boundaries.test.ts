// Sizes and durations at the edges of each unit, and which texts are shown pretty-printed as JSON.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { base64Bytes, formatBytes, formatDuration, prettyJsonText } from '../../elements/display/format.js';

describe('unit boundaries', () => {
  it('switches byte units at exactly 1024', () => {
    assert.equal(formatBytes(0), '0 B');
    assert.equal(formatBytes(1023), '1023 B');
    assert.equal(formatBytes(1024), '1 KB');
    assert.equal(formatBytes(1024 * 1024), '1 MB');
    assert.equal(formatBytes(5 * 1024 ** 3), '5 GB');
  });

  it('stops at GB, and drops the decimal from 10 up', () => {
    assert.equal(formatBytes(2 * 1024 ** 4), '2048 GB');
    assert.equal(formatBytes(9.5 * 1024), '9.5 KB');
    assert.equal(formatBytes(10 * 1024), '10 KB');
    assert.equal(formatBytes(15.5 * 1024), '16 KB');
    assert.equal(formatBytes(1.04 * 1024 ** 2), '1 MB');
    assert.equal(formatBytes(Number.POSITIVE_INFINITY), '');
  });

  it('switches duration units at 10 ms, 1 s, 10 s and 1 min', () => {
    assert.deepEqual([0, 9.96, 10, 999, 1000, 9_994, 10_000, 59_940, 60_000, 61_499].map(formatDuration), [
      '0.0 ms',
      '10.0 ms',
      '10 ms',
      '999 ms',
      '1.00 s',
      '9.99 s',
      '10.0 s',
      '59.9 s',
      '1 min 0 s',
      '1 min 1 s',
    ]);
    assert.equal(formatDuration(-5), '');
  });
});

describe('what counts as JSON to pretty-print', () => {
  it('only text that starts as an object or array, even when a JSON string holds braces', () => {
    assert.equal(prettyJsonText('"a{b"'), null);
    assert.equal(prettyJsonText('5 [1]'), null);
    assert.equal(prettyJsonText('  [1]'), '[\n  1\n]');
  });
});

describe('base64 sizes', () => {
  it('ignores line breaks and spaces in the data', () => {
    assert.equal(base64Bytes('aGVs\nbG8='), 5);
    assert.equal(base64Bytes(' aGVs bGxv '), 6);
  });
});
