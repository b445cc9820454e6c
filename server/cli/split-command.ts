// Splits `--stdio "<command and args>"` into words the way a POSIX shell would, without running a shell: so
// `--stdio "node 'my server.js' --name \"x y\""` works, and nothing in it is ever expanded or executed.
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (quote === '"') {
      // Inside double quotes a backslash escapes only the characters a shell treats specially there.
      if (char === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) word += line[++i];
      else if (char === '"') quote = undefined;
      else word += char;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      inWord = true;
      if (char === "'" || char === '"') quote = char;
      else if (char === '\\' && i + 1 < line.length) word += line[++i];
      else word += char;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} quote in ${JSON.stringify(line)}`);
  if (inWord) words.push(word);
  return words;
}
