// A mistake on the command line is an error that says what it is wherever it surfaces whole (a stack trace, String()).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UsageError } from '../../server/cli/usage-error.js';

describe('UsageError', () => {
  it('names itself before its message', () => {
    const error = new UsageError('--port must be a number');
    assert.equal(String(error), 'UsageError: --port must be a number');
    assert.match(error.stack!, /^UsageError: --port must be a number\n/);
  });
});
