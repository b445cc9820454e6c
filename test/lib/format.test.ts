import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { base64Bytes, formatBytes, formatDuration, prettyJson, prettyJsonText } from '../../elements/display/format.js';

describe('prettyJsonText', () => {
  it('should indent JSON objects and arrays', () => {
    assert.equal(prettyJsonText('{"a":[1,2]}'), '{\n  "a": [\n    1,\n    2\n  ]\n}');
    assert.equal(prettyJsonText(' [] '), '[]');
  });

  it('should leave plain text, scalars and broken JSON alone', () => {
    assert.equal(prettyJsonText('hello'), null);
    assert.equal(prettyJsonText('42'), null);
    assert.equal(prettyJsonText('{"a":'), null);
  });
});

describe('prettyJson', () => {
  it('should not throw on values JSON cannot hold', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    assert.equal(prettyJson(cycle), '[object Object]');
    assert.equal(prettyJson(10n), '10');
    assert.equal(prettyJson(undefined), 'undefined');
  });
});

describe('formatBytes', () => {
  it('should pick a readable unit', () => {
    assert.equal(formatBytes(12), '12 B');
    assert.equal(formatBytes(1536), '1.5 KB');
    assert.equal(formatBytes(5 * 1024 * 1024), '5 MB');
    assert.equal(formatBytes(-1), '');
  });
});

describe('formatDuration', () => {
  it('should pick a readable unit', () => {
    assert.equal(formatDuration(0.42), '0.4 ms');
    assert.equal(formatDuration(120.4), '120 ms');
    assert.equal(formatDuration(1250), '1.25 s');
    assert.equal(formatDuration(125_000), '2 min 5 s');
    assert.equal(formatDuration(Number.NaN), '');
  });
});

describe('base64Bytes', () => {
  it('should count decoded bytes, padding included', () => {
    assert.equal(base64Bytes(Buffer.from('hello').toString('base64')), 5);
    assert.equal(base64Bytes(Buffer.from('hell').toString('base64')), 4);
    assert.equal(base64Bytes(Buffer.from('hel').toString('base64')), 3);
  });
});
