// Argument validation with ajv. Real MCP servers declare draft-07, 2019-09, 2020-12 or nothing, and use formats ajv
// does not know: each schema is compiled with the draft it names, unknown formats are ignored (and mentioned once),
// and compiled validators are kept per schema object, so a static tool list compiles each schema once.
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Logger, ValidateResult, ValidationFailure } from './types.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type Draft = 'draft-07' | '2019-09' | '2020-12';
type Compiled = { validate: ValidateFunction } | { schemaError: string };

/** Which draft a schema's `$schema` names; undefined when it names none (or one ajv does not ship). */
function declaredDraft(schema: Record<string, unknown>): Draft | undefined {
  const uri = schema.$schema;
  if (typeof uri !== 'string') return undefined;
  if (uri.includes('2020-12')) return '2020-12';
  if (uri.includes('2019-09')) return '2019-09';
  // draft-04 and draft-06 are close enough to draft-07 for argument checking.
  if (/draft-0[4-7]/.test(uri)) return 'draft-07';
  return undefined;
}

/** Reports each unknown format once instead of on every compile. */
function onceLogger(logger: Logger): Options['logger'] {
  const reported = new Set<string>();
  return {
    log() {},
    warn(...args: unknown[]) {
      const text = args.join(' ');
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
  return `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/** The JSON Pointer of the field an error is about: the missing or unexpected property itself, when there is one. */
function failurePath(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const property = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty ?? params.propertyName;
  return property === undefined ? error.instancePath : error.instancePath + pointerToken(property);
}

function failureMessage(error: ErrorObject): string {
  const message = error.message ?? `must pass "${error.keyword}"`;
  const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
  return error.keyword === 'enum' && Array.isArray(allowed)
    ? `${message}: ${allowed.map((value) => JSON.stringify(value)).join(', ')}`
    : message;
}

export function toFailures(errors: readonly ErrorObject[]): ValidationFailure[] {
  return errors.map((error) => ({ path: failurePath(error), message: failureMessage(error), keyword: error.keyword }));
}

export class ArgumentValidator {
  readonly #options: Options;
  readonly #instances = new Map<Draft, Ajv>();
  readonly #compiled = new WeakMap<object, Compiled>();

  constructor(logger: Logger) {
    this.#options = { strict: false, allErrors: true, logger: onceLogger(logger) };
  }

  validate(schema: unknown, value: unknown): ValidateResult {
    const compiled = this.#compile(schema);
    if ('schemaError' in compiled) {
      return { valid: false, errors: [{ path: '', keyword: 'schema', message: `Invalid schema: ${compiled.schemaError}` }] };
    }
    if (compiled.validate(value)) return { valid: true };
    return { valid: false, errors: toFailures(compiled.validate.errors ?? []) };
  }

  #compile(schema: unknown): Compiled {
    if (typeof schema === 'boolean') return this.#compileWith('2020-12', schema);
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      return { schemaError: 'inputSchema must be a JSON Schema object' };
    }
    let compiled = this.#compiled.get(schema);
    if (compiled === undefined) {
      compiled = this.#compileObject(schema as Record<string, unknown>);
      this.#compiled.set(schema, compiled);
    }
    return compiled;
  }

  #compileObject(schema: Record<string, unknown>): Compiled {
    const draft = declaredDraft(schema);
    // ajv rejects a `$schema` it has no meta-schema for (draft-04, custom URIs): compile a copy without it.
    const compilable = schema.$schema === undefined || draft === '2019-09' || draft === '2020-12' ? schema : { ...schema, $schema: undefined };
    if (draft !== undefined) return this.#compileWith(draft, compilable);
    // No declared draft: MCP's default is 2020-12; older tools without `$schema` are usually draft-07 (`items: [...]`).
    const modern = this.#compileWith('2020-12', compilable);
    if ('validate' in modern) return modern;
    const legacy = this.#compileWith('draft-07', compilable);
    return 'validate' in legacy ? legacy : modern;
  }

  #compileWith(draft: Draft, schema: object | boolean): Compiled {
    const ajv = this.#instance(draft);
    try {
      return { validate: ajv.compile(schema) };
    } catch (error) {
      return { schemaError: error instanceof Error ? error.message : String(error) };
    } finally {
      // The validator stands alone; ajv's own registry would grow per schema and reject a second schema with the same $id.
      if (typeof schema === 'object') ajv.removeSchema(schema);
    }
  }

  #instance(draft: Draft): Ajv {
    let ajv = this.#instances.get(draft);
    if (ajv === undefined) {
      ajv =
        draft === '2020-12'
          ? new Ajv2020(this.#options)
          : draft === '2019-09'
            ? new Ajv2019(this.#options)
            : new Ajv(this.#options);
      addFormats(ajv);
      this.#instances.set(draft, ajv);
    }
    return ajv;
  }
}
