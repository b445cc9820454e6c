// Runs a saved call against the console's backend and gives its verdict. The run is unattended: a question the tool
// asks (elicitation, sampling) cannot be answered from a list of lines, so the run stops there and says to run the
// call in its form, where the question dialog is; `tool-console run` declines them the same way.
import type { SavedCall } from '../../protocol/collections.js';
import { ApiError, type ToolApi } from '../api.js';
import { verdictOf, type RunVerdict } from './check-expectations.js';

/** Runs `call`; never rejects: a failure to get a result is a `not-run` verdict with the reason. */
export async function runSavedCall(api: ToolApi, call: SavedCall, signal: AbortSignal): Promise<RunVerdict> {
  const run = new AbortController();
  const stop = () => run.abort();
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts once, and `finally` removes the listener
  signal.addEventListener('abort', stop, { once: true });
  let asked = false;
  try {
    const outcome = await api.call(call.tool, call.arguments, run.signal, (event) => {
      if (event.type !== 'request') return;
      asked = true;
      run.abort();
    });
    return verdictOf(outcome, call.expect);
  } catch (error) {
    if (asked) return { kind: 'not-run', message: 'the tool asked a question: open the call and run it in its form' };
    if (signal.aborted) return { kind: 'not-run', message: 'stopped' };
    if (error instanceof ApiError) return { kind: 'not-run', message: `HTTP ${error.status}: ${error.message}` };
    return { kind: 'not-run', message: error instanceof Error ? error.message : String(error) };
  } finally {
    // Stryker disable next-line StringLiteral: tidiness only; a later abort of `signal` aborts a run that has ended
    signal.removeEventListener('abort', stop);
  }
}

/** The words of a verdict's line. */
export function verdictText(verdict: RunVerdict): string {
  switch (verdict.kind) {
    case 'passed':
      return 'passed';
    case 'failed':
      return `failed expectation: ${verdict.message}`;
    case 'is-error':
      return `isError: ${verdict.message}`;
    case 'not-run':
      return `not run: ${verdict.message}`;
  }
}

/** The summary under a run of all: `3 calls: 1 passed, 1 failed, 1 isError, 0 not run`. */
export function runSummary(verdicts: RunVerdict[]): string {
  const count = (kind: RunVerdict['kind']) => verdicts.filter((verdict) => verdict.kind === kind).length;
  const calls = `${verdicts.length} ${verdicts.length === 1 ? 'call' : 'calls'}`;
  return `${calls}: ${count('passed')} passed, ${count('failed')} failed, ${count('is-error')} isError, ${count('not-run')} not run`;
}
