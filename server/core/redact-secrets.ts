// Blanks secrets out of a value before it is formatted for the log. Searching the formatted text afterwards is not
// enough: util.inspect cuts strings past 10,000 characters and escapes backslashes, quotes and control characters,
// so a secret inside an object or an Error's own field no longer appears as itself. So the value is copied with the
// secrets replaced in every string it holds (Error messages, stacks and causes, keys, nested objects, arrays, maps,
// sets), and the copy is formatted.

const REDACTED = '[redacted]';

// inspect prints two levels of nesting (an Error's causes count as levels too); the walk copies well beyond that,
// so the cut never shows, and stops there, so a deep or endless structure costs little.
const MAX_DEPTH = 10;

type Walk = (value: unknown) => unknown;

// Values whose text does not live in their own properties (dates, binary data, promises, weak collections, regular
// expressions; functions too) are kept as they are: the text pass in formatRedacted is their safety net.
const KEPT_AS_IS: readonly ((value: object) => boolean)[] = [
  (value) => value instanceof Date,
  (value) =>
    value instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && value instanceof SharedArrayBuffer),
  (value) => ArrayBuffer.isView(value),
  (value) => value instanceof Promise,
  (value) => value instanceof WeakMap,
  (value) => value instanceof WeakSet,
  (value) => value instanceof RegExp,
];

/** A Number, String, Boolean, Symbol or BigInt object (`new String('x')`): its text is its primitive's. */
const isBoxedPrimitive = (value: object): value is { valueOf(): unknown } =>
  value instanceof Number ||
  value instanceof String ||
  value instanceof Boolean ||
  value instanceof Symbol ||
  value instanceof BigInt;

function redactText(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) text = text.replaceAll(secret, REDACTED);
  return text;
}

function redactSymbol(symbol: symbol, secrets: readonly string[]): symbol {
  const description = symbol.description;
  return description !== undefined && secrets.some((secret) => description.includes(secret))
    ? Symbol(redactText(description, secrets))
    : symbol;
}

// The name of a stand-in for a prototype without a named constructor; inspect shows none for it.
// Stryker disable next-line StringLiteral: inspect prints neither 'Object' nor '' as a class name, so no log can tell
const UNNAMED = 'Object';

/** A prototype that names the same class as `proto` without its behaviour (custom inspect, getters, slots). */
function standInPrototype(proto: object): object {
  const name = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value?.name;
  const standIn = class {};
  Object.defineProperty(standIn, 'name', { value: typeof name === 'string' ? name : UNNAMED });
  return standIn.prototype;
}

/** Copies own properties, keys and values redacted; accessors are kept as they are (inspect does not call them). */
function copyProperties(from: object, to: object, walk: Walk, secrets: readonly string[]): void {
  for (const key of Reflect.ownKeys(from)) {
    const descriptor = Object.getOwnPropertyDescriptor(from, key)!;
    if ('value' in descriptor) descriptor.value = walk(descriptor.value);
    const copiedKey = typeof key === 'string' ? redactText(key, secrets) : redactSymbol(key, secrets);
    Object.defineProperty(to, copiedKey, descriptor);
  }
}

/** A real Error (inspect prints those by their stack) of the same class, with no properties of its own yet. */
function errorLike(error: Error): Error {
  const copy: Error = Object.setPrototypeOf(new Error(), Object.getPrototypeOf(error));
  delete copy.stack; // the original's, if it has one, is copied over
  return copy;
}

/** An empty container of the same kind as `value`, or `value` itself when it holds no text of its own. */
function emptyLike(value: object): object | undefined {
  if (Array.isArray(value)) return [];
  if (value instanceof Map) return new Map();
  if (value instanceof Set) return new Set();
  if (value instanceof Error) return errorLike(value);
  if (KEPT_AS_IS.some((isKind) => isKind(value))) return undefined;
  const proto = Object.getPrototypeOf(value);
  return Object.create(proto === null || proto === Object.prototype ? proto : standInPrototype(proto));
}

/** A copy of `value` in which no string contains a secret. Cycles stay cycles; nesting past MAX_DEPTH is cut. */
function redactedCopy(value: unknown, secrets: readonly string[]): unknown {
  const copies = new Map<object, unknown>();
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return redactText(item, secrets);
    if (typeof item === 'symbol') return redactSymbol(item, secrets);
    if (typeof item !== 'object' || item === null) return item;
    if (copies.has(item)) return copies.get(item);
    if (depth > MAX_DEPTH) return '[nested too deeply]';
    if (isBoxedPrimitive(item)) return Object(walk(item.valueOf(), depth));
    const copy = emptyLike(item);
    if (copy === undefined) return item;
    copies.set(item, copy);
    const next: Walk = (child) => walk(child, depth + 1);
    if (copy instanceof Map) for (const [key, entry] of item as Map<unknown, unknown>) copy.set(next(key), next(entry));
    else if (copy instanceof Set) for (const entry of item as Set<unknown>) copy.add(next(entry));
    else copyProperties(item, copy, next, secrets);
    return copy;
  };
  return walk(value, 0);
}

/**
 * `value` as log text with every secret blanked out, whatever its length or characters. Secrets shorter than 4
 * characters are left alone: blanking every "a" would make the line unreadable, and such a value is no secret.
 * `inspect` formats what is not a string (the platform's: node's util.inspect; strings need none).
 */
export function formatRedacted(
  value: unknown,
  secrets: readonly string[],
  inspect: (value: unknown) => string = String,
): string {
  const blanked = secrets.filter((secret) => secret.length >= 4).sort((a, b) => b.length - a.length);
  try {
    const copy = redactedCopy(value, blanked);
    // The copy holds no secret; the text pass catches what the walk keeps as is (a function's name, a promise's value).
    return redactText(typeof copy === 'string' ? copy : inspect(copy), blanked);
  } catch {
    // A proxy whose traps throw, say: logging must not fail the request.
    return '[a reason that could not be formatted]';
  }
}
