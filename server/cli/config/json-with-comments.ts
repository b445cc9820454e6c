// VS Code's mcp.json is JSON with comments (JSONC): `//` and `/* */` comments and trailing commas are allowed, and
// people use them. They are blanked out (newlines kept, so a syntax error's line and column still point into the file
// as written) and what is left is parsed as JSON.

/** The parsed value, or a SyntaxError whose message says where (line and column) and never quotes the file. */
export function parseJsonWithComments(text: string): unknown {
  const plain = blankCommentsAndTrailingCommas(text);
  try {
    return JSON.parse(plain);
  } catch (error) {
    throw new SyntaxError(describeJsonError((error as Error).message, plain));
  }
}

function blankCommentsAndTrailingCommas(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n' && out[i] !== '\r') out[i] = ' ';
  };
  let lastComma = -1; // a comma with only blanks and comments after it so far
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      lastComma = -1;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (char === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      blank(i, end === -1 ? text.length : end);
      i = end === -1 ? text.length : end;
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      blank(i, end === -1 ? text.length : end + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (char === ',') {
      lastComma = i;
    } else if ((char === '}' || char === ']') && lastComma !== -1) {
      out[lastComma] = ' ';
      lastComma = -1;
    } else if (!/\s/.test(char!)) {
      lastComma = -1;
    }
  }
  return out.join('');
}

// V8's messages quote a piece of the text ("Unexpected token 'x', "...": is not valid JSON"), which could be a
// token written in the file: the piece is dropped and the position, when given, becomes a line and a column.
function describeJsonError(message: string, text: string): string {
  const withoutQuote = message.replace(/, ".*" is not valid JSON$/s, '');
  const position = /at position (\d+)/.exec(withoutQuote);
  if (!position) return withoutQuote;
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${withoutQuote.replace(/ in JSON at position \d+.*$/s, '')} (line ${line}, column ${column})`;
}
