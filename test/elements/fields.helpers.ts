// Shared helpers of the fields-* tests of <tool-form>: a backend whose validate says what the test needs, and
// arguments set from outside the way history replay sets them.
import type { ToolForm } from '../../elements/tool-form/tool-form.js';
import { type FetchCall, json, stubFetch } from './fetch-stub.js';

export interface Failure {
  path: string;
  message: string;
  keyword?: string;
}

/** A backend whose validate reports `errors` for any arguments (none: valid), and whose calls answer at once. */
export function validatorSaying(errors: Failure[] = []) {
  return stubFetch((call: FetchCall) =>
    call.url.endsWith('/validate')
      ? json(
          errors.length
            ? { valid: false, errors: errors.map((error) => ({ keyword: 'x', ...error })) }
            : { valid: true },
        )
      : json({ content: [] }),
  );
}

/** Sets the arguments from outside (as replay does) and waits until the backend's answer about them is drawn. */
export async function replay(el: ToolForm, value: Record<string, unknown>): Promise<void> {
  el.value = value;
  await el.updateComplete;
  await el.validationComplete;
  await el.updateComplete;
}
