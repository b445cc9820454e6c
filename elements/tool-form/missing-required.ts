// The required properties the arguments leave out, found from the drawn fields alone: a backend without a validate
// endpoint still gets an Execute that marks them. Worded as the validator words them, so when both speak the
// form shows the message once.
import type { ValidationFailure } from '../../protocol/index.js';
import type { Field } from '../schema/field-descriptor.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';
import { type JsonPath, toPointer } from '../schema/json-pointer.js';

export function missingRequired(field: Field, value: unknown, path: JsonPath = []): ValidationFailure[] {
  if (field.kind === 'array' && Array.isArray(value)) {
    return value.flatMap((item, index) => missingRequired(field.items, item, [...path, index]));
  }
  if (field.kind !== 'object' || !isPlainObject(value)) return [];
  return field.properties.flatMap(({ key, required, field: property }) =>
    value[key] === undefined
      ? required
        ? [{ path: toPointer([...path, key]), keyword: 'required', message: `must have required property '${key}'` }]
        : []
      : missingRequired(property, value[key], [...path, key]),
  );
}
