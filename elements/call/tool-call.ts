// One run of a tool. Whoever starts it owns it (the console, or a form used on its own); everything else draws
// from the snapshots it hands out. Snapshots are immutable, so a Lit property that holds one redraws when it ends.
import type { CallOutcome, CallRequest, ToolApi } from '../api.js';
import { emit } from '../events.js';

export type CallStatus = 'running' | 'finished' | 'failed' | 'cancelled';

/** A call as it stands: running, or how it ended. */
export interface ToolCall {
  /** The same for every snapshot of one run, so an owner can tell a late end of an older run from the current one. */
  readonly run: number;
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  /** What was sent (its cURL is shown beside a failure). */
  readonly request: CallRequest;
  readonly status: CallStatus;
  /** The backend answered with a `CallToolResult` (tool errors included). */
  readonly outcome?: CallOutcome;
  /** No `CallToolResult` came back: an HTTP error, a network failure, no backend. */
  readonly error?: Error;
  /** Aborts the request while it runs; does nothing once the call has ended. */
  readonly cancel: () => void;
}

let runs = 0;

/**
 * Starts a call from `source`: fires the cancelable `tool-call-start` there and, unless a listener prevented it,
 * sends the request and fires `tool-call-end` when it ends. Returns the running snapshot, or undefined when the call
 * was prevented (then nothing runs and nothing should say so); `ended` receives the final snapshot.
 */
export function startToolCall(
  source: EventTarget,
  api: ToolApi | undefined,
  name: string,
  args: Record<string, unknown>,
  ended: (call: ToolCall) => void,
): ToolCall | undefined {
  if (!emit(source, 'tool-call-start', { name, arguments: args }, { cancelable: true })) return undefined;
  const abort = new AbortController();
  const running: ToolCall = {
    run: ++runs,
    name,
    arguments: args,
    request: api?.callRequest(name, args) ?? { url: '', method: 'POST', headers: {}, body: JSON.stringify(args) },
    status: 'running',
    cancel: () => abort.abort(),
  };
  const end = (change: Pick<ToolCall, 'status' | 'outcome' | 'error'>) => {
    const final: ToolCall = { ...running, ...change, cancel: () => {} };
    emit(source, 'tool-call-end', {
      name,
      arguments: args,
      outcome: final.outcome,
      error: final.error,
      aborted: final.status === 'cancelled',
    });
    ended(final);
  };
  if (!api) {
    // Reported after the caller has the running snapshot, so its end is never older than its start.
    queueMicrotask(() => end({ status: 'failed', error: new Error('No backend: set `api` or `src`.') }));
    return running;
  }
  api.call(name, args, abort.signal).then(
    (outcome) => end({ status: 'finished', outcome }),
    (error: unknown) =>
      end(
        abort.signal.aborted
          ? { status: 'cancelled' }
          : { status: 'failed', error: error instanceof Error ? error : new Error(String(error)) },
      ),
  );
  return running;
}
