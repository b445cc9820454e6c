// Collections: named tool calls saved in a file that the page exports and imports and `tool-console run` runs in CI.
// One definition of the file for both: the types, a parser that says where a file is wrong, the expectations and how
// each is written as a `--expect` flag, and the `${env.NAME}` variables. Runtime-neutral: the CLI fills variables from
// its environment through `fillEnv`; the page never resolves them (it keeps them as written and shows them).
import { isPlainObject } from './is-plain-object.js';
import { parsePointer } from './json-pointer.js';

/** The version this module reads and writes; a file of another version is refused, not guessed at. */
export const collectionVersion = 1;

/** Where a call goes: a command that starts an MCP server over stdio, or a Streamable HTTP URL. */
export type ServerTarget = { stdio: string } | { url: string; headers?: Record<string, string> };

/**
 * What a call's result must satisfy. `pointer` is a JSON Pointer into the whole `CallToolResult`
 * (`/structuredContent/sum`, `/content/0/text`); `matches` is a regular expression (JavaScript syntax, no flags)
 * tested against the string there (a non-string is tested as its JSON text).
 */
export type Expectation =
  | { pointer: string; equals: unknown }
  | { pointer: string; matches: string }
  | { outputSchema: true }
  | { isError: false };

/** One named call: the tool, its arguments, what its result must satisfy, and optionally its own server. */
export interface SavedCall {
  name: string;
  tool: string;
  arguments: Record<string, unknown>;
  expect?: Expectation[];
  server?: ServerTarget;
}

/** The file. `server` is the default target of calls that name none; the CLI's `--stdio`/`--url` overrides it. */
export interface CollectionFile {
  version: 1;
  name?: string;
  server?: ServerTarget;
  calls: SavedCall[];
}

/** A place in the file (`calls/3/expect/0`) and what is wrong there. */
export interface CollectionProblem {
  path: string;
  message: string;
}

export type ParsedCollection = { ok: true; collection: CollectionFile } | { ok: false; problems: CollectionProblem[] };

/** `${env.NAME}`: NAME as a shell would spell a variable. `$${` writes a literal `${`. */
const envVariable = /\$(\$?)\{env\.([A-Za-z_][A-Za-z0-9_]*)\}/g;
const anyVariable = /(?<!\$)\$\{[^}]*\}/;

/** Reads a collection file's text; every problem is reported with its place, the first ones first (at most 20). */
export function parseCollection(text: string): ParsedCollection {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [{ path: '', message: `not JSON: ${(error as Error).message}` }] };
  }
  const problems: CollectionProblem[] = [];
  const report = (path: string, message: string) => problems.push({ path, message });
  if (!isPlainObject(data)) {
    report('', 'a collection is a JSON object with "version": 1 and "calls"');
    return { ok: false, problems };
  }
  checkKeys(data, '', ['version', 'name', 'server', 'calls', '$schema'], report);
  if (data.version !== collectionVersion) report('version', `must be ${collectionVersion}`);
  if (data.name !== undefined && typeof data.name !== 'string') report('name', 'must be a string');
  if (data.server !== undefined) checkServer(data.server, 'server', report);
  if (!Array.isArray(data.calls)) report('calls', 'must be an array of calls');
  else {
    const seen = new Map<string, number>();
    data.calls.forEach((call, index) => {
      checkCall(call, `calls/${index}`, report);
      if (isPlainObject(call) && typeof call.name === 'string') {
        const first = seen.get(call.name);
        if (first !== undefined) report(`calls/${index}/name`, `"${call.name}" is already the name of calls/${first}`);
        else seen.set(call.name, index);
      }
    });
  }
  if (problems.length > 0) return { ok: false, problems: problems.slice(0, 20) };
  return { ok: true, collection: data as unknown as CollectionFile };
}

/** One line per problem, as the CLI prints them: `calls/3/expect/0: pointer must start with /`. */
export function formatProblem({ path, message }: CollectionProblem): string {
  return path ? `${path}: ${message}` : message;
}

type Report = (path: string, message: string) => void;

function checkKeys(object: Record<string, unknown>, path: string, allowed: string[], report: Report) {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) report(join(path, key), `unknown field (expected one of ${allowed.join(', ')})`);
  }
}

const join = (path: string, key: string) => (path ? `${path}/${key}` : key);

function checkCall(call: unknown, path: string, report: Report) {
  if (!isPlainObject(call)) return report(path, 'a call is an object with "name", "tool" and "arguments"');
  checkKeys(call, path, ['name', 'tool', 'arguments', 'expect', 'server'], report);
  for (const key of ['name', 'tool'] as const) {
    if (typeof call[key] !== 'string' || call[key] === '') report(join(path, key), 'must be a non-empty string');
    else noVariables(call[key], join(path, key), report);
  }
  if (!isPlainObject(call.arguments)) report(join(path, 'arguments'), "must be an object (the tool's arguments)");
  if (call.expect !== undefined) {
    if (!Array.isArray(call.expect)) report(join(path, 'expect'), 'must be an array of expectations');
    else call.expect.forEach((expectation, index) => checkExpectation(expectation, `${path}/expect/${index}`, report));
  }
  if (call.server !== undefined) checkServer(call.server, join(path, 'server'), report);
}

