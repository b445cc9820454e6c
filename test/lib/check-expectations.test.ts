// A saved call's run in the page is judged as `tool-console run` judges it: the first expectation that fails is the
// one reported, with what was expected and what came; then isError; else passed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallOutcome, CallResult } from '../../elements/api.js';
import { verdictOf } from '../../elements/saved-calls/check-expectations.js';
import { runSummary, verdictText } from '../../elements/saved-calls/run-saved-call.js';

function outcome(result: CallResult, outputCheck?: CallOutcome['outputCheck']): CallOutcome {
  const request = { url: 'http://x/tools/t/call', method: 'POST' as const, headers: {}, body: '{}' };
  return { name: 't', arguments: {}, status: result.isError ? 500 : 200, durationMs: 1, result, request, outputCheck };
}

const sum = outcome({
  content: [{ type: 'text', text: 'The sum is 5' }],
  structuredContent: { sum: 5, 'a/b': [1, 2] },
});

describe('verdictOf', () => {
  it('should pass when every expectation holds', () => {
    assert.deepEqual(
      verdictOf(sum, [
        { isError: false },
        { pointer: '/structuredContent/sum', equals: 5 },
        { pointer: '/structuredContent/a~1b', equals: [1, 2] },
        { pointer: '/content/0/text', matches: 'sum is \\d' },
        { pointer: '/structuredContent', matches: '"sum":5' },
      ]),
      { kind: 'passed' },
    );
  });

  it('should say which pointer failed, what it expected and what it got', () => {
    assert.equal(
      verdictText(verdictOf(sum, [{ pointer: '/structuredContent/sum', equals: 6 }])),
      'failed expectation: /structuredContent/sum: expected 6, got 5',
    );
    assert.equal(
      verdictText(verdictOf(sum, [{ pointer: '/structuredContent/missing', equals: 1 }])),
      'failed expectation: /structuredContent/missing: expected 1, got nothing',
    );
    assert.equal(
      verdictText(verdictOf(sum, [{ pointer: '/content/0/text', matches: '^bye' }])),
      'failed expectation: /content/0/text: expected text matching /^bye/, got "The sum is 5"',
    );
  });

  it('should report isError, as a failed expectation when isError false was expected', () => {
    const failed = outcome({ content: [{ type: 'text', text: 'boom' }], isError: true });
    assert.equal(verdictText(verdictOf(failed)), 'isError: boom');
    assert.equal(
      verdictText(verdictOf(failed, [{ isError: false }])),
      'failed expectation: expected isError false, the tool answered isError',
    );
  });

  it("should hold the result to the output schema through the server's check", () => {
    assert.deepEqual(verdictOf(outcome(sum.result, { valid: true }), [{ outputSchema: true }]), { kind: 'passed' });
    const invalid = outcome(sum.result, {
      valid: false,
      errors: [{ path: '/sum', message: 'must be string', keyword: 'type' }],
    });
    assert.equal(
      verdictText(verdictOf(invalid, [{ outputSchema: true }])),
      'failed expectation: the result does not match the outputSchema: /sum must be string',
    );
    assert.match(verdictText(verdictOf(sum, [{ outputSchema: true }])), /sent no output check/);
  });

  it('should sum up a run of all', () => {
    assert.equal(
      runSummary([{ kind: 'passed' }, { kind: 'failed', message: 'x' }, { kind: 'not-run', message: 'y' }]),
      '3 calls: 1 passed, 1 failed, 0 isError, 1 not run',
    );
    assert.equal(runSummary([{ kind: 'passed' }]), '1 call: 1 passed, 0 failed, 0 isError, 0 not run');
  });
});
