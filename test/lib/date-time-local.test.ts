import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dateTimeInputText, dateTimeValue } from '../../elements/fields/date-time-local.js';

describe('date-time ↔ datetime-local', () => {
  it('sends the picked wall-clock time with the local offset, and shows it back unchanged', () => {
    const sent = dateTimeValue('2024-05-01T10:30');
    assert.match(sent, /^2024-05-01T10:30:00(Z|[+-]\d{2}:\d{2})$/);
    assert.equal(dateTimeInputText(sent), '2024-05-01T10:30:00');
  });

  it('shows a zoned value at the same instant in local time', () => {
    const text = dateTimeInputText('2024-05-01T10:30:00Z')!;
    assert.equal(new Date(text).getTime(), Date.parse('2024-05-01T10:30:00Z'));
  });

  it('shows a value without a zone as it is, minutes only or seconds, but no fraction of a second', () => {
    assert.equal(dateTimeInputText('2024-05-01T10:30'), '2024-05-01T10:30');
    assert.equal(dateTimeInputText('2024-05-01T10:30:05'), '2024-05-01T10:30:05');
    assert.equal(dateTimeInputText('2024-05-01T10:30:05.250'), '2024-05-01T10:30:05');
  });

  it('gives up on values the input cannot show, so they stay text', () => {
    assert.equal(dateTimeInputText('next tuesday'), undefined);
    assert.equal(dateTimeInputText(5), undefined);
    assert.equal(dateTimeInputText(undefined), '');
  });
});
