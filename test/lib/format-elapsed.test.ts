// The clock a running call shows (and each of its log lines): whole seconds, rounded down, hours only once reached.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatElapsed } from '../../elements/display/format.js';

describe('formatElapsed', () => {
  it('should read minutes and seconds, seconds always two digits', () => {
    assert.deepEqual([0, 999, 1000, 7_900, 59_999, 60_000, 754_000, 3_599_999].map(formatElapsed), [
      '0:00',
      '0:00',
      '0:01',
      '0:07',
      '0:59',
      '1:00',
      '12:34',
      '59:59',
    ]);
  });

  it('should add the hours from one hour up, minutes then two digits too', () => {
    assert.deepEqual([3_600_000, 3_723_000, 36_005_000].map(formatElapsed), ['1:00:00', '1:02:03', '10:00:05']);
  });

  it('should read 0:00 for a time before the start or no time at all', () => {
    assert.deepEqual([-5, -61_000, Number.NaN].map(formatElapsed), ['0:00', '0:00', '0:00']);
  });
});
