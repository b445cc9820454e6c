// One argument of a prompt or one variable of a template as a form field: its label (required marked), description,
// a text input, and the backend's suggestions in a <datalist> the browser offers as you type. Suggestions are text:
// each is an <option value>, never markup.
import { html, nothing, type TemplateResult } from 'lit';

export interface ArgumentField {
  /** Unique within the form: the input's id, and its datalist's with `-suggestions`. */
  id: string;
  name: string;
  label: string;
  description?: string;
  required?: boolean;
  value: string;
  suggestions: string[];
  problem: string;
  handleInput: (event: InputEvent) => void;
}

export function renderArgumentField(field: ArgumentField): TemplateResult {
  const listId = `${field.id}-suggestions`;
  const describedBy = field.description ? `${field.id}-description` : '';
  return html`<div class="field" part="field">
    <label for=${field.id}>
      ${field.label}${field.required ? html`<span class="required" aria-hidden="true"> *</span>` : nothing}
      ${field.label !== field.name ? html`<code class="name">${field.name}</code>` : nothing}
    </label>
    ${field.description ? html`<p class="hint" id=${describedBy}>${field.description}</p>` : nothing}
    <input
      id=${field.id}
      name=${field.name}
      autocomplete="off"
      list=${listId}
      .value=${field.value}
      ?required=${field.required}
      aria-describedby=${describedBy || nothing}
      @input=${field.handleInput}
    />
    <datalist id=${listId}>${field.suggestions.map((value) => html`<option value=${value}></option>`)}</datalist>
    ${field.problem ? html`<p class="hint">${field.problem}</p>` : nothing}
  </div>`;
}