function checkExpectation(expectation: unknown, path: string, report: Report) {
  if (!isPlainObject(expectation)) return report(path, 'an expectation is an object');
  if ('outputSchema' in expectation) {
    checkKeys(expectation, path, ['outputSchema'], report);
    if (expectation.outputSchema !== true) report(join(path, 'outputSchema'), 'must be true');
    return;
  }
  if ('isError' in expectation) {
    checkKeys(expectation, path, ['isError'], report);
    if (expectation.isError !== false) report(join(path, 'isError'), 'must be false');
    return;
  }
  if (!('pointer' in expectation)) {
    return report(
      path,
      'an expectation has "pointer" with "equals" or "matches", or "outputSchema": true, or "isError": false',
    );
  }
  checkKeys(expectation, path, ['pointer', 'equals', 'matches'], report);
  const { pointer } = expectation;
  if (typeof pointer !== 'string') report(join(path, 'pointer'), 'must be a string');
  else if (parsePointer(pointer) === undefined) report(path, 'pointer must start with /');
  const hasEquals = 'equals' in expectation;
  const hasMatches = 'matches' in expectation;
  if (hasEquals === hasMatches) report(path, 'give either "equals" or "matches"');
  if (hasMatches) {
    if (typeof expectation.matches !== 'string')
      report(join(path, 'matches'), 'must be a string (a regular expression)');
    else {
      const problem = regexProblem(expectation.matches);
      if (problem) report(join(path, 'matches'), problem);
    }
  }
}

function regexProblem(source: string): string | undefined {
  try {
    new RegExp(source, 'u');
    return undefined;
  } catch (error) {
    return `not a regular expression: ${(error as Error).message}`;
  }
}

function checkServer(server: unknown, path: string, report: Report) {
  if (!isPlainObject(server))
    return report(path, 'a server is {"stdio": "<command>"} or {"url": "...", "headers"?: {...}}');
  if ('stdio' in server) {
    checkKeys(server, path, ['stdio'], report);
    if (typeof server.stdio !== 'string' || server.stdio.trim() === '')
      report(join(path, 'stdio'), 'must be a command');
    else noVariables(server.stdio, join(path, 'stdio'), report);
    return;
  }
  if (!('url' in server)) return report(path, 'a server has "stdio" or "url"');
  checkKeys(server, path, ['url', 'headers'], report);
  if (typeof server.url !== 'string' || !/^https?:\/\//i.test(server.url)) {
    report(join(path, 'url'), 'must be an http:// or https:// URL');
  } else noVariables(server.url, join(path, 'url'), report);
  if (server.headers !== undefined) {
    if (!isPlainObject(server.headers))
      return report(join(path, 'headers'), 'must be an object of header names to values');
    for (const [name, value] of Object.entries(server.headers)) {
      if (typeof value !== 'string') report(join(join(path, 'headers'), name), 'must be a string');
    }
  }
}

// Variables stay where a secret belongs (arguments and headers): a URL or a command line ends up in logs and process
// lists, so a secret in one would leak.
function noVariables(text: string, path: string, report: Report) {
  if (anyVariable.test(text)) report(path, 'variables (${env.NAME}) are filled only in arguments and header values');
}

// ----- Expectations as `--expect` flags, the one spelling the CLI reads and the page copies -----

/**
 * The `--expect` spelling of an expectation: `/pointer=<json>` (equals; a value that is not JSON is a string),
 * `/pointer~=<regex>` (matches), `output-schema`, `no-error`.
 */
export function expectationToFlag(expectation: Expectation): string {
  if ('outputSchema' in expectation) return 'output-schema';
  if ('isError' in expectation) return 'no-error';
  if ('matches' in expectation) return `${expectation.pointer}~=${expectation.matches}`;
  return `${expectation.pointer}=${JSON.stringify(expectation.equals)}`;
}

/** Reads a `--expect` value; an error message says what was expected. */
export function parseExpectationFlag(flag: string): Expectation | { error: string } {
  if (flag === 'output-schema') return { outputSchema: true };
  if (flag === 'no-error') return { isError: false };
  if (!flag.startsWith('/')) {
    return { error: `--expect ${flag}: expected /pointer=<json>, /pointer~=<regex>, output-schema or no-error` };
  }
  // The pointer ends at the first `=` (an escaped pointer has no `=` of its own meaning; keys with `=` are rare).
  const at = flag.indexOf('=');
  if (at === -1) return { error: `--expect ${flag}: expected /pointer=<json> or /pointer~=<regex>` };
  if (flag[at - 1] === '~') {
    const matches = flag.slice(at + 1);
    const problem = regexProblem(matches);
    return problem ? { error: `--expect ${flag}: ${problem}` } : { pointer: flag.slice(0, at - 1), matches };
  }
  return { pointer: flag.slice(0, at), equals: jsonOrString(flag.slice(at + 1)) };
}

