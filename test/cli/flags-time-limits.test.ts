// The time limits' flags: --connect-timeout must be positive (connecting always has a limit), --timeout and
// --total-timeout may be 0 (none); each takes only plain digits that make an exact whole number.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serve, usageError } from './parse-cli.js';

const LARGEST = String(Number.MAX_SAFE_INTEGER);
const TOO_LARGE = '9007199254740992'; // 2^53: Number() rounds it, so it is not the number typed

describe('CLI flags: --connect-timeout', () => {
  it('takes a positive whole number of milliseconds', () => {
    assert.equal(serve(['--connect-timeout', '1']).connectTimeoutMs, 1);
    assert.equal(serve(['--connect-timeout=30000']).connectTimeoutMs, 30_000);
    assert.equal(serve(['--connect-timeout', LARGEST]).connectTimeoutMs, Number.MAX_SAFE_INTEGER);
    assert.equal(serve([]).connectTimeoutMs, undefined);
  });

  for (const value of ['0', '00', 'soon', '1.5', '1e3', ' 5', '5 ', '-1', '', TOO_LARGE]) {
    it(`refuses ${JSON.stringify(value)}`, () => {
      assert.equal(
        usageError([`--connect-timeout=${value}`]),
        `--connect-timeout must be a positive whole number of milliseconds, got "${value}"`,
      );
    });
  }
});

describe('CLI flags: --timeout and --total-timeout', () => {
  it('take 0 and the largest exact whole number', () => {
    assert.equal(serve(['--timeout', '0']).timeoutMs, 0);
    assert.equal(serve(['--total-timeout', '0']).totalTimeoutMs, 0);
    assert.equal(serve(['--timeout', LARGEST]).timeoutMs, Number.MAX_SAFE_INTEGER);
    assert.equal(serve(['--total-timeout', '7']).totalTimeoutMs, 7);
  });

  for (const flag of ['timeout', 'total-timeout']) {
    for (const value of [TOO_LARGE, ' 5', '5 ', '1e3', '']) {
      it(`--${flag} refuses ${JSON.stringify(value)}`, () => {
        assert.equal(
          usageError([`--${flag}=${value}`]),
          `--${flag} must be a whole number of milliseconds (0 for none), got "${value}"`,
        );
      });
    }
  }
});
