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