/** A command-line value: JSON when it parses as JSON, the string itself otherwise (`5` → 5, `hello` → "hello"). */
export function jsonOrString(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// ----- Variables -----

/** The names of every `${env.NAME}` in the strings of `value`, each once, in order of appearance. */
export function envNamesIn(value: unknown): string[] {
  const names = new Set<string>();
  visitStrings(value, (text) => {
    for (const [, escaped, name] of text.matchAll(envVariable)) if (!escaped) names.add(name!);
  });
  return [...names];
}

/** The variables a call needs: those of its arguments and of its server's (or the file's) headers. */
export function envNamesOfCall(call: SavedCall, fileServer?: ServerTarget): string[] {
  const server = call.server ?? fileServer;
  const headers = server && 'url' in server ? server.headers : undefined;
  return [...new Set([...envNamesIn(call.arguments), ...envNamesIn(headers)])];
}

/**
 * A copy of `value` with every `${env.NAME}` in its strings replaced by `lookup(NAME)` and every `$${` by `${`.
 * A name `lookup` does not know is left out and listed in `missing`; the caller refuses to run then.
 */
export function fillEnv<T>(value: T, lookup: (name: string) => string | undefined): { value: T; missing: string[] } {
  const missing = new Set<string>();
  const fill = (text: string) =>
    text.replace(envVariable, (whole, escaped: string, name: string) => {
      if (escaped) return whole.slice(1);
      const found = lookup(name);
      if (found === undefined) missing.add(name);
      return found ?? '';
    });
  return { value: mapStrings(value, fill) as T, missing: [...missing] };
}

function visitStrings(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) value.forEach((item) => visitStrings(item, visit));
  else if (isPlainObject(value)) Object.values(value).forEach((item) => visitStrings(item, visit));
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  }
  return value;
}

// ----- Checking a result, the same in the CLI and the page -----

/**
 * Why `result` (a `CallToolResult`) fails `expectation`, or undefined when it holds. `outputSchemaErrors` is what the
 * caller's validator said about `structuredContent` against the tool's `outputSchema` (a validator is not
 * runtime-neutral, so it is passed in): undefined when it was not asked, an empty list when it passed.
 */
export function expectationFailure(
  expectation: Expectation,
  result: unknown,
  outputSchemaErrors?: readonly string[],
): string | undefined {
  if ('isError' in expectation) {
    return isPlainObject(result) && result.isError === true ? `isError is true: ${firstText(result)}` : undefined;
  }
  if ('outputSchema' in expectation) {
    if (outputSchemaErrors === undefined) return 'the tool has no outputSchema to match';
    return outputSchemaErrors.length > 0
      ? `does not match the outputSchema: ${outputSchemaErrors.join('; ')}`
      : undefined;
  }
  const found = valueAt(result, expectation.pointer);
  if (!found.exists) return `${expectation.pointer}: nothing there`;
  if ('equals' in expectation) {
    return canonicalJson(found.value) === canonicalJson(expectation.equals)
      ? undefined
      : `${expectation.pointer}: expected ${JSON.stringify(expectation.equals)}, got ${JSON.stringify(found.value)}`;
  }
  const text = typeof found.value === 'string' ? found.value : JSON.stringify(found.value);
  return new RegExp(expectation.matches, 'u').test(text)
    ? undefined
    : `${expectation.pointer}: ${JSON.stringify(text)} does not match /${expectation.matches}/`;
}

/** The value a JSON Pointer names, if there is one (`/content/0/text`). */
export function valueAt(value: unknown, pointer: string): { exists: boolean; value?: unknown } {
  const tokens = parsePointer(pointer);
  if (tokens === undefined) return { exists: false };
  let here = value;
  for (const token of tokens) {
    if (Array.isArray(here) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < here.length)
      here = here[Number(token)];
    else if (isPlainObject(here) && Object.hasOwn(here, token)) here = here[token];
    else return { exists: false };
  }
  return { exists: true, value: here };
}

function firstText(result: Record<string, unknown>): string {
  // Stryker disable next-line ArrayDeclaration: the find below skips whatever a stand-in list holds (no object)
  const content = Array.isArray(result.content) ? result.content : [];
  const text = content.find((item) => isPlainObject(item) && typeof item.text === 'string') as
    { text: string } | undefined;
  return text ? text.text.split('\n')[0]!.slice(0, 200) : '(no text)';
}

/** JSON with object keys sorted, so `{"a":1,"b":2}` equals `{"b":2,"a":1}`. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    isPlainObject(item)
      ? Object.fromEntries(
          Object.keys(item)
            .sort()
            .map((key) => [key, item[key]]),
        )
      : item,
  );
}
