// Argument validation with ajv, and the check of a call result against its tool's outputSchema. Real MCP servers
// declare draft-07, 2019-09, 2020-12 or nothing, and use formats ajv does not know: each schema is compiled with the
// draft it names, unknown formats are ignored (and mentioned once), and compiled validators are kept per schema
// object, so a static tool list compiles each schema once.
//
// Validation needs no auth, so its cost is bounded for any input: a first pass stops at the first error (linear in
// the input); only inputs small enough to list every error cheaply get a second pass that collects them all, and the
// list is capped. `uniqueItems` is replaced by a linear version (ajv's is quadratic for untyped items).
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Logger, ValidateResult, ValidationFailure } from '../../types.js';
import { escapePointerToken } from '../../../protocol/json-pointer.js';
import { measureJson } from './json-shape.js';
import { uniqueItemsKeyword } from './unique-items.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type Draft = 'draft-07' | '2019-09' | '2020-12';
type Compiled = { validate: ValidateFunction } | { schemaError: string };

/** A schema ready to check arguments: the first-error validator, and the every-error one once it was needed. */
interface Checker {
  draft: Draft;
  schema: object | boolean;
  firstError: ValidateFunction;
  everyError?: ValidateFunction;
}

/** At most this many errors are listed; `truncated` says when there were more. */
export const MAX_LISTED_ERRORS = 50;
/** Inputs of up to this many JSON values get every error listed; larger ones get the first (an error per value at
 * most a few hundred microseconds' work each, so this keeps a full report within a few milliseconds). */
export const FULL_REPORT_MAX_VALUES = 1_000;

/** Which draft a schema's `$schema` names; undefined when it names none (or one ajv does not ship). */
function declaredDraft(schema: Record<string, unknown>): Draft | undefined {
  const uri = schema.$schema;
  if (typeof uri !== 'string') return undefined;
  if (uri.includes('2020-12')) return '2020-12';
  if (uri.includes('2019-09')) return '2019-09';
  // draft-04 and draft-06 are close enough to draft-07 for argument checking.
  // Stryker disable next-line StringLiteral: any draft but the two newest gets ajv's draft-07 instance, '' included
  if (/draft-0[4-7]/.test(uri)) return 'draft-07';
  return undefined;
}

/** Reports each unknown format once instead of on every compile. */
function onceLogger(logger: Logger): Options['logger'] {
  const reported = new Set<string>();
  return {
    log() {},
    warn(...args: unknown[]) {
      // Stryker disable next-line StringLiteral: ajv warns with a single argument
      const text = args.join(' ');
      // Stryker disable next-line OptionalChaining: with strict: false, ajv's only warning is the unknown format's
      const key = /unknown format "([^"]*)"/.exec(text)?.[1] ?? text;
      if (reported.has(key) || reported.size >= 100) return;
      reported.add(key);
      logger.warn(`tool-console: ${text} (reported once)`);
    },
    error(...args: unknown[]) {
      logger.error('tool-console:', ...args);
    },
  };
}

function pointerToken(key: unknown): string {
  return `/${escapePointerToken(String(key))}`;
}

/** The JSON Pointer of the field an error is about: the missing or unexpected property itself, when there is one. */
function failurePath(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const property =
    params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty ?? params.propertyName;
  return property === undefined ? error.instancePath : error.instancePath + pointerToken(property);
}

/** ajv's message; an enum's also lists its values (only ajv's `enum` has `allowedValues`). */
function failureMessage(error: ErrorObject): string {
  // Stryker disable next-line StringLiteral: ajv words every error (messages: true), and so does uniqueItemsKeyword
  const message = error.message ?? `must pass "${error.keyword}"`;
  const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
  return Array.isArray(allowed) ? `${message}: ${allowed.map((value) => JSON.stringify(value)).join(', ')}` : message;
}

export function toFailures(errors: readonly ErrorObject[]): ValidationFailure[] {
  return errors.map((error) => ({ path: failurePath(error), message: failureMessage(error), keyword: error.keyword }));
}

/** What is being checked against which schema, for the messages. */
interface Subject {
  schemaName: string;
  value: string;
}
const INPUT: Subject = { schemaName: 'inputSchema', value: 'arguments are' };
const OUTPUT: Subject = { schemaName: 'outputSchema', value: 'result is' };

export class ArgumentValidator {
  readonly #logger: Options['logger'];
  readonly #instances = new Map<string, Ajv>();
  readonly #checkers = new WeakMap<object, Checker | { schemaError: string }>();

  constructor(logger: Logger) {
    this.#logger = onceLogger(logger);
  }

  /** `values` is how many JSON values `value` holds (see measureJson): it decides whether every error is listed. */
  validate(schema: unknown, value: unknown, values: number): ValidateResult {
    return this.#report(schema, INPUT, value, () => values, MAX_LISTED_ERRORS);
  }

