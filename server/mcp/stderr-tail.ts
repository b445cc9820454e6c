// What a stdio MCP server says on stderr, as lines: handed on one by one as they complete (the CLI prints them), and
// the last few kept, to explain a server that failed to start or died during a call. Secrets are blanked out of every
// line before it goes anywhere: a server that logs its API key must not put it in front of the page's users.
import { formatRedacted } from '../core/redact-secrets.js';

/** How many lines are kept. */
export const STDERR_TAIL_LINES = 20;
/** A kept line is cut past this: enough to read an error, not a dump. */
const MAX_KEPT_LINE_CHARS = 1000;
/** Text without a newline is handed on as a line once it grows past this, so one endless line cannot fill memory. */
const MAX_PENDING_CHARS = 64 * 1024;

function cut(line: string): string {
  return line.length > MAX_KEPT_LINE_CHARS ? `${line.slice(0, MAX_KEPT_LINE_CHARS)}...` : line;
}

export class StderrTail {
  readonly #lines: string[] = [];
  #pending = '';
  readonly #secrets: readonly string[];
  readonly #onLine: (line: string) => void;

  /** `onLine` gets each complete line, without its line ending, secrets blanked out. */
  constructor(secrets: readonly string[], onLine: (line: string) => void = () => {}) {
    this.#secrets = secrets;
    this.#onLine = onLine;
  }

  /** Takes the next piece of stderr text (pieces may end mid-line). */
  write(text: string): void {
    const parts = (this.#pending + text).split('\n');
    this.#pending = parts.pop()!;
    if (this.#pending.length > MAX_PENDING_CHARS) {
      parts.push(this.#pending);
      this.#pending = '';
    }
    for (const part of parts) this.#take(part.endsWith('\r') ? part.slice(0, -1) : part);
  }

  /** The stream ended: an unfinished last line is a line after all. */
  end(): void {
    if (this.#pending !== '') this.#take(this.#pending);
    this.#pending = '';
  }

  #take(line: string): void {
    const safe = this.#redact(line);
    // Blank lines are passed on (they space out the server's own output) but not kept: they explain nothing.
    if (safe.trim() !== '') {
      this.#lines.push(cut(safe));
      if (this.#lines.length > STDERR_TAIL_LINES) this.#lines.shift();
    }
    this.#onLine(safe);
  }

  #redact(line: string): string {
    return this.#secrets.length === 0 ? line : formatRedacted(line, this.#secrets);
  }

  /** The last lines written (at most STDERR_TAIL_LINES), an unfinished last line included; blank lines left out. */
  lines(): string[] {
    if (this.#pending.trim() === '') return [...this.#lines];
    return [...this.#lines, cut(this.#redact(this.#pending))].slice(-STDERR_TAIL_LINES);
  }
}
