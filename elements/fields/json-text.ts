// JSON typed by a person: parsed, or a problem said with the line and column where it is, whatever wording the
// browser's JSON.parse uses (some name a position, some a line and column, some neither).

export type ParsedJson = { value: unknown } | { error: string };

/** 1-based line and column of a character offset in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: before.length - lineStart + 1 };
}

/** Where the parser stopped: the position it names, else the end of the text (the usual "unexpected end"). */
function failureOffset(message: string, text: string): number {
  const position = /\bposition (\d+)/.exec(message);
  if (position) return Number(position[1]);
  // `(line 2 column 6)`, or Firefox's `at line 2 column 6 of the JSON data`.
  const lineColumn = /\bline (\d+) column (\d+)\b/.exec(message);
  if (lineColumn) {
    const lines = text.split('\n');
    const line = Math.min(Number(lineColumn[1]), lines.length);
    return lines.slice(0, line - 1).reduce((sum, each) => sum + each.length + 1, 0) + Number(lineColumn[2]) - 1;
  }
  return text.length;
}

/** The parser's own words without its position notes, as a sentence. */
function reason(message: string): string {
  const bare = message
    .replace(/\s*(\(line \d+ column \d+\)|at line \d+ column \d+ of the JSON data)/, '')
    .replace(/\s*(in JSON )?at position \d+/, '')
    .replace(/^JSON\.parse: /, '')
    .trim();
  return /[.!?]$/.test(bare) ? bare : `${bare}.`;
}

/** Parses JSON text; an error such as `Invalid JSON at line 2, column 6: Unexpected number.` instead. */
export function parseJsonText(text: string): ParsedJson {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message;
    const { line, column } = lineAndColumn(text, failureOffset(message, text));
    return { error: `Invalid JSON at line ${line}, column ${column}: ${reason(message)}` };
  }
}
