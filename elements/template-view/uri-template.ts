// RFC 6570 URI templates, levels 1 to 4: what `<template-view>` asks for (the variables, in the order they first
// appear) and the URI it reads once they are filled in. Written here rather than taken from a library: the whole of it
// is this page of code, and it is tested against the RFC's own examples (test/lib/uri-template.test.ts).

/** A variable as written in an expression: `{name}`, `{name:3}` (a prefix of 3 characters) or `{name*}` (exploded). */
export interface VariableSpec {
  name: string;
  prefix?: number;
  explode: boolean;
}

type Part = string | { operator: Operator; variables: VariableSpec[] };
type Operator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

/** A value for a variable: a string, a list, or name/value pairs; undefined (or an empty list) is left out. */
export type VariableValue = string | string[] | Record<string, string> | undefined;

interface Rule {
  first: string;
  separator: string;
  /** For the named operators (`;`, `?`, `&`), what follows a name whose value is empty; unnamed ones have none. */
  ifEmpty?: string;
  allowReserved: boolean;
}

// RFC 6570 appendix A, one row per operator ("named" is there as an `ifEmpty`).
const RULES: Record<Operator, Rule> = {
  '': { first: '', separator: ',', allowReserved: false },
  '+': { first: '', separator: ',', allowReserved: true },
  '#': { first: '#', separator: ',', allowReserved: true },
  '.': { first: '.', separator: '.', allowReserved: false },
  '/': { first: '/', separator: '/', allowReserved: false },
  ';': { first: ';', separator: ';', ifEmpty: '', allowReserved: false },
  '?': { first: '?', separator: '&', ifEmpty: '=', allowReserved: false },
  '&': { first: '&', separator: '&', ifEmpty: '=', allowReserved: false },
};

const VARSPEC = /^((?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*)(?::([1-9]\d{0,3})|(\*))?$/;
const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;
const HEX = /[0-9A-Fa-f]/;

/** A template that does not parse, with what is wrong in words a person can act on. */
export class UriTemplateError extends Error {
  override name = 'UriTemplateError';
}

/** A parsed URI template. */
export class UriTemplate {
  private readonly parts: Part[];

  constructor(readonly template: string) {
    this.parts = parse(template);
  }

  /** Each variable once, in the order it first appears. */
  get variables(): string[] {
    const names = this.parts.flatMap((part) => (typeof part === 'string' ? [] : part.variables.map((v) => v.name)));
    return [...new Set(names)];
  }

  /** The URI for these values (RFC 6570 section 3). */
  expand(values: Record<string, VariableValue>): string {
    return this.parts
      .map((part) =>
        typeof part === 'string' ? encode(part, true) : expression(part.operator, part.variables, values),
      )
      .join('');
  }
}

function parse(template: string): Part[] {
  const parts: Part[] = [];
  let rest = template;
  while (rest) {
    if (rest[rest.search(/[{}]/)] === '}') throw new UriTemplateError(`A “}” closes no “{” in ${template}.`);
    const open = rest.indexOf('{');
    const close = rest.indexOf('}');
    if (open === -1) {
      parts.push(rest);
      break;
    }
    parts.push(rest.slice(0, open)); // the literal before the expression, empty or not
    if (close === -1) throw new UriTemplateError(`A “{” is never closed in ${template}.`);
    const body = rest.slice(open + 1, close);
    const operator = (/^[+#./;?&]/.test(body) ? body[0] : '') as Operator;
    const variables = body
      .slice(operator.length)
      .split(',')
      .map((spec) => {
        const match = VARSPEC.exec(spec);
        if (!match) throw new UriTemplateError(`“{${body}}” is not a valid expression: “${spec}” is no variable name.`);
        return { name: match[1], prefix: match[2] ? Number(match[2]) : undefined, explode: match[3] === '*' };
      });
    parts.push({ operator, variables });
    rest = rest.slice(close + 1);
  }
  return parts;
}

/** Percent-encodes `text`, keeping unreserved characters and, when allowed, reserved ones and `%XX` triplets. */
function encode(text: string, allowReserved: boolean): string {
  let out = '';
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (UNRESERVED.test(char) || (allowReserved && RESERVED.test(char))) out += char;
    else if (allowReserved && char === '%' && isHex(chars[i + 1]) && isHex(chars[i + 2])) out += char;
    else
      out += [...new TextEncoder().encode(char)]
        .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
        .join('');
  }
  return out;
}

function isHex(char: string | undefined): boolean {
  return char !== undefined && HEX.test(char);
}

function expression(operator: Operator, variables: VariableSpec[], values: Record<string, VariableValue>): string {
  const rule = RULES[operator];
  const expanded = variables.flatMap((spec) => {
    const value = Object.hasOwn(values, spec.name) ? values[spec.name] : undefined;
    const text = expandVariable(rule, spec, value);
    return text === undefined ? [] : [text];
  });
  return expanded.length ? rule.first + expanded.join(rule.separator) : '';
}

function expandVariable(rule: Rule, spec: VariableSpec, value: VariableValue): string | undefined {
  const enc = (text: string) => encode(text, rule.allowReserved);
  const named = (name: string, text: string) =>
    rule.ifEmpty === undefined ? text : `${name}${text ? '=' : rule.ifEmpty}${text}`;
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    // By character, not by UTF-16 unit; a prefix of undefined is the whole value.
    return named(spec.name, enc([...value].slice(0, spec.prefix).join('')));
  }
  // Stryker disable next-line StringLiteral: a list item's key is never read (only name/value pairs print theirs).
  const pairs: [string, string][] = Array.isArray(value) ? value.map((item) => ['', item]) : Object.entries(value);
  if (!pairs.length) return undefined;
  if (spec.explode) {
    const items = pairs.map(([key, item]) =>
      Array.isArray(value) ? named(spec.name, enc(item)) : `${enc(key)}=${enc(item)}`,
    );
    return items.join(rule.separator);
  }
  const joined = pairs.flatMap(([key, item]) => (Array.isArray(value) ? [enc(item)] : [enc(key), enc(item)])).join(',');
  return named(spec.name, joined);
}
