// What the render functions of the form need from the element: the value lives in the element, the functions
// only draw a field and report edits.
import type { Field } from '../schema/field-descriptor.js';
import type { JsonPath } from '../schema/json-pointer.js';

export interface FieldContext {
  /** Puts `value` at `path` in the arguments; undefined removes an object key (the field is unset). */
  change(path: JsonPath, value: unknown): void;
  /** Text being typed at a pointer that the value alone cannot show (`1.`, half-written JSON). */
  typingAt(pointer: string): string | undefined;
  setTyping(pointer: string, text: string | undefined): void;
  /** Forgets the typing at and under a pointer: array items move and pointers shift, or a variant starts afresh. */
  forgetTyping(pointer: string): void;
  /** Validation messages for a pointer (or inside it, for JSON parts); asking marks them as shown. */
  errorsAt(pointer: string, inside?: boolean): string[];
  /** Which variant of a `oneOf`/`anyOf` is open at a pointer. */
  variantAt(pointer: string, variants: readonly { field: Field }[], value: unknown): number;
  chooseVariant(pointer: string, index: number): void;
  /** Read-only while a call runs. */
  disabled: boolean;
}

/** One place in the arguments and the field that draws it. */
export interface FieldSlot {
  field: Field;
  path: JsonPath;
  value: unknown;
  label: string;
  required: boolean;
  /** An object key that may be absent: clearing the control unsets it instead of sending an empty value. */
  removable: boolean;
  /** When this is a list item: its full name (`Item 2 of entities`), which the buttons acting on it say. */
  item?: string;
  /** The full name of the list item this field lies inside (not counting itself), if any; a field's own fields lie
   * inside `item ?? within`. */
  within?: string;
}
