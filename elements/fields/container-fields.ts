// Fields that hold other fields: objects (and their extra key/value entries), arrays with add / remove /
// reorder, fixed-length tuples, and oneOf/anyOf variants with a picker.
import { type TemplateResult, html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { emptyValue, seedValue } from '../schema/defaults.js';
import type {
  ArrayField,
  EnumField,
  Field,
  ObjectField,
  TupleField,
  VariantField,
} from '../schema/field-descriptor.js';
import { setAt, toPointer } from '../schema/json-pointer.js';
import type { FieldContext, FieldSlot } from './field-context.js';
import { fullName, idFor, renderGroup } from './field-frame.js';
import { renderField } from './render-field.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';

function asObject(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {};
}

/** An object's properties; `bare` leaves out the fieldset (the root, and an object inside a variant). */
export function renderObject(ctx: FieldContext, slot: FieldSlot, field: ObjectField, bare = false): TemplateResult {
  const value = asObject(slot.value);
  const body = () =>
    html`${field.properties.map((property) =>
      renderField(ctx, {
        field: property.field,
        path: [...slot.path, property.key],
        value: value[property.key],
        // An empty title names nothing: the key does.
        label: property.field.title || property.key,
        required: property.required,
        removable: true,
        within: slot.item ?? slot.within,
      }),
    )}${field.additional ? renderEntries(ctx, slot, field, field.additional, value) : nothing}`;
  return bare ? body() : renderGroup(ctx, slot, body);
}

/** `additionalProperties` with a schema: one field per extra key, and a row to add a key. */
function renderEntries(
  ctx: FieldContext,
  slot: FieldSlot,
  field: ObjectField,
  valueField: Field,
  value: Record<string, unknown>,
) {
  const known = new Set(field.properties.map((property) => property.key));
  const extraKeys = Object.keys(value).filter((key) => !known.has(key));
  // The key being typed lives with the other typing, under a name no JSON Pointer can have.
  const newKeyName = `${toPointer(slot.path)}#new-key`;
  const newKey = ctx.typingAt(newKeyName) ?? '';
  const taken = known.has(newKey) || Object.hasOwn(value, newKey);
  const add = () => {
    ctx.setTyping(newKeyName, undefined);
    ctx.change([...slot.path, newKey], emptyValue(valueField));
  };
  const inputId = `${idFor(toPointer(slot.path))}-new-key`;
  return html`<div class="entries">
    ${extraKeys.map(
      (key) => html`<div class="entry">
        ${renderField(ctx, { field: valueField, path: [...slot.path, key], value: value[key], label: key, required: false, removable: false, within: slot.item ?? slot.within })}
        <button type="button" class="small" ?disabled=${ctx.disabled} aria-label="Remove ${key}"
          @click=${() => ctx.change([...slot.path, key], undefined)}>Remove</button>
      </div>`,
    )}
    <div class="add-entry">
      <label for=${inputId}>New key in ${slot.label || 'arguments'}</label>
      <input id=${inputId} type="text" part="input" .value=${live(newKey)} ?disabled=${ctx.disabled}
        @input=${(event: Event) => ctx.setTyping(newKeyName, (event.target as HTMLInputElement).value)}
        @keydown=${(event: KeyboardEvent) => {
          // Enter here adds the key (elsewhere in the form it runs the tool).
          if (event.key !== 'Enter' || event.isComposing) return;
          event.preventDefault();
          event.stopPropagation();
          if (newKey !== '' && !taken) add();
        }} />
      <button type="button" class="small" ?disabled=${ctx.disabled || newKey === '' || taken} @click=${add}>Add entry</button>
    </div>
  </div>`;
}

export function renderArray(ctx: FieldContext, slot: FieldSlot, field: ArrayField): TemplateResult {
  const items = Array.isArray(slot.value) ? slot.value : [];
  if (field.items.kind === 'enum' && isPicking(field.items, items)) return renderPicks(ctx, slot, field.items, items);
  const pointer = toPointer(slot.path);
  const itemName = field.items.title || 'Item';
  // Items are numbered within their list: "Item 1 of tags", "Item 1 of observations in Item 2 of entities".
  const listName = fullName(slot);
  // Moving or removing items shifts pointers: typing kept for the old positions would land on the wrong item.
  const update = (next: unknown[]) => {
    ctx.forgetTyping(pointer);
    ctx.change(slot.path, next);
  };
  const move = (from: number, to: number) => {
    const next = items.slice();
    [next[from], next[to]] = [next[to], next[from]];
    update(next);
  };
  const full = items.length >= (field.maxItems ?? Infinity);
  return renderGroup(
    ctx,
    slot,
    () => html`
    <ol class="items">
      ${items.map((item, index) => {
        const label = `${itemName} ${index + 1}`;
        const name = `${label} of ${listName}`;
        return html`<li class="item">
          ${renderField(ctx, { field: field.items, path: [...slot.path, index], value: item, label, required: false, removable: false, item: name })}
          <div class="item-actions">
            <button type="button" class="small" aria-label="Move ${name} up" ?disabled=${ctx.disabled || index === 0}
              @click=${() => move(index, index - 1)}>↑</button>
            <button type="button" class="small" aria-label="Move ${name} down"
              ?disabled=${ctx.disabled || index === items.length - 1} @click=${() => move(index, index + 1)}>↓</button>
            <button type="button" class="small" aria-label="Remove ${name}" ?disabled=${ctx.disabled}
              @click=${() => update(items.filter((_, other) => other !== index))}>Remove</button>
          </div>
        </li>`;
      })}
    </ol>
    <button type="button" class="small add" ?disabled=${ctx.disabled || full}
      aria-label="Add ${itemName.toLowerCase()} to ${listName || 'the arguments'}"
      @click=${() => update([...items, emptyValue(field.items)])}>Add ${itemName.toLowerCase()}</button>`,
  );
}

const keyOf = (value: unknown) => JSON.stringify(value);

/** Whether the items are a set of the choices: each one offered, none twice (what a row of checkboxes can show). */
function isPicking(choices: EnumField, items: unknown[]): boolean {
  const offered = new Set(choices.options.map((option) => keyOf(option.value)));
  const keys = items.map(keyOf);
  return new Set(keys).size === keys.length && keys.every((key) => offered.has(key));
}

/**
 * An array of choices as checkboxes, one per choice (MCP's multi-select): picking adds the value at the end,
 * unpicking removes it, and the order of what was picked is kept.
 */
function renderPicks(ctx: FieldContext, slot: FieldSlot, choices: EnumField, items: unknown[]): TemplateResult {
  const keys = items.map(keyOf);
  const id = idFor(toPointer(slot.path));
  return renderGroup(
    ctx,
    slot,
    () => html`<div class="picks">
      ${choices.options.map((option, index) => {
        const key = keyOf(option.value);
        const pick = (event: Event) =>
          ctx.change(
            slot.path,
            (event.target as HTMLInputElement).checked
              ? [...items, structuredClone(option.value)]
              : items.filter((_, at) => keys[at] !== key),
          );
        return html`<span class="checkbox-row"><input part="input" type="checkbox" id="${id}-${index}"
            .checked=${live(keys.includes(key))} ?disabled=${ctx.disabled} @change=${pick} /><label
            for="${id}-${index}">${option.label}</label></span>`;
      })}
    </div>`,
  );
}

export function renderTuple(ctx: FieldContext, slot: FieldSlot, field: TupleField): TemplateResult {
  const items = Array.isArray(slot.value) ? slot.value : [];
  // Filling one position of a missing or short tuple fills the others with their empty values, not holes.
  const complete = field.items.map((item, index) => (index < items.length ? items[index] : emptyValue(item)));
  const tupleCtx: FieldContext =
    items.length >= field.items.length
      ? ctx
      : { ...ctx, change: (path, next) => ctx.change(slot.path, setAt(complete, path.slice(slot.path.length), next)) };
  return renderGroup(
    ctx,
    slot,
    () =>
      html`${field.items.map((item, index) =>
        renderField(tupleCtx, {
          field: item,
          path: [...slot.path, index],
          value: items[index],
          label: item.title || `${slot.label || 'Item'} [${index}]`,
          // Positions are never absent (removable: false), so there is nothing to mark as required.
          required: false,
          removable: false,
          within: slot.item ?? slot.within,
        }),
      )}`,
  );
}

export function renderVariant(ctx: FieldContext, slot: FieldSlot, field: VariantField): TemplateResult {
  const pointer = toPointer(slot.path);
  const index = ctx.variantAt(pointer, field.variants, slot.value);
  const chosen = field.variants[index];
  const pickerId = `${idFor(pointer)}-variant`;
  const pick = (event: Event) => {
    const next = field.variants[Number((event.target as HTMLSelectElement).value)];
    ctx.chooseVariant(pointer, field.variants.indexOf(next));
    // A new shape starts from its own defaults (and discriminator), not from the old shape's leftovers.
    const seeded = seedValue(next.field, !slot.removable);
    ctx.forgetTyping(pointer);
    ctx.change(slot.path, seeded ?? (slot.removable ? undefined : emptyValue(next.field)));
  };
  const inner = { ...slot, field: { ...chosen.field, nullable: false } };
  return renderGroup(
    ctx,
    slot,
    () => html`
    <div class="variant-picker">
      <label for=${pickerId}>Variant</label>
      <select id=${pickerId} part="input" aria-label="Variant of ${fullName(slot) || 'the arguments'}" ?disabled=${ctx.disabled} @change=${pick}>
        ${field.variants.map((variant, option) => html`<option value=${option} .selected=${option === index}>${variant.label}</option>`)}
      </select>
    </div>
    ${
      // Null or a list is no object: drawn as fields, it would look empty and be replaced by the first edit.
      chosen.field.kind === 'object' && (slot.value === undefined || isPlainObject(slot.value))
        ? renderObject(ctx, inner, chosen.field, true)
        : renderField(ctx, { ...inner, label: `${slot.label || 'Value'} (${chosen.label})` })
    }`,
  );
}
