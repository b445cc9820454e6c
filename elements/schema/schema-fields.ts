// JSON Schema → field descriptors: decides, once per tool, which control draws each part of `inputSchema`.
// It never throws: whatever it cannot draw becomes a JSON field for that part only.
import type { JsonSchema } from '../api.js';
import type { EnumField, Field, ObjectField, PropertyField, StringField, StringInputType } from './field-descriptor.js';
import { type SchemaObject, isSchemaObject, mergeAllOf, mergeSchemas, resolveRef } from './schema-ref.js';

/** How many times one `$ref` may repeat on a path before a recursive schema is edited as JSON. */
const MAX_REF_REPEAT = 2;
/** Real schemas nest 8 levels at most; past this the part is edited as JSON. */
const MAX_DEPTH = 24;

const FORMAT_INPUTS: Record<string, StringInputType> = {
  email: 'email',
  'idn-email': 'email',
  uri: 'url',
  url: 'url',
  iri: 'url',
  date: 'date',
  'date-time': 'datetime-local',
  time: 'time',
};

// Property names whose text is usually long enough to need several lines (server-sequential-thinking's `thought`).
const LONG_TEXT_NAME =
  /(text|body|content|prompt|code|script|query|sql|message|markdown|template|thought|thinking|reasoning|notes?|summary|description)$/i;

interface Walk {
  root: JsonSchema;
  refs: readonly string[];
  depth: number;
}

type Expanded = { schema: SchemaObject; walk: Walk } | { stop: string };

/** The field that draws `schema`, a tool's whole `inputSchema` or any part of it. */
export function describeSchema(schema: JsonSchema): Field {
  // Stryker disable next-line ArrayDeclaration: no $ref followed yet; any other list differs only for a $ref spelled so
  return describe(schema, { root: schema, refs: [], depth: 0 });
}

/** Follows `$ref` (keeping sibling keywords) and folds `allOf`, until the schema stands alone. */
function expand(input: unknown, walk: Walk): Expanded {
  if (input === true || input === undefined) return { schema: {}, walk };
  if (input === false) return { stop: 'The schema accepts no value here.' };
  if (!isSchemaObject(input)) return { stop: 'This part of the schema is not a JSON Schema.' };
  let schema = input;
  let current = walk;
  while (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    if (current.refs.filter((seen) => seen === ref).length >= MAX_REF_REPEAT) {
      return { stop: `Recursive schema (${ref}): edited as JSON from here.` };
    }
    const target = resolveRef(current.root, ref);
    if (target === undefined || target === false) return { stop: `Cannot follow $ref ${ref}.` };
    const { $ref: _followed, ...siblings } = schema;
    current = { ...current, refs: [...current.refs, ref] };
    schema = target === true ? siblings : mergeSchemas(target, siblings);
  }
  let failure: string | undefined;
  schema = mergeAllOf(schema, (member) => {
    const expanded = expand(member, current);
    if (!('stop' in expanded)) return expanded.schema;
    failure = expanded.stop;
    return undefined;
  });
  return failure ? { stop: failure } : { schema, walk: current };
}

function common(schema: SchemaObject) {
  return {
    title: typeof schema.title === 'string' ? schema.title : undefined,
    description: typeof schema.description === 'string' ? schema.description : undefined,
    nullable: false,
    readOnly: schema.readOnly === true,
    deprecated: schema.deprecated === true,
    default: Object.hasOwn(schema, 'default') ? { value: schema.default } : undefined,
    schema,
  };
}

/** The walk's depth inside the tool's `inputSchema` itself (describe counts the level it is about to draw). */
const ARGUMENTS_DEPTH = 1;

function jsonField(schema: SchemaObject, reason: string): Field {
  return { ...common(schema), kind: 'json', reason };
}

