// A time limit on work the console waits for but does not own (a host's tools provider): the wait ends, the work
// may go on, and its late answer is ignored.

/** Settles like `work`, or rejects with `onTimeout()` after `ms` milliseconds (0 waits for ever). */
export function withinTimeLimit<T>(work: PromiseLike<T>, ms: number, onTimeout: () => Error): Promise<T> {
  if (ms <= 0) return Promise.resolve(work);
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    Promise.resolve(work).then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}
