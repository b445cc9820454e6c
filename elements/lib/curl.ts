// The cURL command that reproduces a call. Every piece is single-quoted for a POSIX shell, so no character in a
// tool name or an argument ($, `, \, ', newlines) can end the quoting or run anything.
import type { CallRequest } from '../api.js';

/** `value` as one POSIX shell word: single quotes, with each `'` written as `'\''`. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export interface CurlOptions {
  /** Put the real token in the command. Otherwise `$TOKEN` stands in for it, for the shell to expand. */
  revealToken?: boolean;
}

/** A multi-line `curl` command sending exactly `request`. */
export function curlCommand(request: CallRequest, options: CurlOptions = {}): string {
  const parts = [`curl -X ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() === 'authorization' && !options.revealToken) {
      // Double quotes so the shell expands $TOKEN; the scheme is fixed text, nothing untrusted is inside.
      parts.push(`-H "${name}: Bearer $TOKEN"`);
    } else {
      parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
    }
  }
  parts.push(`--data-raw ${shellQuote(request.body)}`);
  return parts.join(' \\\n  ');
}
