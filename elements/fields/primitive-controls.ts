// The controls of single values: text, number, boolean, choice, fixed value. Each reports edits through the
// context and never decides what the arguments look like beyond its own place in them.
import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { dateTimeInputText, dateTimeValue } from './date-time-local.js';
import type { BooleanField, ConstField, EnumField, NumberField, StringField } from '../schema/field-descriptor.js';
import { toPointer } from '../schema/json-pointer.js';
import { numberTextFor, parseNumberText } from './number-text.js';
import type { FieldContext, FieldSlot } from './field-context.js';
import { type ControlAttributes, renderFrame } from './field-frame.js';

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;

function common(ctx: FieldContext, slot: FieldSlot, a: ControlAttributes) {
  return {
    id: a.id,
    describedBy: a.describedBy,
    invalid: a.invalid ? 'true' : 'false',
    disabled: ctx.disabled || slot.field.readOnly,
  };
}

/** What a date, time or date-time input can show; undefined means the value would be lost in it. */
function pickerText(field: StringField, value: unknown): string | undefined {
  if (field.inputType === 'datetime-local') return dateTimeInputText(value);
  // Only text or nothing reaches here (render-field edits any other value as JSON; a null is drawn as null).
  const text = String(value ?? '');
  if (text === '') return '';
  const shape = field.inputType === 'date' ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
  return shape.test(text) ? text : undefined;
}

export function renderString(ctx: FieldContext, slot: FieldSlot, field: StringField) {
  const picker = ['date', 'datetime-local', 'time'].includes(field.inputType);
  const shown = picker ? pickerText(field, slot.value) : undefined;
  // A value the picker cannot show (a date with a zone it drops, a free-form time) stays in a text input.
  const inputType = picker && shown === undefined ? 'text' : field.inputType;
  const text = shown ?? (typeof slot.value === 'string' ? slot.value : '');
  const handleInput = (event: Event) => {
    const typed = inputValue(event);
    const value = inputType === 'datetime-local' ? dateTimeValue(typed) : typed;
    ctx.change(slot.path, typed === '' && slot.removable ? undefined : value);
  };
  const multiline = field.multiline || text.includes('\n');
  return renderFrame(ctx, slot, (a) => {
    const c = common(ctx, slot, a);
    return multiline
      ? html`<textarea part="input" id=${c.id} rows="4" aria-describedby=${c.describedBy} aria-invalid=${c.invalid}
          ?required=${slot.required} ?disabled=${c.disabled} minlength=${field.minLength ?? nothing}
          maxlength=${field.maxLength ?? nothing} .value=${live(text)} @input=${handleInput}></textarea>`
      : html`<input part="input" id=${c.id} type=${inputType} aria-describedby=${c.describedBy} aria-invalid=${c.invalid}
          ?required=${slot.required} ?disabled=${c.disabled} minlength=${field.minLength ?? nothing}
          maxlength=${field.maxLength ?? nothing} step=${inputType === 'text' || inputType === 'email' || inputType === 'url' ? nothing : '1'}
          placeholder=${field.format && inputType === 'text' ? field.format : nothing} .value=${live(text)} @input=${handleInput} />`;
  });
}

/** What is wrong with a number field's content, said next to it (the value itself keeps what was typed). */
function numberProblems(field: NumberField, value: unknown, typing: string | undefined): string[] {
  if (typeof value === 'string') {
    const parsed = parseNumberText(value);
    return [parsed.kind === 'invalid' ? parsed.reason : 'This is text, not a number: retype it to send a number.'];
  }
  if (typeof value !== 'number') return [];
  const problems: string[] = [];
  if (typing !== undefined && parseNumberText(typing).kind === 'rounded') {
    problems.push(`Will be sent as ${value}: a JSON number cannot carry these digits exactly.`);
  }
  // Worded as the validator words it, so the two messages collapse into one when both are present.
  if (field.integer && !Number.isInteger(value)) problems.push('must be integer');
  return problems;
}

