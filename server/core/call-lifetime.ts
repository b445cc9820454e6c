// How long a request that runs host code (a tool call, a resource read) may live, and what ends it early: its time
// limit, or its client going away. It owns the AbortController behind the host code's signal.
import type { ConsoleRequest } from './console-request.js';
import { Deadline, deadlineListOf, type DeadlineList } from './deadlines.js';

function rethrow(error: unknown): never {
  throw error;
}

/**
 * The lifetime of one call: it ends on timeout or when the client goes away. The time limit starts again whenever the
 * call reports progress, up to a total cap. The AbortController behind `ctx.signal`, and the watch on the client, are
 * only made when someone can act on them (the handler asks for the signal, an auth hook is deciding, the call is
 * streamed): most calls finish without anyone listening, and both cost (under the Fetch adapter, a request's signal
 * can cost more than the call itself).
 */
export class CallLifetime {
  #controller: AbortController | undefined;
  #abortReason: DOMException | undefined;
  #onAbort: ((reason: DOMException) => void) | undefined;
  /** The time limit's wait, in the list of its duration; none without a limit. */
  readonly #deadline: Deadline | undefined;
  readonly #deadlines: DeadlineList | undefined;
  #progressed = false;
  #totalTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #timeoutMs: number;
  readonly #totalTimeoutMs: number;
  readonly #request: ConsoleRequest;
  /** What the signal's timeout reason calls the work (`The tool call`). */
  readonly #label: string;
  #stopWatchingClient: (() => void) | undefined;

  constructor(request: ConsoleRequest, timeoutMs: number, totalTimeoutMs: number, label = 'The tool call') {
    this.#request = request;
    this.#label = label;
    this.#timeoutMs = timeoutMs;
    this.#totalTimeoutMs = totalTimeoutMs;
    if (timeoutMs > 0) {
      this.#deadline = new Deadline(() =>
        this.#timedOut(this.#progressed ? `with no progress for ${timeoutMs} ms` : `after ${timeoutMs} ms`),
      );
      this.#deadlines = deadlineListOf(timeoutMs);
      this.#deadlines.start(this.#deadline);
    }
  }

  #timedOut(how: string): void {
    this.#abort(new DOMException(`${this.#label} timed out ${how}.`, 'TimeoutError'));
  }

  /** The call made progress: its time limit starts again, within the total cap (set on the first progress). */
  madeProgress(): void {
    const deadline = this.#deadline;
    if (deadline === undefined || this.#abortReason !== undefined) return;
    if (!this.#progressed && this.#totalTimeoutMs > 0) {
      // Until now the deadline was the first one, set as the call started.
      const started = deadline.at - this.#timeoutMs;
      const total = Math.max(this.#totalTimeoutMs, this.#timeoutMs);
      const left = total - (performance.now() - started);
      this.#totalTimer = setTimeout(() => this.#timedOut(`at its total limit of ${total} ms`), left);
    }
    this.#progressed = true;
    this.#deadlines!.start(deadline);
  }

  /** From now on, the client going away ends the call. */
  watchClient(): void {
    this.#stopWatchingClient ??= this.#request.onClientGone(() => this.clientGone());
  }

  clientGone(): void {
    this.#abort(new DOMException('The client disconnected.', 'AbortError'));
  }

  #abort(reason: DOMException): void {
    if (this.#abortReason !== undefined) return;
    this.#abortReason = reason;
    this.#controller?.abort(reason);
    this.#onAbort?.(reason);
  }

  /** Why the call ended early, if it did. */
  get abortReason(): DOMException | undefined {
    return this.#abortReason;
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.watchClient();
      this.#controller = new AbortController();
      if (this.#abortReason !== undefined) this.#controller.abort(this.#abortReason);
    }
    return this.#controller.signal;
  }

  /**
   * What `work` settles to, through `onValue` or `onError`; or, as soon as the call ends early, its reason through
   * `onError`. Only the first outcome is mapped, and a mapper that throws rejects. One at a time. Mapping here rather
   * than after a race makes the answer in the step the work settles: every promise a call's answer passes through
   * costs it a job and a `then` lookup on the value (callgrind).
   */
  settle<T, R>(work: PromiseLike<T>, onValue: (value: T) => R, onError: (error: unknown) => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let settled = false;
      const settleWith = <A>(map: (outcome: A) => R, outcome: A) => {
        if (settled) return;
        settled = true;
        this.#onAbort = undefined;
        try {
          resolve(map(outcome));
        } catch (error) {
          reject(error);
        }
      };
      if (this.#abortReason !== undefined) return settleWith(onError, this.#abortReason);
      this.#onAbort = (reason) => settleWith(onError, reason);
      work.then(
        (value) => settleWith(onValue, value),
        (error: unknown) => settleWith(onError, error),
      );
    });
  }

  /** Settles with `work`, or rejects with the abort reason as soon as the call ends early. One at a time. */
  race<T>(work: PromiseLike<T>): Promise<T> {
    return this.settle(work, (value) => value, rethrow);
  }

  end(): void {
    if (this.#deadline !== undefined) this.#deadlines!.stop(this.#deadline);
    if (this.#totalTimer !== undefined) clearTimeout(this.#totalTimer);
    this.#stopWatchingClient?.();
    this.#onAbort = undefined;
  }
}
