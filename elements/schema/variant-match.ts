// Which variant of a `oneOf`/`anyOf` a value already is, so a replayed or pasted value opens on the right one.
import type { Field } from './field-descriptor.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';

/** How well `value` fits `field`: negative for "cannot be", higher for a closer fit. */
export function fitScore(field: Field, value: unknown): number {
  switch (field.kind) {
    case 'string':
      return typeof value === 'string' ? 1 : -1;
    case 'number':
      return typeof value === 'number' && (!field.integer || Number.isInteger(value)) ? 1 : -1;
    case 'boolean':
      return typeof value === 'boolean' ? 1 : -1;
    case 'const':
      return JSON.stringify(value) === JSON.stringify(field.value) ? 3 : -1;
    case 'enum':
      return field.options.some((option) => JSON.stringify(option.value) === JSON.stringify(value)) ? 2 : -1;
    case 'array':
    case 'tuple':
      return Array.isArray(value) ? 1 : -1;
    case 'variant':
      return Math.max(...field.variants.map((variant) => fitScore(variant.field, value)));
    case 'json':
      return 0;
    case 'object': {
      if (!isPlainObject(value)) return -1;
      let score = 1;
      for (const property of field.properties) {
        const present = Object.hasOwn(value, property.key);
        if (property.required && !present) return -1;
        if (!present) continue;
        const fit = fitScore(property.field, value[property.key]);
        // A discriminator (a const property) that disagrees rules the variant out.
        if (fit < 0 && property.field.kind === 'const') return -1;
        score += fit < 0 ? -1 : fit + 1;
      }
      if (!field.additional) {
        const known = new Set(field.properties.map((property) => property.key));
        score -= Object.keys(value).filter((key) => !known.has(key)).length;
      }
      return score;
    }
  }
}

/** The index of the variant `value` fits best; the first when nothing fits (or the value is unset). */
export function matchVariant(variants: readonly { field: Field }[], value: unknown): number {
  if (value === undefined || value === null) return 0;
  let best = 0;
  let bestScore = -Infinity;
  variants.forEach((variant, index) => {
    const score = fitScore(variant.field, value);
    if (score > bestScore) [best, bestScore] = [index, score];
  });
  return best;
}
