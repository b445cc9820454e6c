// VS Code's mcp.json is JSON with comments (JSONC): `//` and `/* */` comments and trailing commas are allowed, and
// people use them. Read with VS Code's own parser (jsonc-parser), so a file VS Code reads is read the same way here.

import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** What each of the parser's errors means, in words; an error's place is added as a line and a column. */
const PROBLEMS: Readonly<Record<string, string>> = {
  InvalidSymbol: 'something that is not JSON',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':' after a property name",
  CommaExpected: "expected ',' between values",
  CloseBraceExpected: "expected '}' to close an object",
  CloseBracketExpected: "expected ']' to close a list",
  EndOfFileExpected: 'expected the end of the file after the value',
  InvalidCommentToken: 'a malformed comment',
  UnexpectedEndOfComment: 'a comment that is never closed',
  UnexpectedEndOfString: 'a string that is never closed',
  UnexpectedEndOfNumber: 'a number cut short',
  InvalidUnicode: 'a malformed \\u escape',
  InvalidEscapeCharacter: 'a malformed escape in a string',
  InvalidCharacter: 'a control character in a string',
};

/** The parsed value, or a SyntaxError whose message says where (line and column) and never quotes the file. */
export function parseJsonWithComments(text: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, allowEmptyContent: false });
  const first = errors[0];
  if (first === undefined) return value;
  // The text itself is left out: the strings of a config file are often tokens.
  const name = printParseErrorCode(first.error);
  throw new SyntaxError(`${PROBLEMS[name] ?? name} (${placeOf(text, first.offset)})`);
}

/** `line 3, column 7` of an offset into `text`, both counted from 1. */
function placeOf(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}