export function renderNumber(ctx: FieldContext, slot: FieldSlot, field: NumberField) {
  const pointer = toPointer(slot.path);
  const typing = ctx.typingAt(pointer);
  const handleInput = (event: Event) => {
    const typed = inputValue(event);
    const parsed = parseNumberText(typed);
    ctx.setTyping(pointer, typed);
    if (parsed.kind === 'empty') ctx.change(slot.path, slot.removable ? undefined : null);
    // Unparseable text is kept in the arguments as a string: nothing typed is dropped, and validation flags it.
    else ctx.change(slot.path, parsed.kind === 'invalid' ? typed : parsed.value);
  };
  const negativeAllowed = field.minimum === undefined || field.minimum < 0;
  return renderFrame(
    ctx,
    slot,
    (a) => {
      const c = common(ctx, slot, a);
      return html`<input part="input" id=${c.id} type="text" inputmode=${field.integer && !negativeAllowed ? 'numeric' : 'decimal'}
        autocomplete="off" aria-describedby=${c.describedBy} aria-invalid=${c.invalid} ?required=${slot.required}
        ?disabled=${c.disabled} .value=${live(numberTextFor(slot.value, typing))} @input=${handleInput} />`;
    },
    numberProblems(field, slot.value, typing),
  );
}

export function renderBoolean(ctx: FieldContext, slot: FieldSlot, _field: BooleanField) {
  const unset = slot.value === undefined;
  const handleChange = (event: Event) => ctx.change(slot.path, (event.target as HTMLInputElement).checked);
  return renderFrame(ctx, slot, (a) => {
    const c = common(ctx, slot, a);
    // An optional boolean has a third state, unset (not sent): shown as an indeterminate box with a note.
    return html`<span class="checkbox-row"><input part="input" id=${c.id} type="checkbox" aria-describedby=${c.describedBy}
        aria-invalid=${c.invalid} aria-required=${slot.required ? 'true' : 'false'} ?disabled=${c.disabled}
        .checked=${live(slot.value === true)} .indeterminate=${unset && slot.removable} @change=${handleChange} />${
          slot.removable
            ? unset
              ? html`<span class="note">not set</span>`
              : html`<button type="button" class="link" ?disabled=${c.disabled} aria-label="Unset ${slot.label}"
                @click=${() => ctx.change(slot.path, undefined)}>Unset</button>`
            : nothing
        }</span>`;
  });
}

export function renderEnum(ctx: FieldContext, slot: FieldSlot, field: EnumField) {
  const key = JSON.stringify(slot.value);
  const selected = field.options.findIndex((option) => JSON.stringify(option.value) === key);
  const handleChange = (event: Event) => {
    const index = (event.target as HTMLSelectElement).value;
    // The blank choice is picked only where it is offered to unset the field: a place that cannot be unset offers it
    // only while nothing is chosen, and picking what is picked already changes nothing.
    ctx.change(slot.path, index === '' ? undefined : structuredClone(field.options[Number(index)].value));
  };
  return renderFrame(ctx, slot, (a) => {
    const c = common(ctx, slot, a);
    // Options are addressed by index, so a numeric or object enum value keeps its JSON type. The blank choice comes
    // first, so it shows whenever no option is selected (a select shows its first option then).
    return html`<select part="input" id=${c.id} aria-describedby=${c.describedBy} aria-invalid=${c.invalid}
      ?required=${slot.required} ?disabled=${c.disabled} @change=${handleChange}>
      ${
        selected < 0 || slot.removable
          ? html`<option value="">${slot.required ? 'Choose…' : '(not set)'}</option>`
          : nothing
      }
      ${field.options.map((option, index) => html`<option value=${index} .selected=${index === selected}>${option.label}</option>`)}
    </select>`;
  });
}

export function renderConst(ctx: FieldContext, slot: FieldSlot, field: ConstField) {
  return renderFrame(ctx, slot, (a) => {
    const c = common(ctx, slot, a);
    return html`<input part="input" id=${c.id} type="text" readonly aria-describedby=${c.describedBy}
      aria-invalid=${c.invalid} .value=${typeof field.value === 'string' ? field.value : JSON.stringify(field.value)} />`;
  });
}
