// Reads a Server-Sent Events answer the way a browser's EventSource would, for tests: events one at a time as they
// arrive (so a test can look at progress while the call still runs), comments skipped, data lines joined.

export interface StreamedEvent {
  event: string;
  data: unknown;
}

export class EventReader {
  readonly #reader: ReadableStreamDefaultReader<string>;
  #buffer = '';
  /** Comments received so far (keep-alives), without their leading colon. */
  readonly comments: string[] = [];

  constructor(body: ReadableStream<Uint8Array>) {
    // (TypeScript's DOM and node stream types disagree on the decoder's input; the runtime takes bytes.)
    const decoder = new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>;
    this.#reader = body.pipeThrough(decoder).getReader();
  }

  /** The next event, or undefined once the stream has ended. */
  async next(): Promise<StreamedEvent | undefined> {
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 2);
        const parsed = this.#parse(block);
        if (parsed) return parsed;
        continue;
      }
      const { done, value } = await this.#reader.read();
      if (done) return undefined;
      this.#buffer += value;
    }
  }

  /** Every event still to come, until the stream ends. */
  async rest(): Promise<StreamedEvent[]> {
    const events: StreamedEvent[] = [];
    for (let event = await this.next(); event; event = await this.next()) events.push(event);
    return events;
  }

  cancel(): Promise<void> {
    return this.#reader.cancel();
  }

  #parse(block: string): StreamedEvent | undefined {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) event = line.slice('event: '.length);
      else if (line.startsWith('data: ')) data.push(line.slice('data: '.length));
    }
    return data.length ? { event, data: JSON.parse(data.join('\n')) } : undefined;
  }
}
