// What the form draws for one part of a schema. Derived once per tool by schema-fields.ts, then rendered for
// every value; nothing in here depends on the value being edited.
import type { JsonSchema } from '../api.js';

interface FieldBase {
  /** The schema's `title`, when it has one (the label falls back to the property name). */
  title?: string;
  description?: string;
  /** `type: [X, "null"]` or `anyOf: [X, {type: "null"}]`: drawn as X with a set-to-null control. */
  nullable: boolean;
  readOnly: boolean;
  deprecated: boolean;
  /** Present when the schema declares a `default`. */
  default?: { value: unknown };
  /** The schema this field was drawn from, refs resolved (what a JSON fallback shows and validates against). */
  schema: JsonSchema;
}

/** The `<input type>` a string gets from its `format`; unknown formats (`int32`, `cidrv4`) are plain text. */
export type StringInputType = 'text' | 'email' | 'url' | 'date' | 'datetime-local' | 'time';

export interface StringField extends FieldBase {
  kind: 'string';
  inputType: StringInputType;
  /** Long text: drawn as a textarea. */
  multiline: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}

export interface NumberField extends FieldBase {
  kind: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
}

export interface BooleanField extends FieldBase {
  kind: 'boolean';
}

/** A choice between fixed values (`enum`, or `oneOf`/`anyOf` of `const`); values keep their JSON type. */
export interface EnumField extends FieldBase {
  kind: 'enum';
  options: { label: string; value: unknown }[];
}

/** A single fixed value (`const`), shown but not editable. */
export interface ConstField extends FieldBase {
  kind: 'const';
  value: unknown;
}

export interface PropertyField {
  key: string;
  required: boolean;
  field: Field;
}

export interface ObjectField extends FieldBase {
  kind: 'object';
  properties: PropertyField[];
  /** Keys beyond `properties`, edited as key/value entries of this field; undefined when none are drawn. */
  additional?: Field;
}

export interface ArrayField extends FieldBase {
  kind: 'array';
  items: Field;
  minItems?: number;
  maxItems?: number;
}

/** A fixed-length array (`prefixItems`, or draft-07 `items: [...]`). */
export interface TupleField extends FieldBase {
  kind: 'tuple';
  items: Field[];
}

/** One of several shapes (`oneOf`/`anyOf` of objects, or several types), picked from a list. */
export interface VariantField extends FieldBase {
  kind: 'variant';
  variants: { label: string; field: Field }[];
}

/** Anything the form cannot draw, edited as JSON text. */
export interface JsonField extends FieldBase {
  kind: 'json';
  /** Why this part is JSON, for the help text. */
  reason: string;
}

export type Field =
  | StringField
  | NumberField
  | BooleanField
  | EnumField
  | ConstField
  | ObjectField
  | ArrayField
  | TupleField
  | VariantField
  | JsonField;
