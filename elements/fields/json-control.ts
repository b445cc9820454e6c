// The fallback control: any part the form cannot draw is edited as JSON text. Half-written JSON stays in the
// box with an error under it; the arguments keep the last JSON that parsed.
import { html } from 'lit';
import { live } from 'lit/directives/live.js';
import { toPointer } from '../schema/json-pointer.js';
import { parseJsonText } from './json-text.js';
import type { FieldContext, FieldSlot } from './field-context.js';
import { renderFrame } from './field-frame.js';

/**
 * The text to show: what is being typed while it is invalid (blank text is, so a box emptied stays empty) or still
 * means the value, else the value.
 */
export function jsonTextFor(value: unknown, typing: string | undefined): string {
  if (typing !== undefined) {
    const parsed = parseJsonText(typing);
    if ('error' in parsed || JSON.stringify(parsed.value) === JSON.stringify(value)) return typing;
  }
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}

export function renderJson(ctx: FieldContext, slot: FieldSlot, reason: string) {
  const pointer = toPointer(slot.path);
  const typing = ctx.typingAt(pointer);
  const text = jsonTextFor(slot.value, typing);
  const problem = typing !== undefined && typing.trim() !== '' ? parseJsonText(typing) : undefined;
  const handleInput = (event: Event) => {
    const typed = (event.target as HTMLTextAreaElement).value;
    ctx.setTyping(pointer, typed);
    if (typed.trim() === '') return ctx.change(slot.path, slot.removable ? undefined : null);
    const parsed = parseJsonText(typed);
    if ('value' in parsed) ctx.change(slot.path, parsed.value);
  };
  const described = {
    ...slot,
    field: { ...slot.field, description: [slot.field.description, reason].filter(Boolean).join(' ') },
  };
  return renderFrame(
    ctx,
    described,
    (a) => html`<textarea part="input" class="json" id=${a.id} rows="3" spellcheck="false"
      aria-describedby=${a.describedBy} aria-invalid=${a.invalid ? 'true' : 'false'} ?required=${slot.required}
      ?disabled=${ctx.disabled || slot.field.readOnly} .value=${live(text)} @input=${handleInput}></textarea>`,
    problem && 'error' in problem ? [problem.error] : [],
    // Errors deeper inside a JSON part have no field of their own: they show here.
    true,
  );
}
