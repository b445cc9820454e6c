// CSV (RFC 4180) into rows of cells, for showing a `text/csv` resource as a table. Quoted fields may hold commas,
// doubled quotes and line breaks. Only the first `maxRows` rows and `maxColumns` columns are kept: a table of a
// million rows would freeze the page that draws it, and the whole text stays one "Show as text" away.

export interface CsvTable {
  rows: string[][];
  /** True when rows or columns were left out. */
  cut: boolean;
}

export function parseCsv(text: string, maxRows = 500, maxColumns = 50): CsvTable {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let cut = false;
  let i = 0;
  const endField = () => {
    if (row.length < maxColumns) row.push(field);
    else cut = true;
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      i++;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') endField();
    else if (char === '\n' || char === '\r') {
      endRow();
      if (char === '\r' && text[i + 1] === '\n') i++;
      if (rows.length === maxRows) {
        // Anything but a final line break means rows were left out.
        cut = /\S/.test(text.slice(i + 1));
        return { rows, cut };
      }
    } else field += char;
    i++;
  }
  if (field !== '' || row.length) endRow();
  return { rows, cut };
}
