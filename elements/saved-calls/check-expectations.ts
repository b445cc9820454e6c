// What a saved call's result is held to, checked in the page as `tool-console run` checks it: a JSON Pointer into the
// whole CallToolResult equals a value or matches a pattern, the result matches the tool's outputSchema (the server's
// own check, sent with the answer), isError is false. The first expectation that fails is the one reported.
import type { Expectation } from '../../protocol/collections.js';
import { parsePointer } from '../../protocol/json-pointer.js';
import type { CallOutcome } from '../api.js';

/** How one run of a saved call ended, as its line says. */
export type RunVerdict =
  | { kind: 'passed' }
  | { kind: 'is-error'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'not-run'; message: string };

const MISSING = Symbol('missing');

/** The value `pointer` names inside `root`, or MISSING. */
function valueAt(root: unknown, pointer: string): unknown {
  const tokens = parsePointer(pointer);
  if (!tokens) return MISSING;
  let value: unknown = root;
  for (const token of tokens) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, token)) return MISSING;
    value = (value as Record<string, unknown>)[token];
  }
  return value;
}

/** Deep equality of two JSON values (key order does not matter). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => Object.hasOwn(b, key) && sameJson((a as never)[key], (b as never)[key]))
  );
}

const shown = (value: unknown) => (value === MISSING ? 'nothing' : (JSON.stringify(value) ?? String(value)));
const clip = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

/** Why `expectation` does not hold for `outcome`, or undefined when it does. */
export function expectationFailure(expectation: Expectation, outcome: CallOutcome): string | undefined {
  if ('isError' in expectation)
    return outcome.result.isError ? 'expected isError false, the tool answered isError' : undefined;
  if ('outputSchema' in expectation) {
    const check = outcome.outputCheck;
    if (!check) return 'expected the result to match the outputSchema, but the server sent no output check';
    if (check.valid) return undefined;
    const [first] = check.errors;
    return `the result does not match the outputSchema: ${first ? `${first.path || '/'} ${first.message}` : 'invalid'}`;
  }
  const found = valueAt(outcome.result, expectation.pointer);
  if ('equals' in expectation) {
    return sameJson(found, expectation.equals)
      ? undefined
      : clip(`${expectation.pointer}: expected ${shown(expectation.equals)}, got ${shown(found)}`);
  }
  if (found === MISSING)
    return clip(`${expectation.pointer}: expected text matching /${expectation.matches}/, got nothing`);
  const text = typeof found === 'string' ? found : JSON.stringify(found);
  let pattern: RegExp;
  try {
    pattern = new RegExp(expectation.matches, 'u');
  } catch (error) {
    return `${expectation.pointer}: /${expectation.matches}/ is not a regular expression (${(error as Error).message})`;
  }
  return pattern.test(text)
    ? undefined
    : clip(`${expectation.pointer}: expected text matching /${expectation.matches}/, got ${shown(found)}`);
}

/** The verdict on a call's outcome: an expectation that failed, else isError, else passed. */
export function verdictOf(outcome: CallOutcome, expect: Expectation[] = []): RunVerdict {
  for (const expectation of expect) {
    const message = expectationFailure(expectation, outcome);
    if (message) return { kind: 'failed', message };
  }
  if (outcome.result.isError) {
    const text = outcome.result.content?.find((item) => item.type === 'text') as { text?: string } | undefined;
    return { kind: 'is-error', message: clip(text?.text ?? `HTTP ${outcome.status}`) };
  }
  return { kind: 'passed' };
}
