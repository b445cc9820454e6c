// One run of a tool. Whoever starts it owns it (the console, or a form used on its own); everything else draws
// from the snapshots it hands out. Snapshots are immutable, so a Lit property that holds one redraws on each change:
// a progress report, a log line, the end.
import type { CallLog, CallOutcome, CallProgress, CallRequest, ToolApi } from '../api.js';
import { emit } from '../events.js';

export type CallStatus = 'running' | 'finished' | 'failed' | 'cancelled';

/** A line the tool logged during the call, with when it arrived (`Date.now()`). */
export interface LogLine extends CallLog {
  readonly at: number;
}

/** The log lines a call keeps: a chatty tool keeps its latest, and says how many went before. */
export const MAX_LOG_LINES = 500;

/** A call as it stands: running, or how it ended. */
export interface ToolCall {
  /** The same for every snapshot of one run, so an owner can tell a late end of an older run from the current one. */
  readonly run: number;
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  /** What was sent (its cURL is shown beside a failure). */
  readonly request: CallRequest;
  readonly status: CallStatus;
  /** When the call was sent (`Date.now()`), for its elapsed time. */
  readonly startedAt: number;
  /** The latest progress the tool reported, if any. */
  readonly progress?: CallProgress;
  /** The latest {@link MAX_LOG_LINES} lines the tool logged, oldest first; they stay after the end. */
  readonly logs: readonly LogLine[];
  /** How many earlier lines were let go to keep that bound. */
  readonly logsDropped: number;
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
 * was prevented (then nothing runs and nothing should say so). `changed` receives every later snapshot: running
 * ones as progress and log lines arrive, then the final one (its status no longer `running`), after which none come.
 */
export function startToolCall(
  source: EventTarget,
  api: ToolApi | undefined,
  name: string,
  args: Record<string, unknown>,
  changed: (call: ToolCall) => void,
): ToolCall | undefined {
  if (!emit(source, 'tool-call-start', { name, arguments: args }, { cancelable: true })) return undefined;
  const abort = new AbortController();
  let current: ToolCall = {
    run: ++runs,
    name,
    arguments: args,
    request: api?.callRequest(name, args) ?? { url: '', method: 'POST', headers: {}, body: JSON.stringify(args) },
    status: 'running',
    startedAt: Date.now(),
    logs: [],
    logsDropped: 0,
    cancel: () => abort.abort(),
  };
  const running = current;
  const change = (next: Partial<ToolCall>) => {
    if (current.status !== 'running') return;
    current = { ...current, ...next };
    changed(current);
  };
  const end = (next: Pick<ToolCall, 'status' | 'outcome' | 'error'>) => {
    emit(source, 'tool-call-end', {
      name,
      arguments: args,
      outcome: next.outcome,
      error: next.error,
      aborted: next.status === 'cancelled',
    });
    change({ ...next, cancel: () => {} });
  };
  if (!api) {
    // Reported after the caller has the running snapshot, so its end is never older than its start.
    queueMicrotask(() => end({ status: 'failed', error: new Error('No backend: set `api` or `src`.') }));
    return running;
  }
  api
    .call(name, args, abort.signal, (event) => {
      if (event.type === 'progress') return change({ progress: event.progress });
      const { logs, logsDropped } = current;
      const over = Math.max(0, logs.length + 1 - MAX_LOG_LINES);
      change({ logs: [...logs.slice(over), { ...event.log, at: Date.now() }], logsDropped: logsDropped + over });
    })
    .then(
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
