/** A JSON object: not null, not an array. (The server has its own, server/core/is-plain-object.ts.) */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
