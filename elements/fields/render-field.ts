// Picks the control for a field. A value whose JSON type the field cannot show (pasted or replayed arguments
// that disagree with the schema) is edited as JSON rather than dropped.
import type { TemplateResult } from 'lit';
import { renderArray, renderObject, renderTuple, renderVariant } from './container-fields.js';
import type { FieldContext, FieldSlot } from './field-context.js';
import { renderJson } from './json-control.js';
import { renderBoolean, renderConst, renderEnum, renderNumber, renderString } from './primitive-controls.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';

/** Whether the field's control can show the slot's value without losing it. */
function canShow({ field, value, removable }: FieldSlot): boolean {
  if (value === undefined || (value === null && field.nullable)) return true;
  switch (field.kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      // The number control itself keeps text that is not (yet) a number as a string, and holds null where a list item
      // or tuple position is new or emptied (such a place cannot be unset; an optional field's null is shown as JSON).
      return typeof value === 'number' || typeof value === 'string' || (value === null && !removable);
    case 'boolean':
      return typeof value === 'boolean';
    case 'enum':
      return field.options.some((option) => JSON.stringify(option.value) === JSON.stringify(value));
    case 'object':
      return isPlainObject(value);
    case 'array':
    case 'tuple':
      return Array.isArray(value);
    default:
      return true;
  }
}

export function renderField(ctx: FieldContext, slot: FieldSlot): TemplateResult {
  const { field } = slot;
  if (!canShow(slot)) {
    return renderJson(ctx, slot, 'The value does not fit the schema here: edited as JSON.');
  }
  switch (field.kind) {
    case 'string':
      return renderString(ctx, slot, field);
    case 'number':
      return renderNumber(ctx, slot, field);
    case 'boolean':
      return renderBoolean(ctx, slot, field);
    case 'enum':
      return renderEnum(ctx, slot, field);
    case 'const':
      return renderConst(ctx, slot, field);
    case 'object':
      return renderObject(ctx, slot, field);
    case 'array':
      return renderArray(ctx, slot, field);
    case 'tuple':
      return renderTuple(ctx, slot, field);
    case 'variant':
      return renderVariant(ctx, slot, field);
    case 'json':
      return renderJson(ctx, slot, field.reason);
  }
}
