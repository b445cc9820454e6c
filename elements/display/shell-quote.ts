// Words for a POSIX shell. Single quotes make every character inside literal ($, `, \, newlines), so nothing untrusted
// (a tool name, an argument, a URL) can end the quoting or run anything; the cURL and the `tool-console` command lines
// share this.

/** `value` as one POSIX shell word: single quotes, with each `'` written as `'\''`. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `value` bare when it holds only characters no shell treats specially (and is not empty), else quoted. */
export function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) && !value.startsWith('-') ? value : shellQuote(value);
}
