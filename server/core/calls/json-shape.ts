// The size and depth of a parsed JSON value, measured without recursion (so no input can overflow the stack here).

export interface JsonShape {
  /** How many values (objects, arrays and scalars) it holds, itself included. */
  values: number;
  /** Whether it nests deeper than the limit asked about; counting stops there. */
  tooDeep: boolean;
}

export function measureJson(value: unknown, maxDepth: number): JsonShape {
  const pending: unknown[] = [value];
  const depths: number[] = [0];
  let values = 0;
  while (pending.length > 0) {
    const next = pending.pop();
    const depth = depths.pop()!;
    values += 1;
    if (typeof next !== 'object' || next === null) continue;
    if (depth >= maxDepth) return { values, tooDeep: true };
    for (const child of Array.isArray(next) ? next : Object.values(next)) {
      pending.push(child);
      depths.push(depth + 1);
    }
  }
  return { values, tooDeep: false };
}

/** What each ASCII character takes inside a JSON string: `\"`, `\\`, `\n` and the like take 2, other controls 6. */
const QUOTED_ASCII_BYTES = Uint8Array.from(
  { length: 0x80 },
  (_, code) => JSON.stringify(String.fromCharCode(code)).length - 2,
);

/**
 * The UTF-8 bytes of `text` (as JSON writes a string when `quoted`: with its quotes and escapes), counted only while
 * they stay within `limit`: past it the count stops, and the answer is some number above the limit.
 */
function textBytes(text: string, quoted: boolean, limit: number): number {
  // Every character takes at least one byte: a text that cannot fit needs no closer look.
  let bytes = quoted ? 2 : 0;
  if (bytes + text.length > limit) return bytes + text.length;
  for (let index = 0; index < text.length && bytes <= limit; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += quoted ? QUOTED_ASCII_BYTES[code]! : 1;
    else if (code < 0x800 || (code >= 0xd800 && code <= 0xdfff))
      bytes += 2; // a surrogate pair is 4 bytes
    else bytes += 3;
  }
  return bytes;
}

/** What a value that is not an object or array adds to the JSON text (nothing for what JSON leaves out). */
function scalarBytes(value: unknown, limit: number): number {
  switch (typeof value) {
    case 'string':
      return textBytes(value, true, limit);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'bigint':
      return String(value).length;
    default:
      return value === null ? 4 : 0;
  }
}

/**
 * Whether a body the host's parser already read (Express's `express.json()`) would exceed `limit` bytes written out
 * as JSON (or, for text, as it is), found without writing it out: writing out a body of any size costs time and
 * memory in proportion to it. The walk adds up what each value takes and stops once the sum is past the limit; every
 * value takes a byte or more, so it looks at no more than about `limit` of them, whatever the body's size or shape
 * (cycles included). A lower bound where JSON drops values (`undefined`, functions) or a `toJSON` adds text.
 */
export function exceedsBytes(body: unknown, limit: number): boolean {
  if (typeof body === 'string') return textBytes(body, false, limit) > limit;
  let bytes = 0;
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) {
      // Stryker disable next-line ArithmeticOperator: only the body itself gets here, while bytes is still 0
      bytes += scalarBytes(next, limit - bytes);
      if (bytes > limit) return true;
      continue;
    }
    bytes += 2; // the brackets
    let first = true;
    const add = (child: unknown, keyBytes: number) => {
      bytes += keyBytes + (first ? 0 : 1);
      first = false;
      if (typeof child === 'object' && child !== null) pending.push(child);
      else {
        // Stryker disable next-line ArithmeticOperator: a larger limit only lets the count run on past the real one
        bytes += scalarBytes(child, limit - bytes);
      }
      return bytes > limit;
    };
    if (Array.isArray(next)) {
      for (const item of next) if (add(item, 0)) return true;
    } else {
      for (const key in next) {
        if (!Object.hasOwn(next, key)) continue;
        if (add((next as Record<string, unknown>)[key], textBytes(key, true, limit) + 1)) return true;
      }
    }
    if (bytes > limit) return true;
  }
  return false;
}
