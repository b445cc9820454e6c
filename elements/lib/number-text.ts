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

/** The digits and exponent of a decimal, normalised: `0012.300` and `1.23e1` both give `123` and `-1`. */
function decimal(text: string): { negative: boolean; digits: string; exponent: number } {
  const match = /^([+-]?)(\d*)\.?(\d*)(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return { negative: false, digits: '', exponent: 0 };
  const [, sign, whole, fraction, exp] = match;
  let digits = whole + fraction;
  let exponent = Number(exp ?? 0) - fraction.length;
  const leading = digits.match(/^0*/)![0].length;
  digits = digits.slice(leading);
  const trailing = digits.match(/0*$/)![0].length;
  digits = digits.slice(0, digits.length - trailing);
  exponent += trailing;
  if (digits === '') return { negative: false, digits: '', exponent: 0 };
  return { negative: sign === '-', digits, exponent };
}

/** Whether JSON.stringify(value) denotes the same decimal number as `text`. */
function carriesExactly(text: string, value: number): boolean {
  const typed = decimal(text);
  const sent = decimal(String(value));
  return typed.digits === sent.digits && typed.exponent === sent.exponent && (typed.negative === sent.negative || typed.digits === '');
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
  return carriesExactly(trimmed, normalised) ? { kind: 'number', value: normalised } : { kind: 'rounded', value: normalised };
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
