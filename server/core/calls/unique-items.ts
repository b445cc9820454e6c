// JSON Schema's `uniqueItems` in linear time. ajv compares items of an untyped array pairwise with a deep equality,
// so 60,000 distinct numbers cost 1.8 billion comparisons and block the event loop for seconds; here every item is
// written once in a canonical form (object keys sorted) and looked up in a Map.
import type { KeywordDefinition, SchemaValidateFunction } from 'ajv';

/** A text equal for two JSON values exactly when JSON Schema calls them equal (key order does not matter). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const validateUniqueItems: SchemaValidateFunction = (unique: boolean, items: unknown[]) => {
  if (!unique) return true;
  const firstIndex = new Map<string, number>();
  for (let index = 0; index < items.length; index += 1) {
    const key = canonicalJson(items[index]);
    const earlier = firstIndex.get(key);
    if (earlier !== undefined) {
      // ajv's own wording and parameters, so the message reads the same as for every other keyword.
      validateUniqueItems.errors = [
        {
          keyword: 'uniqueItems',
          message: `must NOT have duplicate items (items ## ${earlier} and ${index} are identical)`,
          // Stryker disable next-line ObjectLiteral: no answer shows an error's params (see toFailures)
          params: { i: index, j: earlier },
        },
      ];
      return false;
    }
    firstIndex.set(key, index);
  }
  return true;
};

/** Replaces ajv's built-in keyword: `ajv.removeKeyword('uniqueItems').addKeyword(uniqueItemsKeyword)`. */
export const uniqueItemsKeyword: KeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  // Stryker disable next-line StringLiteral: ajv's meta-schema refuses a uniqueItems that is not a boolean first
  schemaType: 'boolean',
  errors: true,
  validate: validateUniqueItems,
};