function optionLabel(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

// Stryker disable next-line StringLiteral: the top has no name; only a default ending like a prose name could tell
function describe(input: unknown, walk: Walk, key = ''): Field {
  const expanded = expand(input, walk);
  if ('stop' in expanded) return jsonField(isSchemaObject(input) ? input : {}, expanded.stop);
  const { schema } = expanded;
  const next = { ...expanded.walk, depth: expanded.walk.depth + 1 };
  if (next.depth > MAX_DEPTH) return jsonField(schema, 'Nested too deeply to draw: edited as JSON.');
  if (Object.hasOwn(schema, 'const')) return { ...common(schema), kind: 'const', value: schema.const };
  if (Array.isArray(schema.enum)) return describeEnum(schema, schema.enum);
  const choices = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(choices)) return describeChoices(schema, choices, next, key);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type ?? inferType(schema)]).filter(
    (type) => type !== 'null',
  );
  const nullable = Array.isArray(schema.type) && schema.type.includes('null');
  if (types.length > 1) {
    const variants = types.map((type) => ({ label: String(type), field: describe({ ...schema, type }, next, key) }));
    return { ...common(schema), nullable, kind: 'variant', variants };
  }
  // Only a type list of `null` alone (or empty) leaves no type: a missing one stands as [undefined].
  if (types.length === 0) return { ...common(schema), kind: 'const', value: null };
  const field = describeType(schema, types[0], next, key);
  return nullable ? { ...field, nullable } : field;
}

function inferType(schema: SchemaObject): unknown {
  if (isSchemaObject(schema.properties) || isSchemaObject(schema.additionalProperties)) return 'object';
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return 'array';
  return undefined;
}

function describeEnum(schema: SchemaObject, values: unknown[]): Field {
  // `enumNames` (MCP's older way to name choices, not JSON Schema) labels the values in order when it can.
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
  const options = values
    .map((value, index) => ({
      label: typeof names[index] === 'string' && names[index] ? names[index] : optionLabel(value),
      value,
    }))
    .filter((option) => option.value !== null);
  if (options.length === 0) return { ...common(schema), kind: 'const', value: null };
  return { ...common(schema), kind: 'enum', options, nullable: options.length < values.length };
}

/** `oneOf`/`anyOf`: nulls make the rest nullable, consts make a select, one shape collapses, several are variants. */
function describeChoices(schema: SchemaObject, choices: unknown[], walk: Walk, key: string): Field {
  const { oneOf: _oneOf, anyOf: _anyOf, ...base } = schema;
  const members = choices.map((choice) => expand(choice, walk));
  const isNull = (member: Expanded) =>
    'schema' in member &&
    (member.schema.type === 'null' || (Object.hasOwn(member.schema, 'const') && member.schema.const === null));
  const shapes = members.filter((member) => !isNull(member));
  const nullable = shapes.length < members.length;
  if (shapes.length === 0) return { ...common(schema), kind: 'const', value: null };
  const schemas = shapes.map((member) => ('schema' in member ? member.schema : undefined));
  if (schemas.every((member) => member && Object.hasOwn(member, 'const'))) {
    const options = (schemas as SchemaObject[]).map((member) => ({
      label: typeof member.title === 'string' ? member.title : optionLabel(member.const),
      value: member.const,
    }));
    return { ...common(schema), kind: 'enum', options, nullable } satisfies EnumField;
  }
  if (shapes.length === 1) {
    const only = schemas[0] ? mergeSchemas(schemas[0], base) : choices[members.indexOf(shapes[0])];
    const field = describe(only, walk, key);
    return { ...field, nullable: field.nullable || nullable };
  }
  const variants = shapes.map((member, index) => {
    const variant = 'schema' in member ? member.schema : undefined;
    return {
      label: variantLabel(variant, index),
      field: 'stop' in member ? jsonField({}, member.stop) : describe(mergeSchemas(base, member.schema), walk, key),
    };
  });
  return { ...common(schema), kind: 'variant', variants, nullable };
}

