// How long a request that runs host code (a tool call, a resource read) may live, and what ends it early: its time
// limit, or its client going away. It owns the AbortController behind the host code's signal.
import type { ConsoleRequest } from '../http/console-request.js';
import { Deadline, type DeadlineList } from './deadlines.js';

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
  /** The settle() waiting for its work, which the call ending early settles at once. */
  #failSettling: ((error: unknown) => void) | undefined;
  /** The time limit's wait in `#timeLimit`, the list of every call's; none without a limit. */
  readonly #deadline: Deadline | undefined;
  readonly #timeLimit: DeadlineList | undefined;
  #progressed = false;
  #totalTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #totalTimeoutMs: number;
  readonly #request: ConsoleRequest;
  /** What the signal's timeout reason calls the work (`The tool call`). */
  readonly #label: string;
  #stopWatchingClient: (() => void) | undefined;

  /** `timeLimit`: the deadlines of the console's time limit (none without one); `totalTimeoutMs`: its cap (0: none). */
  constructor(
    request: ConsoleRequest,
    timeLimit: DeadlineList | undefined,
    totalTimeoutMs: number,
    label = 'The tool call',
  ) {
    this.#request = request;
    this.#label = label;
    this.#timeLimit = timeLimit;
    this.#totalTimeoutMs = totalTimeoutMs;
    if (timeLimit !== undefined) {
      const ms = timeLimit.ms;
      this.#deadline = new Deadline(() =>
        this.#timedOut(this.#progressed ? `with no progress for ${ms} ms` : `after ${ms} ms`),
      );
      timeLimit.start(this.#deadline);
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
      const timeoutMs = this.#timeLimit!.ms;
      const started = deadline.at - timeoutMs;
      const total = Math.max(this.#totalTimeoutMs, timeoutMs);
      const left = total - (performance.now() - started);
      this.#totalTimer = setTimeout(() => this.#timedOut(`at its total limit of ${total} ms`), left);
    }
    this.#progressed = true;
    this.#timeLimit!.start(deadline);
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
    this.#failSettling?.(reason);
    this.#failSettling = undefined;
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
        try {
          resolve(map(outcome));
        } catch (error) {
          reject(error);
        }
      };
      const fail = (error: unknown) => settleWith(onError, error);
      if (this.#abortReason !== undefined) return fail(this.#abortReason);
      this.#failSettling = fail;
      work.then((value) => settleWith(onValue, value), fail);
    });
  }

  /** Settles with `work`, or rejects with the abort reason as soon as the call ends early. One at a time. */
  race<T>(work: PromiseLike<T>): Promise<T> {
    return this.settle(work, (value) => value, rethrow);
  }

  end(): void {
    if (this.#deadline !== undefined) this.#timeLimit!.stop(this.#deadline);
    if (this.#totalTimer !== undefined) clearTimeout(this.#totalTimer);
    this.#stopWatchingClient?.();
    this.#failSettling = undefined;
  }
}
