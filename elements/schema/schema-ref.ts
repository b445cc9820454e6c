// Local `$ref` resolution and `allOf` merging: the two ways a schema points the form elsewhere before it can
// decide what control to draw. Only refs inside the tool's own schema are followed; remote refs are not fetched.
import type { JsonSchema } from '../api.js';
import { parsePointer } from './json-pointer.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';

export type SchemaObject = Record<string, unknown>;

export function isSchemaObject(schema: unknown): schema is SchemaObject {
  return isPlainObject(schema);
}

/** A URI fragment percent-decoded, or undefined when its percent-encoding is malformed (`#/%E0%A4%A`). */
function decodeFragment(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } /* Stryker disable next-line BlockStatement: empty, it answers undefined all the same */ catch {
    return undefined;
  }
}

/**
 * The schema a local `$ref` (`#`, `#/$defs/x`, `#/definitions/x`, any `#/...` pointer) names, or undefined when it
 * cannot be resolved: remote, malformed, or pointing at nothing.
 */
export function resolveRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  const pointer = decodeFragment(ref.slice(1));
  const tokens = pointer === undefined ? undefined : parsePointer(pointer);
  if (!tokens) return undefined;
  let current: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(current)) current = current[Number(token)];
    else if (isSchemaObject(current) && Object.hasOwn(current, token)) current = current[token];
    else return undefined;
  }
  return typeof current === 'boolean' || isSchemaObject(current) ? current : undefined;
}

function uniqueStrings(...lists: unknown[]): string[] {
  const all = lists.flatMap((list) => (Array.isArray(list) ? list.filter((item) => typeof item === 'string') : []));
  return [...new Set(all as string[])];
}

/**
 * Two schemas that must both hold, as one: properties merged key by key (a key in both becomes their `allOf`),
 * `required` united, anything else taken from the later schema. Good enough to draw a form; the server validates.
 */
export function mergeSchemas(first: SchemaObject, second: SchemaObject): SchemaObject {
  const merged: SchemaObject = { ...first, ...second };
  if (isSchemaObject(first.properties) && isSchemaObject(second.properties)) {
    const properties: SchemaObject = { ...first.properties };
    for (const [key, schema] of Object.entries(second.properties)) {
      properties[key] = Object.hasOwn(properties, key) ? { allOf: [properties[key], schema] } : schema;
    }
    merged.properties = properties;
  }
  if (first.required !== undefined || second.required !== undefined) {
    merged.required = uniqueStrings(first.required, second.required);
  }
  if (first.type !== undefined && second.type === undefined) merged.type = first.type;
  return merged;
}

/**
 * `schema` with its `allOf` folded in, each member first passed through `expand` (which resolves its refs).
 * Members that are not objects (`true`) add nothing.
 */
export function mergeAllOf(schema: SchemaObject, expand: (member: unknown) => SchemaObject | undefined): SchemaObject {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  let merged: SchemaObject = {};
  for (const member of allOf as unknown[]) {
    const expanded = expand(member);
    if (expanded) merged = mergeSchemas(merged, expanded);
  }
  return mergeSchemas(merged, rest);
}
