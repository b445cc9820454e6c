// What a stdio server wrote on stdout that was not a JSON-RPC message. The SDK skips such lines without a word, so a
// program that is no MCP server (or an MCP server that logs to stdout) looks like one that never answers; the first
// few lines it wrote are kept to say so. Each line is only looked at as far as its start: a JSON-RPC message begins
// with `{`, and a large answer is not held in memory a second time.
import { formatRedacted } from '../../core/redact-secrets.js';

/** How many lines are kept: the first ones say what the program is. */
const KEPT_LINES = 3;
/** A kept line is cut past this. */
const MAX_LINE_CHARS = 200;

export class StdoutNoise {
  readonly #lines: string[] = [];
  #start = '';
  #startComplete = false;
  readonly #secrets: readonly string[];

  constructor(secrets: readonly string[]) {
    this.#secrets = secrets;
  }

  /** Takes the next piece of stdout text (pieces may end mid-line). */
  write(text: string): void {
    let from = 0;
    for (;;) {
      const end = text.indexOf('\n', from);
      this.#take(text.slice(from, end === -1 ? undefined : end));
      if (end === -1) return;
      this.#endLine();
      from = end + 1;
    }
  }

  #take(piece: string): void {
    if (this.#startComplete) return;
    this.#start += piece.slice(0, MAX_LINE_CHARS + 1 - this.#start.length);
    this.#startComplete = this.#start.length > MAX_LINE_CHARS;
  }

  #endLine(): void {
    const line = this.#noise(this.#start);
    this.#start = '';
    this.#startComplete = false;
    if (line !== undefined && this.#lines.length < KEPT_LINES) this.#lines.push(line);
  }

  /** The line as kept (cut, secrets blanked), or undefined for a blank line or the start of a JSON message. */
  #noise(start: string): string | undefined {
    const line = start.replace(/\r$/, '').trim();
    if (line === '' || line.startsWith('{')) return undefined;
    const cut = line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}...` : line;
    return this.#secrets.length ? formatRedacted(cut, this.#secrets) : cut;
  }

  /** The first non-JSON lines written (an unfinished last one included), secrets blanked out. */
  lines(): string[] {
    const pending = this.#noise(this.#start);
    return pending === undefined ? [...this.#lines] : [...this.#lines, pending].slice(0, KEPT_LINES);
  }
}
