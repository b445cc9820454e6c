// A date-time field in time zones east and west of UTC, with half-hour offsets: the wall-clock time picked is the
// time sent, with that zone's offset, and zoned values are shown at the same instant in local time.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { dateTimeInputText, dateTimeValue } from '../../elements/fields/date-time-local.js';

const originalZone = process.env.TZ;

/** Node re-reads TZ whenever it is assigned, so Date follows the zone set here. */
function inZone(zone: string): void {
  process.env.TZ = zone;
}

describe('date-time in any time zone', () => {
  afterEach(() => {
    if (originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalZone;
  });

  it('sends a picked time with a positive half-hour offset', () => {
    inZone('Asia/Kolkata');
    assert.equal(dateTimeValue('2024-05-01T10:30'), '2024-05-01T10:30:00+05:30');
    assert.equal(dateTimeValue('2024-05-01T10:30:15'), '2024-05-01T10:30:15+05:30');
    assert.equal(dateTimeInputText('2024-05-01T05:00:00Z'), '2024-05-01T10:30:00');
  });

  it('sends a picked time with a negative half-hour offset', () => {
    inZone('America/St_Johns'); // -02:30 in May (daylight saving time)
    assert.equal(dateTimeValue('2024-05-01T10:30'), '2024-05-01T10:30:00-02:30');
    assert.equal(dateTimeInputText('2024-05-01T13:00:00Z'), '2024-05-01T10:30:00');
  });

  it('sends Z in UTC', () => {
    inZone('UTC');
    assert.equal(dateTimeValue('2024-05-01T10:30'), '2024-05-01T10:30:00Z');
    assert.equal(dateTimeInputText('2024-05-01T12:30:00+02:00'), '2024-05-01T10:30:00');
    assert.equal(dateTimeInputText('2024-05-01t10:30z'), '2024-05-01T10:30:00');
    assert.equal(dateTimeInputText('2024-05-01T10:30:00.250Z'), '2024-05-01T10:30:00');
  });

  it('shows local values as they are, without fractions of a second', () => {
    assert.equal(dateTimeInputText('2024-05-01T10:30'), '2024-05-01T10:30');
    assert.equal(dateTimeInputText('2024-05-01T10:30:45'), '2024-05-01T10:30:45');
    assert.equal(dateTimeInputText('2024-05-01T10:30:45.123'), '2024-05-01T10:30:45');
    assert.equal(dateTimeInputText(''), '');
  });

  it('leaves values it cannot show, or send, as they are', () => {
    for (const text of [
      'x2024-05-01T10:30',
      '2024-05-01T10:30x',
      '+002024-05-01T10:30:00Z',
      '2024-05-01T10:30:00+0200',
      '2024-13-45T99:99:00Z',
    ]) {
      assert.equal(dateTimeInputText(text), undefined, text);
    }
    assert.equal(dateTimeInputText(['2024-05-01T10:30']), undefined);
    assert.equal(dateTimeValue('soon'), 'soon');
    assert.equal(dateTimeValue('2024-05-01T10:30:00Z'), '2024-05-01T10:30:00Z');
    assert.equal(dateTimeValue('2024-13-45T10:30'), '2024-13-45T10:30');
  });
});
