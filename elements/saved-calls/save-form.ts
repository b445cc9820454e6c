// The Save call form: a name, and the expectations a run will hold the result to. It draws from the draft it is
// given and hands every edit back whole (`onDraft`), so the element owns the one copy.
import { html, nothing } from 'lit';
import type { ToolDetail } from '../api.js';
import type { SaveDraft } from './save-draft.js';

export function renderSaveForm(
  draft: SaveDraft,
  tool: ToolDetail | undefined,
  problems: string[],
  onDraft: (draft: SaveDraft | undefined) => void,
  onSave: () => void,
) {
  const text = (key: 'name' | 'pointer' | 'value') => (event: Event) =>
    onDraft({ ...draft, [key]: (event.target as HTMLInputElement).value });
  const flag = (key: 'noError' | 'outputSchema') => (event: Event) =>
    onDraft({ ...draft, [key]: (event.target as HTMLInputElement).checked });
  const submit = (event: Event) => {
    event.preventDefault();
    onSave();
  };
  return html`<form class="save" aria-label="Save call" @submit=${submit}>
    <label>Name <input name="name" required .value=${draft.name} @input=${text('name')} /></label>
    <fieldset>
      <legend>Expect</legend>
      <label><input type="checkbox" name="no-error" .checked=${draft.noError} @change=${flag('noError')} /> isError is
        false</label>
      ${
        tool?.outputSchema
          ? html`<label><input type="checkbox" name="output-schema" .checked=${draft.outputSchema}
                @change=${flag('outputSchema')} /> the result matches the output schema</label>`
          : nothing
      }
      <div class="pointer">
        <input name="pointer" aria-label="JSON Pointer into the result" placeholder="/content/0/text"
          .value=${draft.pointer} @input=${text('pointer')} />
        <select name="how" aria-label="How the value is compared" @change=${(event: Event) =>
          onDraft({ ...draft, how: (event.target as HTMLSelectElement).value === 'matches' ? 'matches' : 'equals' })}>
          <option value="equals" ?selected=${draft.how === 'equals'}>equals</option>
          <option value="matches" ?selected=${draft.how === 'matches'}>matches</option>
        </select>
        <input name="value" aria-label=${draft.how === 'matches' ? 'Pattern' : 'Value (JSON or text)'}
          .value=${draft.value} @input=${text('value')} />
      </div>
    </fieldset>
    ${problems.length ? html`<ul class="problems" role="alert">${problems.map((line) => html`<li>${line}</li>`)}</ul>` : nothing}
    <div class="bar">
      <button type="submit" class="primary">Save</button>
      <button type="button" @click=${() => onDraft(undefined)}>Cancel</button>
    </div>
  </form>`;
}
