// Whether a text content item is the JSON of the structured content: servers send both, as the MCP spec advises for
// clients that read only text, and the page shows such a pair once.

/** Deep equality of two JSON values (object key order does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key as never], b[key as never]))
  );
}

/** True when `text` parses to JSON deep-equal to `value`. */
export function isJsonOf(text: unknown, value: unknown): boolean {
  if (typeof text !== 'string' || !/^\s*[[{]/.test(text)) return false;
  try {
    return jsonEqual(JSON.parse(text), value);
  } catch {
    // Not JSON, or nested too deep to compare: not a twin, so it is shown.
    return false;
  }
}
