// What a number or integer field holds while someone types. A type="number" input throws away `1.`, `-` and
// `1e` and rounds big integers without a word; a text input parsed here keeps the text and says what it means.

export type NumberText =
  /** Nothing typed: the field is unset. */
  | { kind: 'empty' }
  /** A number JSON can carry exactly as typed. */
  | { kind: 'number'; value: number }
  /** A number, but JSON will carry `value`, not the digits typed (beyond 2^53, or more than 17 digits). */
  | { kind: 'rounded'; value: number }
  /** Not (yet) a number: `-`, `1e`, `abc`, `1e999`. */
  | { kind: 'invalid'; reason: string };

// JSON's number grammar, plus a leading `+` and a missing leading or trailing digit (`.5`, `1.`) that people type.
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The significant digits of a decimal, without sign, point or exponent: `0012.300` and `-1.23e1` both give `123`. */
function significantDigits(text: string): string {
  return text
    .replace(/[eE].*/, '')
    .replace(/[+.-]/g, '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
}

/**
 * Whether JSON.stringify(value) denotes the same decimal number as `text`. Comparing the significant digits is
 * enough: `value` is the number nearest to `text`, so the same digits a power of ten apart cannot happen, and
 * Number() keeps the sign (a negative that rounds to zero has lost its digits).
 */
function carriesExactly(text: string, value: number): boolean {
  return significantDigits(text) === significantDigits(String(value));
}

/** Reads what was typed into a number or integer field. */
export function parseNumberText(text: string): NumberText {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (!NUMBER.test(trimmed)) {
    return { kind: 'invalid', reason: /^[+-]?\.?$|[eE][+-]?$/.test(trimmed) ? 'Incomplete number.' : 'Not a number.' };
  }
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { kind: 'invalid', reason: 'Too large for a JSON number.' };
  const normalised = Object.is(value, -0) ? 0 : value;
  return carriesExactly(trimmed, normalised)
    ? { kind: 'number', value: normalised }
    : { kind: 'rounded', value: normalised };
}

/**
 * The text to show for a value: the text being typed while it still means that value (so `1.` and `1e5` stay),
 * otherwise the value itself. A string (text that was not a number) is shown as it is.
 */
export function numberTextFor(value: unknown, typing: string | undefined): string {
  if (typing !== undefined) {
    const parsed = parseNumberText(typing);
    if (parsed.kind === 'empty' && value === undefined) return typing;
    if ((parsed.kind === 'number' || parsed.kind === 'rounded') && parsed.value === value) return typing;
    // Text that is not a number is the value itself (a string), shown below as it is.
  }
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return '';
}
