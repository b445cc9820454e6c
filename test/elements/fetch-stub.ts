// The one fetch stub of the element tests: a fake backend in place of window.fetch that records every request. The
// real fetch comes back after every test by itself (a root-level hook), so no test can leak its backend into the next
// or forget to undo it.

export interface FetchCall {
  /** The absolute URL asked for. */
  url: string;
  method: string;
  /** The request body parsed as JSON (what the elements send), its text if it is not JSON, undefined without one. */
  body: unknown;
  signal: AbortSignal | undefined;
  /** The init as the element passed it (headers included). */
  init: RequestInit | undefined;
}

/** Answers one request; a throw or a rejection is a network failure, as a real fetch reports one. */
export type FetchAnswer = (call: FetchCall) => Response | Promise<Response>;

const realFetch = window.fetch;

afterEach(() => {
  window.fetch = realFetch;
});

/** Replaces window.fetch with `answer` until the end of the current test; `calls` records every request in order. */
export function stubFetch(answer: FetchAnswer): { calls: FetchCall[] } {
  const calls: FetchCall[] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const body = text === undefined ? undefined : parsedOrText(text);
    const call = { url, method: init?.method ?? 'GET', body, signal: init?.signal ?? undefined, init };
    calls.push(call);
    // Like a real fetch, an abort rejects at once, even while the answer is held back.
    return new Promise<Response>((resolve, reject) => {
      const aborted = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (call.signal?.aborted) return aborted();
      call.signal?.addEventListener('abort', aborted, { once: true });
      Promise.resolve()
        .then(() => answer(call))
        .then(resolve, reject);
    });
  };
  return { calls };
}

// A body that is not JSON is the element's bug for a test to see, not a network failure of the stub.
function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A JSON answer, as the console's server sends them. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A streamed call answer the test writes into as it goes, the way a server streams a live call. */
export interface EventStreamAnswer {
  /** The `200 text/event-stream` answer to hand to the page. */
  response: Response;
  /** Sends raw bytes or text: a chunk may end anywhere, mid-line or mid-character. */
  write(chunk: string | Uint8Array): void;
  /** Sends one event with its data as one-line JSON. */
  send(event: string, data: unknown): void;
  /** Ends the stream. */
  close(): void;
  /** Cuts the connection mid-answer, as Chromium reports one: the read fails with a TypeError. */
  cut(): void;
  /** Settles when the page stops reading (it cancelled the body). */
  cancelled: Promise<void>;
}

export function eventStream(contentType = 'text/event-stream'): EventStreamAnswer {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled!: () => void;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start: (start) => void (controller = start),
    cancel: () => cancelled(),
  });
  const write = (chunk: string | Uint8Array) =>
    controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
  return {
    response: new Response(body, { headers: { 'Content-Type': contentType } }),
    write,
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    close: () => controller.close(),
    cut: () => controller.error(new TypeError('network error')),
    cancelled: new Promise<void>((resolve) => (cancelled = resolve)),
  };
}
