/** A JSON object: not null, not an array. The one copy, for the server and the page alike. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