/** A variant's name: its title, else the `const` of a discriminating property (`type: "circle"`), else its type. */
function variantLabel(variant: SchemaObject | undefined, index: number): string {
  if (typeof variant?.title === 'string') return variant.title;
  if (isSchemaObject(variant?.properties)) {
    for (const property of Object.values(variant.properties)) {
      if (isSchemaObject(property) && typeof property.const === 'string') return property.const;
    }
  }
  if (typeof variant?.type === 'string') return `${variant.type} (option ${index + 1})`;
  return `Option ${index + 1}`;
}

function describeType(schema: SchemaObject, type: unknown, walk: Walk, key: string): Field {
  switch (type) {
    case 'string':
      return describeString(schema, key);
    case 'number':
    case 'integer':
      return {
        ...common(schema),
        kind: 'number',
        integer: type === 'integer',
        minimum: numberOr(schema.minimum),
        maximum: numberOr(schema.maximum),
      };
    case 'boolean':
      return { ...common(schema), kind: 'boolean' };
    case 'object':
      return describeObject(schema, walk);
    case 'array':
      return describeArray(schema, walk);
    case undefined:
      return jsonField(schema, 'Any JSON value.');
    default:
      return jsonField(schema, `Unknown type ${JSON.stringify(type)}: edited as JSON.`);
  }
}

function describeString(schema: SchemaObject, key: string): StringField {
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  const maxLength = numberOr(schema.maxLength);
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  // A string is long by nature, and gets a textarea, when no `format` shapes it and either its `maxLength` is over
  // 200, or neither a `maxLength` nor a `pattern` constrains it and its name says it holds prose (`thought`,
  // `body_text`). A limit of 200 or less is a one-line field whatever its name. (Descriptions are no guide:
  // sequential-thinking's `thought` is "Your current thinking step", its `branchId` "Branch identifier".)
  const longByLimit = (maxLength ?? 0) > 200;
  const longByName = maxLength === undefined && LONG_TEXT_NAME.test(key);
  return {
    ...common(schema),
    kind: 'string',
    inputType: (format && Object.hasOwn(FORMAT_INPUTS, format) && FORMAT_INPUTS[format]) || 'text',
    multiline: format === undefined && (longByLimit || (pattern === undefined && longByName)),
    format,
    pattern,
    minLength: numberOr(schema.minLength),
    maxLength,
  };
}

function describeObject(schema: SchemaObject, walk: Walk): Field {
  // Stryker disable next-line ArrayDeclaration: no `required` list; any other list differs only for a key spelled so
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const declared = isSchemaObject(schema.properties) ? Object.entries(schema.properties) : [];
  const properties: PropertyField[] = declared.map(([key, property]) => ({
    key,
    required: required.has(key),
    field: describe(property, walk, key),
  }));
  const extra = schema.additionalProperties;
  const typedExtra = isSchemaObject(extra) && Object.keys(extra).length > 0;
  if (properties.length === 0 && !typedExtra && extra !== false) {
    // The arguments themselves: no properties means no arguments (the form says so), unless extra keys are allowed
    // outright, which get the key/value editor with JSON values. Deeper down, such an object is edited as JSON.
    if (walk.depth === ARGUMENTS_DEPTH) {
      const open = extra === true || isSchemaObject(extra);
      return {
        ...common(schema),
        kind: 'object',
        properties,
        ...(open ? { additional: jsonField({}, 'Any JSON value.') } : {}),
      };
    }
    return jsonField(schema, 'A free-form object: edited as JSON.');
  }
  const field: ObjectField = { ...common(schema), kind: 'object', properties };
  if (typedExtra) field.additional = describe(extra, walk);
  return field;
}

function describeArray(schema: SchemaObject, walk: Walk): Field {
  const positional = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : undefined;
  if (positional) {
    return { ...common(schema), kind: 'tuple', items: positional.map((item) => describe(item, walk)) };
  }
  if (schema.items === undefined || schema.items === true) return jsonField(schema, 'An array of any JSON values.');
  return {
    ...common(schema),
    kind: 'array',
    items: describe(schema.items, walk),
    minItems: numberOr(schema.minItems),
    maxItems: numberOr(schema.maxItems),
  };
}
