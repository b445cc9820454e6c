// What a form can check with no server to ask: the flat schemas of a question from a server (MCP elicitation) have no
// validate endpoint behind them. Required fields, types, lengths, bounds, the four formats MCP names, allowed values
// and how many are picked; worded as the server's validator (ajv) words them, so a message both give shows once.
// Parts it does not know (variants, tuples, JSON boxes) are left to the server, which checks the answer anyway.
import type { ValidationFailure } from '../../protocol/index.js';
import type { Field } from '../schema/field-descriptor.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';
import { type JsonPath, toPointer } from '../schema/json-pointer.js';

function parses(url: string): boolean {
  try {
    return Boolean(new URL(url));
  } /* Stryker disable next-line BlockStatement: empty, it answers undefined: the format fails too */ catch {
    return false;
  }
}

const FORMATS: Record<string, (text: string) => boolean> = {
  email: (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
  uri: (text) => /^[a-z][a-z\d+.-]*:/i.test(text) && parses(text),
  date: (text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)),
  'date-time': (text) =>
    /^\d{4}-\d{2}-\d{2}t\d{2}:\d{2}:\d{2}(\.\d+)?(z|[+-]\d{2}:\d{2})$/i.test(text) && !Number.isNaN(Date.parse(text)),
};

/** Every problem the form can see in `value` against `field`, each at the JSON Pointer of its place. */
export function localProblems(field: Field, value: unknown, path: JsonPath = []): ValidationFailure[] {
  const problems: ValidationFailure[] = [];
  const fail = (keyword: string, message: string) => problems.push({ path: toPointer(path), keyword, message });
  if (value === null && field.nullable) return problems;
  switch (field.kind) {
    case 'object':
      if (!isPlainObject(value)) fail('type', 'must be object');
      else
        for (const { key, required, field: property } of field.properties) {
          if (value[key] !== undefined) problems.push(...localProblems(property, value[key], [...path, key]));
          else if (required) {
            const at = toPointer([...path, key]);
            problems.push({ path: at, keyword: 'required', message: `must have required property '${key}'` });
          }
        }
      break;
    case 'string': {
      if (typeof value !== 'string') {
        fail('type', 'must be string');
        break;
      }
      // ajv counts characters as code points, as JSON Schema says.
      const length = [...value].length;
      if (field.minLength !== undefined && length < field.minLength) {
        fail('minLength', `must NOT have fewer than ${field.minLength} characters`);
      }
      if (field.maxLength !== undefined && length > field.maxLength) {
        fail('maxLength', `must NOT have more than ${field.maxLength} characters`);
      }
      const format = field.format !== undefined && Object.hasOwn(FORMATS, field.format) ? field.format : undefined;
      if (format && !FORMATS[format](value)) fail('format', `must match format "${format}"`);
      break;
    }
    case 'number':
      if (typeof value !== 'number' || (field.integer && !Number.isInteger(value))) {
        fail('type', `must be ${field.integer ? 'integer' : 'number'}`);
      } else if (field.minimum !== undefined && value < field.minimum) fail('minimum', `must be >= ${field.minimum}`);
      else if (field.maximum !== undefined && value > field.maximum) fail('maximum', `must be <= ${field.maximum}`);
      break;
    case 'boolean':
      if (typeof value !== 'boolean') fail('type', 'must be boolean');
      break;
    case 'enum': {
      const key = JSON.stringify(value);
      if (!field.options.some((option) => JSON.stringify(option.value) === key)) {
        fail('enum', 'must be equal to one of the allowed values');
      }
      break;
    }
    case 'array':
      if (!Array.isArray(value)) {
        fail('type', 'must be array');
        break;
      }
      if (field.minItems !== undefined && value.length < field.minItems) {
        fail('minItems', `must NOT have fewer than ${field.minItems} items`);
      }
      if (field.maxItems !== undefined && value.length > field.maxItems) {
        fail('maxItems', `must NOT have more than ${field.maxItems} items`);
      }
      value.forEach((item, index) => problems.push(...localProblems(field.items, item, [...path, index])));
      break;
  }
  return problems;
}