  /**
   * Checks a tool's result against its `outputSchema` with the same compiled validators (and cache) as arguments,
   * listing at most `maxErrors` errors. The result is only measured when it fails, so a valid one costs one pass.
   */
  checkOutput(schema: unknown, value: unknown, maxErrors: number): ValidateResult {
    return this.#report(schema, OUTPUT, value, () => measureJson(value, Infinity).values, maxErrors);
  }

  #report(
    schema: unknown,
    subject: Subject,
    value: unknown,
    countValues: () => number,
    maxErrors: number,
  ): ValidateResult {
    const checker = this.#checker(schema, subject.schemaName);
    if ('schemaError' in checker) {
      return {
        valid: false,
        errors: [{ path: '', keyword: 'schema', message: `Invalid schema: ${checker.schemaError}` }],
      };
    }
    try {
      if (checker.firstError(value)) return { valid: true };
      if (countValues() > FULL_REPORT_MAX_VALUES) {
        // Stryker disable next-line ArrayDeclaration: ajv sets `errors` whenever a validator answers false
        return { valid: false, errors: toFailures(checker.firstError.errors ?? []), truncated: true };
      }
      const everyError = this.#everyError(checker);
      everyError(value);
      // Stryker disable next-line ArrayDeclaration: ajv sets `errors` whenever a validator answers false
      const errors = toFailures(everyError.errors ?? []);
      return errors.length > maxErrors
        ? { valid: false, errors: errors.slice(0, maxErrors), truncated: true }
        : { valid: false, errors };
    } catch (error) {
      // A recursive schema walked by a value deeper than the stack: the validate route refuses deep inputs first, so
      // this is the last line of defence there (and the answer for a result nested that deep).
      if (!(error instanceof RangeError)) throw error;
      return {
        valid: false,
        errors: [{ path: '', keyword: 'depth', message: `The ${subject.value} nested too deeply to validate.` }],
      };
    }
  }

  #checker(schema: unknown, schemaName: string): Checker | { schemaError: string } {
    // Stryker disable next-line StringLiteral: true and false mean the same in every draft
    if (typeof schema === 'boolean') return this.#checkerWith('2020-12', schema);
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      return { schemaError: `${schemaName} must be a JSON Schema object` };
    }
    let checker = this.#checkers.get(schema);
    if (checker === undefined) {
      checker = this.#checkerFor(schema as Record<string, unknown>);
      this.#checkers.set(schema, checker);
    }
    return checker;
  }

  #checkerFor(schema: Record<string, unknown>): Checker | { schemaError: string } {
    const draft = declaredDraft(schema);
    // ajv rejects a `$schema` it has no meta-schema for (draft-04, custom URIs, even one that names a draft it has):
    // the draft is chosen above, so a copy without it is compiled.
    const compilable = { ...schema, $schema: undefined };
    if (draft !== undefined) return this.#checkerWith(draft, compilable);
    // No declared draft: MCP's default is 2020-12; older tools without `$schema` are usually draft-07 (`items: [...]`).
    const modern = this.#checkerWith('2020-12', compilable);
    if (!('schemaError' in modern)) return modern;
    // Stryker disable next-line StringLiteral: any draft but the two newest gets ajv's draft-07 instance, '' included
    const legacy = this.#checkerWith('draft-07', compilable);
    return 'schemaError' in legacy ? modern : legacy;
  }

  #checkerWith(draft: Draft, schema: object | boolean): Checker | { schemaError: string } {
    const compiled = this.#compileWith(draft, false, schema);
    return 'validate' in compiled ? { draft, schema, firstError: compiled.validate } : compiled;
  }

  #everyError(checker: Checker): ValidateFunction {
    if (checker.everyError === undefined) {
      const compiled = this.#compileWith(checker.draft, true, checker.schema);
      // It compiled once with the same draft; should the second compile fail anyway, the first error still stands.
      checker.everyError = 'validate' in compiled ? compiled.validate : checker.firstError;
    }
    return checker.everyError;
  }

  #compileWith(draft: Draft, allErrors: boolean, schema: object | boolean): Compiled {
    const ajv = this.#instance(draft, allErrors);
    try {
      return { validate: ajv.compile(schema) };
    } catch (error) {
      return { schemaError: error instanceof Error ? error.message : String(error) };
    } finally {
      // The validator stands alone; ajv's own registry would grow per schema and reject a second schema with the same $id.
      if (typeof schema === 'object') ajv.removeSchema(schema);
    }
  }

  #instance(draft: Draft, allErrors: boolean): Ajv {
    const key = `${draft}/${allErrors}`;
    let ajv = this.#instances.get(key);
    if (ajv === undefined) {
      const options: Options = { strict: false, allErrors, logger: this.#logger };
      ajv = draft === '2020-12' ? new Ajv2020(options) : draft === '2019-09' ? new Ajv2019(options) : new Ajv(options);
      addFormats(ajv);
      ajv.removeKeyword('uniqueItems').addKeyword(uniqueItemsKeyword);
      this.#instances.set(key, ajv);
    }
    return ajv;
  }
}
