// The frame around every control: label with the required mark, badges, help text, errors linked by
// aria-describedby, and the set-to-null control of nullable fields. Containers get a fieldset instead.
import { type TemplateResult, html, nothing } from 'lit';
import { emptyValue, seedValue } from '../schema/defaults.js';
import { toPointer } from '../schema/json-pointer.js';
import type { FieldContext, FieldSlot } from './field-context.js';

/** The attributes a control needs to be labelled and described. */
export interface ControlAttributes {
  id: string;
  describedBy: string | typeof nothing;
  invalid: boolean;
}

/**
 * A unique, attribute-safe id for the control at a pointer (property names may hold any character). Only letters and
 * digits stay: each `_` starts a two-digit escape, so no key spells another's escape (`!` and `_21`), and a `-` is
 * always one of the suffixes added to an id (`-help`), so no key spells a suffixed id (`k` and `k-help`).
 */
export function idFor(pointer: string): string {
  return `field${encodeURIComponent(pointer).replace(/[^A-Za-z0-9]/g, (c) => `_${c.charCodeAt(0).toString(16)}`)}`;
}

/**
 * The name that tells this field apart from every other one, for buttons that act on it: list items are numbered
 * within each list, so a field inside an item carries the item's name too (`observations in Item 2 of entities`).
 */
export function fullName(slot: FieldSlot): string {
  return slot.item ?? (slot.within ? `${slot.label} in ${slot.within}` : slot.label);
}

function badges(slot: FieldSlot) {
  return html`${slot.field.readOnly ? html`<span class="badge">read-only</span>` : nothing}${
    slot.field.deprecated ? html`<span class="badge deprecated">deprecated</span>` : nothing
  }`;
}

function requiredMark(slot: FieldSlot) {
  return slot.required ? html`<span class="required" aria-hidden="true">*</span>` : nothing;
}

function messages(id: string, help: string | undefined, errors: string[]) {
  return html`${help ? html`<div class="help" id="${id}-help">${help}</div>` : nothing}${
    errors.length
      ? html`<div class="error" part="error" id="${id}-error">${errors.map((error) => html`<div>${error}</div>`)}</div>`
      : nothing
  }`;
}

function describedBy(id: string, help: string | undefined, errors: string[]): string | typeof nothing {
  const ids = [help ? `${id}-help` : '', errors.length ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : nothing;
}

/** What a nullable field holds when it stops being null: its seed, unset when it may be, else an empty value. */
function valueInsteadOfNull(slot: FieldSlot): unknown {
  const field = { ...slot.field, nullable: false };
  const seeded = seedValue(field, true);
  if (seeded !== undefined) return seeded;
  if (slot.removable) return undefined;
  return field.kind === 'number' ? 0 : emptyValue(field);
}

/** The null toggle of a nullable field: "Set null" while it holds a value, "Set a value" while it is null. */
function nullToggle(ctx: FieldContext, slot: FieldSlot) {
  if (!slot.field.nullable) return nothing;
  const isNull = slot.value === null;
  const next = () => ctx.change(slot.path, isNull ? valueInsteadOfNull(slot) : null);
  return html`<button type="button" class="link" ?disabled=${ctx.disabled} @click=${next}
    aria-label=${isNull ? `Set a value for ${fullName(slot)}` : `Set null for ${fullName(slot)}`}>${isNull ? 'Set a value' : 'Set null'}</button>`;
}

/** A labelled single control. `control` draws the input with the attributes that link it to its label and errors. */
export function renderFrame(
  ctx: FieldContext,
  slot: FieldSlot,
  control: (attributes: ControlAttributes) => TemplateResult,
  localErrors: string[] = [],
  inside = false,
): TemplateResult {
  const pointer = toPointer(slot.path);
  const id = idFor(pointer);
  // A local check and the server may say the same thing ("must be integer"): say it once.
  const errors = [...new Set([...localErrors, ...ctx.errorsAt(pointer, inside)])];
  const help = slot.field.description;
  const attributes: ControlAttributes = { id, describedBy: describedBy(id, help, errors), invalid: errors.length > 0 };
  return html`<div part="field" class="field">
    <div class="label-row">
      <label part="label" for=${id}>${slot.label}${requiredMark(slot)}</label>${badges(slot)}${nullToggle(ctx, slot)}
    </div>
    ${slot.value === null && slot.field.nullable ? html`<span class="null" id=${id}>null</span>` : control(attributes)}
    ${messages(id, help, errors)}
  </div>`;
}

/** A group of fields (object, array, tuple, variant) in a fieldset whose legend is the label. */
export function renderGroup(ctx: FieldContext, slot: FieldSlot, body: () => TemplateResult): TemplateResult {
  const pointer = toPointer(slot.path);
  const id = idFor(pointer);
  const errors = ctx.errorsAt(pointer);
  const help = slot.field.description;
  return html`<fieldset part="field" class="group"
    aria-describedby=${describedBy(id, help, errors)} aria-invalid=${errors.length ? 'true' : 'false'}>
    <legend part="label"><span>${slot.label}${requiredMark(slot)}</span>${badges(slot)}${nullToggle(ctx, slot)}</legend>
    ${messages(id, help, errors)}
    ${slot.value === null && slot.field.nullable ? html`<span class="null">null</span>` : body()}
  </fieldset>`;
}
