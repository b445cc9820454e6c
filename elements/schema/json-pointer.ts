// Immutable updates at a path: the form addresses every field by the path of its value, and validation errors come
// back as JSON Pointers into the same value (written and read by the protocol's json-pointer, re-exported here).
import { isPlainObject } from '../../protocol/is-plain-object.js';
import type { JsonPath } from '../../protocol/json-pointer.js';

export { isWithin, parsePointer, toPointer, type JsonPath } from '../../protocol/json-pointer.js';

/** The value at `path`, or undefined when any step is missing. */
export function getAt(root: unknown, path: JsonPath): unknown {
  let current = root;
  for (const token of path) {
    if (Array.isArray(current)) current = current[Number(token)];
    else if (isPlainObject(current) && Object.hasOwn(current, token)) current = current[token];
    else return undefined;
  }
  return current;
}

/**
 * A copy of `root` with `value` at `path`, creating the objects on the way. `undefined` removes an object key
 * (an optional field the user cleared is not sent); array items are replaced in place.
 */
export function setAt(root: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  // Numeric steps address array items; a missing array on the way is created as one (a tuple filled in order).
  if (typeof head === 'number' && (Array.isArray(root) || root === undefined || root === null)) {
    const copy = Array.isArray(root) ? root.slice() : [];
    // JSON has no holes: positions skipped on the way hold null.
    // Stryker disable next-line EqualityOperator: a null pushed at `head` itself is overwritten on the next line
    while (copy.length < head) copy.push(null);
    copy[head] = setAt(copy[head], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = isPlainObject(root) ? { ...root } : {};
  const key = String(head);
  const next = setAt(Object.hasOwn(copy, key) ? copy[key] : undefined, rest, value);
  if (next === undefined) delete copy[key];
  // defineProperty, not assignment: a property named `__proto__` must stay a key, not become the prototype.
  else Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
  return copy;
}
