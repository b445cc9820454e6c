// The raw JSON view of the whole arguments. Text that does not parse (or is not an object) stays in the box with
// the problem under it, and Execute waits until it parses: what would be sent is never what the box does not say.
// The arguments keep the last valid JSON, so switching back to the form loses nothing.
import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { parseJsonText } from '../fields/json-text.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';

export interface RawJsonState {
  value: unknown;
  /** What was typed in the view since the arguments last changed elsewhere. */
  typing: string | undefined;
  disabled: boolean;
  /** Called with the arguments when the text parses as a JSON object. */
  onValue(value: Record<string, unknown>, typed: string): void;
  onTyping(typed: string): void;
}

/** Why the typed text is not (yet) arguments, or undefined when it is. */
export function rawJsonProblem(typing: string | undefined): string | undefined {
  if (typing === undefined) return undefined;
  const parsed = parseJsonText(typing);
  if ('error' in parsed) return parsed.error;
  const value = parsed.value;
  return isPlainObject(value) ? undefined : 'The arguments must be a JSON object.';
}

export function renderRawJson(state: RawJsonState) {
  const text = state.typing ?? JSON.stringify(state.value, null, 2);
  const problem = rawJsonProblem(state.typing);
  const handleInput = (event: Event) => {
    const typed = (event.target as HTMLTextAreaElement).value;
    if (rawJsonProblem(typed) === undefined) state.onValue(JSON.parse(typed) as Record<string, unknown>, typed);
    else state.onTyping(typed);
  };
  return html`<div class="raw" part="field">
    <label part="label" for="raw-json">Arguments as JSON</label>
    <textarea id="raw-json" part="raw-json" class="json" rows="12" spellcheck="false" ?disabled=${state.disabled}
      aria-invalid=${problem ? 'true' : 'false'} aria-describedby=${problem ? 'raw-json-error' : nothing}
      .value=${live(text)} @input=${handleInput}></textarea>
    ${
      problem
        ? html`<div class="error" part="error" id="raw-json-error">${problem} Execute waits until the JSON is valid.</div>`
        : nothing
    }
  </div>`;
}
