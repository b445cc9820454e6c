// The cURL command that reproduces a call. Every piece is single-quoted for a POSIX shell, so no character in a
// tool name or an argument ($, `, \, ', newlines) can end the quoting or run anything.
import type { CallRequest } from '../api.js';
import { shellQuote } from '../display/shell-quote.js';

export { shellQuote };

export interface CurlOptions {
  /** Put the real token in the command. Otherwise `$TOKEN` stands in for it, for the shell to expand. */
  revealToken?: boolean;
}

/**
 * The live answer the page reads (`event:`/`data:` lines); a command run in a terminal wants the plain JSON one. The
 * server streams for any Accept that lists `text/event-stream` (wherever it stands), so any such Accept is left out.
 */
const isStreamAccept = (name: string, value: string) =>
  name.toLowerCase() === 'accept' && value.includes('text/event-stream');

/** A multi-line `curl` command sending `request` as a plain JSON call: the same URL, body and other headers. */
export function curlCommand(request: CallRequest, options: CurlOptions = {}): string {
  const parts = [`curl -X ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of Object.entries(request.headers)) {
    if (isStreamAccept(name, value)) continue;
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
