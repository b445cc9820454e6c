// The exact answer the API owes each generated request, worked out from the request alone (written from the
// contract, not from the server's code): the route its path names, its method, whether the tool exists, the body's
// size and JSON-ness, the auth header. The preconditions are RULES in the order the server applies them; the first
// rule that applies decides the answer, whose status, headers and body are then checked exactly.
import { readdirSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import {
  ALLOWED_ORIGIN,
  CALL_TIMEOUT_MS,
  DENY_HEADER,
  HANGING_TOOL,
  MAX_BODY_BYTES,
  MAX_VALIDATE_BODY_BYTES,
  THROWING_TOOL,
  fuzzTools,
} from './fuzz-target.js';
import type { FuzzRequest } from './request-generator.js';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

type Route =
  | { kind: 'unknown' }
  | { kind: 'malformed' }
  | { kind: 'page' }
  | { kind: 'asset'; path: string }
  | { kind: 'tools' }
  | { kind: 'tool' | 'call' | 'validate'; name: string };

/** What the server is given, as it must understand it. */
interface Facts {
  request: FuzzRequest;
  route: Route;
  /** HEAD is routed as GET. */
  method: string;
  body: Buffer;
  origin: string | undefined;
}

/** The answer the contract requires. */
interface Expected {
  status: number;
  /** 'parser': node's HTTP parser refuses the request before the console's handler sees it (createServer answers). */
  from: 'console' | 'parser';
  contentType?: string;
  /** Headers that must have exactly these values (undefined: absent). */
  headers?: Record<string, string | undefined>;
  /** The exact JSON body. */
  json?: unknown;
  /** Checks a body that is known only in part; returns what is wrong. */
  check?: (body: Buffer) => string | undefined;
}

type Rule = (facts: Facts) => Expected | undefined;

const JSON_TYPE = 'application/json';
const TOOLS = new Map(fuzzTools.map((tool) => [tool.name, tool]));
// node's parser refuses header sections over 16 KiB with its own 431; the generator keeps every request either
// under NODE_HEADERS_FIT or over NODE_HEADERS_REFUSED, never near the limit where the exact count would matter.
export const NODE_HEADERS_FIT = 14_000;
export const NODE_HEADERS_REFUSED = 19_000;

/** The built page's asset files, as URL paths below /assets/ (the fuzz target serves the default pageDir). */
const ASSETS = (() => {
  const folder = fileURLToPath(new URL('../../page/assets/', import.meta.url));
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Set(files.map((entry) => relative(folder, `${entry.parentPath}${sep}${entry.name}`).split(sep).join('/')));
})();

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The route a path names: the query is ignored, tool names are one percent-encoded segment, nothing is normalised. */
function routeOf(rawPath: string): Route {
  const path = rawPath.split('?', 1)[0]!;
  if (path === '/tools') return { kind: 'tools' };
  if (path === '/') return { kind: 'page' };
  if (path.startsWith('/assets/')) {
    const asset = decode(path.slice('/assets/'.length));
    return asset === undefined ? { kind: 'malformed' } : { kind: 'asset', path: asset };
  }
  if (!path.startsWith('/tools/')) return { kind: 'unknown' };
  const rest = path.slice('/tools/'.length);
  const slash = rest.indexOf('/');
  const segment = slash === -1 ? rest : rest.slice(0, slash);
  // A trailing slash after the name (`/tools/echo/`) still names the tool; any other action is an unknown path,
  // decided before the name is decoded.
  const action = slash === -1 ? '' : rest.slice(slash + 1);
  if (segment === '' || !['', 'call', 'validate'].includes(action)) return { kind: 'unknown' };
  const name = decode(segment);
  if (name === undefined) return { kind: 'malformed' };
  return { kind: action === '' ? 'tool' : (action as 'call' | 'validate'), name };
}

function header(request: FuzzRequest, name: string): string | undefined {
  return Object.entries(request.headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

/** Bytes of the header section as node's client sends it (request line, our headers and the ones it adds). */
export function headerBytes(request: FuzzRequest): number {
  const added = ['Host: 127.0.0.1:65535', 'Connection: keep-alive', 'Transfer-Encoding: chunked'];
  const lines = [
    `${request.method} ${request.path} HTTP/1.1`,
    ...added,
    ...Object.entries(request.headers).map(([n, v]) => `${n}: ${v}`),
  ];
  return lines.reduce((sum, line) => sum + line.length + 2, 2);
}

function facts(request: FuzzRequest): Facts {
  return {
    request,
    route: routeOf(request.path),
    method: request.method === 'HEAD' ? 'GET' : request.method,
    body: request.body ?? Buffer.alloc(0),
    origin: header(request, 'origin'),
  };
}

const isWrite = (route: Route) => route.kind === 'call' || route.kind === 'validate';
const allowOf = (route: Route) => (isWrite(route) ? 'POST, OPTIONS' : 'GET, HEAD, OPTIONS');
const error = (status: number, message: string, headers?: Expected['headers']): Expected => ({
  status,
  from: 'console',
  contentType: JSON_TYPE,
  json: { error: message },
  headers,
});
const anyError = (status: number): Expected => ({
  status,
  from: 'console',
  contentType: JSON_TYPE,
  check: (body) => (typeof parse(body)?.value?.error === 'string' ? undefined : 'no {"error": string} body'),
});
const json = (status: number, value: unknown): Expected => ({
  status,
  from: 'console',
  contentType: JSON_TYPE,
  json: value,
});
const errorResult = (text: string) => ({ content: [{ type: 'text', text }], isError: true });

/** An answer's JSON, parsed as it is. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are whatever came back
function parse(body: Buffer): { value: any } | undefined {
  try {
    return { value: JSON.parse(body.toString('utf8')) };
  } catch {
    return undefined;
  }
}

/**
 * A request body's JSON as the server must see it: `__proto__` keys dropped, however they were spelled. Walked
 * without recursion, since the generator nests arrays thousands deep.
 */
function parseRequestBody(body: Buffer): { value: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  const pending = [value];
  while (pending.length) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Object.hasOwn(node, '__proto__')) delete (node as Record<string, unknown>).__proto__;
    pending.push(...Object.values(node));
  }
  return { value };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether the fuzz tools' schemas accept `value` (`schema`: the schema itself does not compile). */
function validity(name: string, value: unknown): boolean | 'schema' {
  if (name === 'bad-schema') return 'schema';
  if (!isObject(value)) return false;
  if (name === 'draft-2020') return Object.hasOwn(value, 'a');
  const { city, n } = value;
  const cityOk = city === undefined || (typeof city === 'string' && [...city].length <= 20);
  return cityOk && (n === undefined || Number.isInteger(n));
}

function validationAnswer(name: string, value: unknown): Expected {
  const valid = validity(name, value);
  if (valid === true) return json(200, { valid: true });
  return {
    status: 200,
    from: 'console',
    contentType: JSON_TYPE,
    check: (body) => {
      const answer = parse(body)?.value;
      if (answer?.valid !== false || !Array.isArray(answer.errors) || !answer.errors.length)
        return 'expected {"valid": false, "errors": [...]}';
      const wellFormed = answer.errors.every((e: Record<string, unknown>) =>
        ['path', 'message', 'keyword'].every((k) => typeof e?.[k] === 'string'),
      );
      if (!wellFormed) return 'errors that are not {path, message, keyword} strings';
      if (valid === 'schema' && (answer.errors.length !== 1 || answer.errors[0].keyword !== 'schema'))
        return 'expected one `schema` error';
      return undefined;
    },
  };
}

/** Answers this large may be compressed (server/content-encoding.ts). */
const MIN_COMPRESSED_BYTES = 1024;

/** Arguments nested deeper than this are refused by validation. */
const MAX_VALIDATED_DEPTH = 64;

/** Whether objects and arrays inside `value` nest more than `levels` deep (walked without recursion). */
function nestsDeeperThan(value: unknown, levels: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length) {
    const [node, depth] = pending.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > levels) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Loopback names and IP literals, with an optional port. */
const ALLOWED_HOST = /^(localhost|[^:]*\.localhost|\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])(:\d+)?$/i;

/** The preconditions, in the order the server applies them. The first that applies decides the answer. */
const RULES: Rule[] = [
  // node's parser answers a header section over its limit itself, before any of the console's code runs.
  ({ request }) =>
    headerBytes(request) > NODE_HEADERS_REFUSED
      ? {
          status: 431,
          from: 'parser',
          contentType: JSON_TYPE,
          json: { error: 'The request headers are too large.' },
          headers: { connection: 'close' },
        }
      : undefined,
  ({ route }) => (route.kind === 'unknown' ? error(404, 'Not found.') : undefined),
  ({ route }) => (route.kind === 'malformed' ? error(400, 'Malformed percent-encoding in the URL.') : undefined),
  ({ request }) => {
    const host = header(request, 'host');
    return host !== undefined && !ALLOWED_HOST.test(host) ? anyError(403) : undefined;
  },
  ({ route, method, request, origin }) => {
    if (method !== 'OPTIONS') return undefined;
    const preflight = origin === ALLOWED_ORIGIN && header(request, 'access-control-request-method') !== undefined;
    return {
      status: 204,
      from: 'console',
      headers: {
        allow: allowOf(route),
        'access-control-allow-methods': preflight ? allowOf(route) : undefined,
        'access-control-allow-headers': preflight
          ? 'Authorization, Content-Type, Tool-Call-Mode, Tool-Caller'
          : undefined,
        'access-control-max-age': preflight ? '600' : undefined,
      },
    };
  },
  ({ route, method, request }) =>
    method !== (isWrite(route) ? 'POST' : 'GET')
      ? error(405, `Method ${request.method} is not allowed here.`, { allow: allowOf(route) })
      : undefined,
  ({ route, request, origin }) => {
    if (!isWrite(route) || origin === undefined || origin === ALLOWED_ORIGIN) return undefined;
    const sameOrigin = origin === `http://${header(request, 'host') ?? ''}`;
    return sameOrigin ? undefined : anyError(403);
  },
  ({ route, request }) => {
    if (!isWrite(route)) return undefined;
    const type = header(request, 'content-type');
    return type === undefined || type.split(';', 1)[0]!.trim().toLowerCase() !== JSON_TYPE ? anyError(415) : undefined;
  },
  // (allowExecute is on in the fuzz target; its 403, the next precondition, is tested in execution.test.ts.)
  ({ route }) => ('name' in route && !TOOLS.has(route.name) ? error(404, `Tool not found: ${route.name}`) : undefined),
  ({ route, body }) => {
    if (!isWrite(route)) return undefined;
    const limit = route.kind === 'validate' ? MAX_VALIDATE_BODY_BYTES : MAX_BODY_BYTES;
    if (body.length <= limit) return undefined;
    const tooLarge = json(413, { error: `Request body exceeds ${limit} bytes.`, limitBytes: limit });
    return { ...tooLarge, headers: { connection: 'close' } };
  },
  ({ route, body }) => {
    if (route.kind !== 'validate' || parseRequestBody(body) !== undefined) return undefined;
    return {
      status: 400,
      from: 'console',
      contentType: JSON_TYPE,
      check: (answer) => {
        const value = parse(answer)?.value;
        const [first] = value?.errors ?? [];
        return value?.valid === false &&
          value.errors.length === 1 &&
          first?.path === '' &&
          first?.keyword === 'format' &&
          /^Invalid JSON: /.test(first?.message)
          ? undefined
          : 'expected one `format` error saying "Invalid JSON: ..."';
      },
    };
  },
  ({ route, body }) =>
    route.kind === 'validate' && nestsDeeperThan(parseRequestBody(body)!.value, MAX_VALIDATED_DEPTH)
      ? json(400, {
          valid: false,
          errors: [
            {
              path: '',
              keyword: 'depth',
              message: `The arguments nest more than ${MAX_VALIDATED_DEPTH} levels deep; they are not validated.`,
            },
          ],
        })
      : undefined,
  ({ route, body }) =>
    route.kind === 'validate' ? validationAnswer(route.name, parseRequestBody(body)!.value) : undefined,
  ({ route, request }) =>
    route.kind === 'call' && header(request, DENY_HEADER) !== undefined
      ? json(401, { error: 'Unauthorized' })
      : undefined,
  ({ route }) =>
    route.kind === 'call' && route.name === THROWING_TOOL ? json(500, errorResult('deliberate failure')) : undefined,
  ({ route }) =>
    route.kind === 'call' && route.name === HANGING_TOOL
      ? json(504, errorResult(`The tool call timed out after ${CALL_TIMEOUT_MS} ms.`))
      : undefined,
  ({ route, body }) => {
    if (route.kind !== 'call') return undefined;
    // The echo handler answers with the arguments: the body when it is a JSON object, else `{}`.
    const value = parseRequestBody(body)?.value;
    const text = JSON.stringify(isObject(value) ? value : {});
    return json(200, {
      content: [{ type: 'text', text }],
      isError: false,
      _meta: { _trace_id: `trace-${route.name.length}` },
    });
  },
  ({ route }) =>
    route.kind === 'page' ? { status: 200, from: 'console', contentType: 'text/html; charset=utf-8' } : undefined,
  ({ route }) => {
    if (route.kind !== 'asset') return undefined;
    if (!ASSETS.has(route.path)) return error(404, 'Not found.');
    const type = route.path.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
    return { status: 200, from: 'console', contentType: type };
  },
  ({ route }) =>
    route.kind === 'tools'
      ? json(
          200,
          fuzzTools.map(({ name, description }) => ({ name, description })),
        )
      : undefined,
  ({ route }) => {
    if (route.kind !== 'tool') return undefined;
    const { name, description, inputSchema } = TOOLS.get(route.name)!;
    return json(200, { name, description, inputSchema });
  },
];

/** The answer `request` must get. */
export function expectedAnswer(request: FuzzRequest): Expected {
  const known = facts(request);
  for (const rule of RULES) {
    const expected = rule(known);
    if (expected) return expected;
  }
  throw new Error(`no rule decides ${request.method} ${request.path}`);
}

/** Checks one answer against the expected one; returns what is wrong with it, or undefined. */
export function problemWith(request: FuzzRequest, answer: Answer): string | undefined {
  const expected = expectedAnswer(request);
  const { status, headers, body } = answer;
  if (status !== expected.status)
    return `status ${status}, expected ${expected.status}: ${body.toString('utf8').slice(0, 200)}`;
  // Every answer carries nosniff, the parser's refusals included.
  if (headers['x-content-type-options'] !== 'nosniff') return `a ${status} without X-Content-Type-Options: nosniff`;
  // corsOrigins is a list: every answer of the handler varies by Origin, and only the listed origin gets a grant. (The
  // parser's refusals come before any request is known, so they carry no CORS headers.)
  const origin = header(request, 'origin');
  // An answer that may be compressed (JSON or text of 1 KiB or more, assets with compressed siblings) also varies by
  // Accept-Encoding, which the fuzz client never sends, so the body arrives as it is.
  const size = request.method === 'HEAD' ? Number(headers['content-length'] ?? 0) : body.length;
  const compressible = size >= MIN_COMPRESSED_BYTES || (routeOf(request.path).kind === 'asset' && status === 200);
  const vary = compressible && expected.contentType !== undefined ? 'Accept-Encoding, Origin' : 'Origin';
  const cors =
    expected.from === 'parser'
      ? {}
      : {
          vary,
          'access-control-allow-origin': origin === ALLOWED_ORIGIN ? ALLOWED_ORIGIN : undefined,
          // The granted origin may read the output check's header (none of the fuzz target's tools declares an
          // outputSchema, so no answer here carries one).
          'access-control-expose-headers': origin === ALLOWED_ORIGIN ? 'Tool-Output-Check' : undefined,
          'tool-output-check': undefined,
        };
  for (const [name, value] of Object.entries({ 'content-type': expected.contentType, ...cors, ...expected.headers })) {
    if (headers[name] !== value) return `${name}: ${JSON.stringify(headers[name])}, expected ${JSON.stringify(value)}`;
  }
  if (request.method === 'HEAD' || status === 204)
    return body.length ? `a body on a ${request.method === 'HEAD' ? 'HEAD' : '204'} answer` : undefined;
  if (expected.check) return expected.check(body);
  if (expected.json === undefined) return undefined;
  const got = parse(body);
  if (!got) return `a body that is not JSON: ${body.toString('utf8').slice(0, 200)}`;
  return isDeepStrictEqual(got.value, expected.json)
    ? undefined
    : `body ${body.toString('utf8').slice(0, 300)}, expected ${JSON.stringify(expected.json).slice(0, 300)}`;
}
