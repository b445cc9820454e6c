// What the API promises for any request, checked against what came back. Written from the contract (DESIGN.md),
// not from the server's code: the routes, the statuses each may answer, JSON where JSON is promised, and echoed
// arguments that are exactly the ones sent.
import { fuzzTools, HANGING_TOOL, THROWING_TOOL } from './fuzz-target.js';
import { headerBytes, type FuzzRequest } from './request-generator.js';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

type Route = { kind: 'tools' } | { kind: 'tool' | 'call' | 'validate'; name: string | undefined } | { kind: 'other' };

// Node's parser is stricter than node's client about headers: a large header section gets its own 431.
const PARSER_LIMIT_MARGIN = 15_000;
// 403 and 415: the request guards (a foreign Origin or Host, a body that is not declared JSON).
const HANDLER_STATUSES = new Set([200, 204, 400, 401, 403, 404, 405, 413, 415]);

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function routeOf(path: string): Route {
  const bare = path.split('?', 1)[0]!;
  if (bare === '/tools') return { kind: 'tools' };
  const match = /^\/tools\/([^/]+)(?:\/(call|validate))?$/.exec(bare);
  if (!match) return { kind: 'other' };
  return { kind: (match[2] as 'call' | 'validate' | undefined) ?? 'tool', name: decode(match[1]!) };
}

function dropProto(key: string, value: unknown): unknown {
  return key === '__proto__' ? undefined : value;
}

/** The arguments the handler must have seen: the body when it is a JSON object, else `{}`. */
function expectedArguments(body: Buffer | undefined): unknown {
  try {
    const value: unknown = JSON.parse(body?.toString('utf8') ?? '', dropProto);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

function parseJson(body: Buffer): { ok: true; value: any } | { ok: false } { // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

/** Checks one answer; returns what is wrong with it, or undefined. */
export function problemWith(request: FuzzRequest, answer: Answer): string | undefined {
  const { status, headers, body } = answer;
  // Every answer carries nosniff, node's parser refusals included (createServer answers those in JSON too).
  if (headers['x-content-type-options'] !== 'nosniff') {
    return `an answer (${status}) that did not come from the console, to a well-formed request`;
  }
  const route = routeOf(request.path);
  const documentedFailure =
    route.kind === 'call' && request.method === 'POST' && (route.name === THROWING_TOOL ? 500 : route.name === HANGING_TOOL ? 504 : 0);
  const parserLimit = status === 431 && headerBytes(request) > PARSER_LIMIT_MARGIN;
  if (!HANDLER_STATUSES.has(status) && status !== documentedFailure && !parserLimit) return `status ${status} is not one the API answers here`;
  const isPage = status === 200 && route.kind === 'other';
  if (request.method === 'HEAD' || status === 204 || isPage) return undefined;
  if (headers['content-type'] !== 'application/json') return `status ${status} without Content-Type: application/json`;
  const json = parseJson(body);
  if (!json.ok) return `status ${status} with a body that is not JSON: ${body.toString('utf8').slice(0, 200)}`;
  if (status === 405 && !headers.allow) return '405 without Allow';
  if (status === 401 && body.toString('utf8') !== '{"error":"Unauthorized"}') return `401 that says more than Unauthorized`;
  if (status >= 400 && status < 500) {
    const invalidJson = route.kind === 'validate' && status === 400 && json.value?.valid === false && json.value.errors?.length;
    return invalidJson || typeof json.value?.error === 'string' ? undefined : `${status} without an {"error": string} body`;
  }
  return problemWithSuccess(request, route, status, json.value);
}

function problemWithSuccess(request: FuzzRequest, route: Route, status: number, value: any): string | undefined { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (route.kind === 'tools' && (!Array.isArray(value) || value.length !== fuzzTools.length)) return 'GET /tools lost tools';
  if (route.kind === 'tool' && value?.name !== route.name) return `detail of ${JSON.stringify(route.name)} names ${JSON.stringify(value?.name)}`;
  if (route.kind === 'validate' && typeof value?.valid !== 'boolean') return 'validate answer without a boolean `valid`';
  if (route.kind === 'call' && status === 200) {
    const expected = JSON.stringify(expectedArguments(request.body));
    if (value?.content?.[0]?.text !== expected) return `echo mismatch: sent ${expected}, got ${JSON.stringify(value)}`;
    if (value?._meta?._trace_id !== `trace-${route.name!.length}`) return 'missing or wrong trace id';
  }
  if ((status === 500 || status === 504) && value?.isError !== true) return `${status} that is not an isError result`;
  return undefined;
}
