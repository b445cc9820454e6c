// CSV as <resource-view> shows it in a table: quoted fields, doubled quotes, line breaks inside quotes, CRLF, and the
// cap on rows and columns that keeps a huge file from freezing the page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCsv } from '../../elements/content/csv-table.js';

describe('csv-table', () => {
  it('should split rows and fields, keeping quoted commas, doubled quotes and line breaks', () => {
    const text = 'name,note\r\n"Smith, J.","said ""hi"""\n"two\nlines",\n';
    assert.deepEqual(parseCsv(text), {
      rows: [
        ['name', 'note'],
        ['Smith, J.', 'said "hi"'],
        ['two\nlines', ''],
      ],
      cut: false,
    });
  });

  it('should keep a last row without a line break, and nothing for empty text', () => {
    assert.deepEqual(parseCsv('a,b\n1,2').rows, [
      ['a', 'b'],
      ['1', '2'],
    ]);
    assert.deepEqual(parseCsv(''), { rows: [], cut: false });
    assert.deepEqual(parseCsv('a\nb').rows, [['a'], ['b']]);
    assert.deepEqual(parseCsv('a,b\n1,').rows, [
      ['a', 'b'],
      ['1', ''],
    ]);
  });

  it('should end a row at a lone CR, keep a blank line as an empty row, and a quote inside a field as text', () => {
    assert.deepEqual(parseCsv('a\rb\n\n5" disk,"x"').rows, [['a'], ['b'], [''], ['5" disk', 'x']]);
  });

  it('should keep only the first rows and columns, and say it cut', () => {
    const text = Array.from({ length: 10 }, (_, row) =>
      Array.from({ length: 5 }, (_, col) => `${row}.${col}`).join(','),
    ).join('\n');
    const table = parseCsv(text, 3, 2);
    assert.deepEqual(table.rows, [
      ['0.0', '0.1'],
      ['1.0', '1.1'],
      ['2.0', '2.1'],
    ]);
    assert.equal(table.cut, true);
    assert.equal(parseCsv('a\nb\n', 2).cut, false);
    assert.equal(parseCsv('a\nb\nc', 2).cut, true);
    assert.equal(parseCsv('a,b,c\n', 10, 2).cut, true);
  });
});
