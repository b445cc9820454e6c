// The values a form starts with: declared `default`s, and what a new array item holds. Optional fields without a
// default start unset, so nothing the user never touched is sent.
import type { Field } from './field-descriptor.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';

function copy(value: unknown): unknown {
  return value === undefined ? undefined : structuredClone(value);
}

/**
 * The starting value of a field, or undefined for "unset". `required` says whether the parent needs it: a
 * required boolean starts false (an unchecked box that sent nothing would fail validation), a required const
 * (a variant's discriminator) starts at its value, and a required object starts as `{}` with its own defaults.
 */
export function seedValue(field: Field, required: boolean): unknown {
  if (field.default) return copy(field.default.value);
  switch (field.kind) {
    case 'object': {
      const seeded: Record<string, unknown> = {};
      for (const property of field.properties) {
        const value = seedValue(property.field, property.required);
        if (value !== undefined) seeded[property.key] = value;
      }
      return required || Object.keys(seeded).length > 0 ? seeded : undefined;
    }
    case 'boolean':
      return required ? false : undefined;
    case 'const':
      return required ? copy(field.value) : undefined;
    case 'variant':
      return required ? seedValue(field.variants[0].field, true) : undefined;
    default:
      return undefined;
  }
}

/** The value a newly added array item (or tuple position) holds: it must hold something to take its place. */
export function emptyValue(field: Field): unknown {
  const seeded = seedValue(field, true);
  if (seeded !== undefined) return seeded;
  switch (field.kind) {
    case 'string':
      return '';
    case 'enum':
      // Stryker disable next-line OptionalChaining: describeSchema draws no enum without options (it draws a const)
      return copy(field.options[0]?.value);
    case 'array':
      return [];
    case 'tuple':
      return field.items.map(emptyValue);
    case 'variant':
      return emptyValue(field.variants[0].field);
    default:
      // Numbers and JSON parts start as null: an honest "nothing yet" that validation will point at.
      return null;
  }
}

/** The starting arguments of a tool: always an object, with every declared default in place. */
export function seedArguments(field: Field): Record<string, unknown> {
  const seeded = seedValue(field, true);
  return isPlainObject(seeded) ? seeded : {};
}
