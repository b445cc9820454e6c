// What the page takes for a call result and for an output check (protocol/calls.ts): anything else is shown as an
// error answer, or not shown, so a body from a proxy or a broken backend is never drawn as a tool's result.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { asOutputCheck, isCallResult } from '../../protocol/index.js';

describe('call results', () => {
  it('should take an object with a content list as a call result, whatever else it has', () => {
    assert.equal(isCallResult({ content: [] }), true);
    assert.equal(isCallResult({ content: [{ type: 'text', text: 'x' }], isError: true }), true);
  });

  it('should not take anything else for one', () => {
    for (const value of [null, undefined, 'content', 5, [], { content: 'text' }, { error: 'Tool not found' }]) {
      assert.equal(isCallResult(value), false, JSON.stringify(value));
    }
  });
});

describe('output checks', () => {
  it('should take a passed check, and a failed one with its list of errors', () => {
    assert.deepEqual(asOutputCheck({ valid: true }), { valid: true });
    const failed = { valid: false, errors: [{ path: '/a', message: 'must be string', keyword: 'type' }] };
    assert.deepEqual(asOutputCheck(failed), failed);
    assert.deepEqual(asOutputCheck({ valid: false, errors: [] }), { valid: false, errors: [] });
  });

  it('should refuse a check without a boolean valid, or a failed one without its errors', () => {
    for (const value of [
      null,
      undefined,
      {},
      { valid: 'true' },
      { valid: 1 },
      { valid: false },
      { valid: false, errors: 'x' },
    ]) {
      assert.equal(asOutputCheck(value), undefined, JSON.stringify(value));
    }
  });
});
