// JSON text that remembers what it is the text of. The server serialises a call's answer once and splices that text
// into a stream event as it is (no parse, no second stringify); the brand keeps such splicing type-checked.

declare const textOf: unique symbol;

/** The JSON text of a `T`. Made only by `jsonText` or by a cast where text of that shape is already at hand. */
export type JsonText<T> = string & { readonly [textOf]: T };

/** `value` as JSON text. */
export function jsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/** Parsed JSON, or undefined for text that is not JSON (or no text at all). Never throws. */
export function parseJson(text: string | null | undefined): unknown {
  try {
    // Stryker disable next-line StringLiteral: no text and any stand-in that is not JSON both end in the catch below
    return JSON.parse(text ?? '');
  } catch {
    // Not JSON, or no text at all: undefined, below.
  }
  return undefined;
}
