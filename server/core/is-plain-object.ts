/** A JSON object: not null, not an array. (The page has its own, elements/lib/is-plain-object.ts: it bundles no server module.) */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
