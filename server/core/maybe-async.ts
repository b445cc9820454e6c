// A value now, or a promise of it. The console answers at once whenever it can (a static tool list, a synchronous
// provider, a handler that returns a value): a promise there would cost every request an allocation and a tick. This
// module is the one place that tells the two apart; everything else chains through `andThen`.

export type MaybeAsync<T> = T | Promise<T>;

/** Whether `value` is a promise or any thenable (host code may return either). */
export function isPromiseLike<T>(value: unknown): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null)?.then === 'function';
}

/**
 * `next(value)`: in this same step for a value, once it fulfils for a promise (whose rejection goes to `onRejected`,
 * when given). An exception `next` throws for a value is the caller's, as in any synchronous code.
 */
export function andThen<T, R>(
  value: MaybeAsync<T>,
  next: (value: T) => MaybeAsync<R>,
  onRejected?: (error: unknown) => MaybeAsync<R>,
): MaybeAsync<R> {
  return isPromiseLike<T>(value) ? value.then(next, onRejected) : next(value);
}
