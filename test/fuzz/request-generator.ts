// Generates hostile but well-formed HTTP requests (sent with node:http) from a seeded PRNG: random methods, paths
// with odd, broken and overlong percent-encoding, awkward headers, random and truncated bodies. Every POST says its
// body is JSON (whatever the body is), comes from no foreign origin and names a loopback host; requests that break
// one of those request guards come from a separate branch, `guardBreaker`, for the oracle's guard rules.
import { ALLOWED_ORIGIN, DENY_HEADER, MAX_BODY_BYTES, TOOL_NAMES, fuzzTools } from './fuzz-target.js';
import { headerBytes, NODE_HEADERS_FIT, NODE_HEADERS_REFUSED } from './oracle.js';
import type { Prng } from './prng.js';

export interface FuzzRequest {
  method: string;
  /** Exactly as sent: characters U+0021 to U+00FF only, as node:http requires. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Sent without Content-Length, in two chunks. */
  chunked: boolean;
}

const ALL_NAMES = fuzzTools.map((tool) => tool.name);
const ODD_CHARACTERS = [
  ...'aZ09/.%?#&=+ \u0000\t\n"\'<>\\`{}|^~',
  'é',
  'ß',
  'ﬁ',
  '名',
  '☃',
  '🎉',
  '\u202e',
  '\u0301',
  '\ufeff',
  '\u2028',
];
const BROKEN_ENCODINGS = [
  '%',
  '%4',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%F4%90%80%80',
  '%%',
  '%u0041',
  'a%',
  '%0',
];
const PUNCTUATION = ['.', '..', '...', '~', "!$&'()*+,;=:@", '%2e%2e', '%2F..%2F', 'tools', 'call', '%00', '%2F'];
const PRINTABLE = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i));
const ACTIONS = ['call', 'validate', 'CALL', 'call/', 'call/extra', 'other', '', '..', '%63all'];
const KEYS = [
  'city',
  'n',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '',
  'ключ',
  '🎉',
  '\u0000',
  'a'.repeat(60),
];

function toolSegment(rng: Prng): string {
  return rng.weighted<() => string>([
    [40, () => encodeURIComponent(rng.pick(ALL_NAMES))],
    [10, () => encodeURIComponent(rng.string(ODD_CHARACTERS, rng.int(1, 20)))],
    [15, () => rng.pick(BROKEN_ENCODINGS) + (rng.chance(0.5) ? encodeURIComponent(rng.pick(TOOL_NAMES)) : '')],
    [8, () => (rng.chance(0.5) ? '%41'.repeat(rng.int(100, 3000)) : 'a'.repeat(rng.int(1000, 9000)))],
    [10, () => rng.pick(PUNCTUATION)],
    [5, () => ''],
    [12, () => rng.string(PRINTABLE, rng.int(1, 30))],
  ])();
}

function path(rng: Prng): string {
  const base = rng.weighted<() => string>([
    [10, () => '/tools'],
    [15, () => `/tools/${toolSegment(rng)}`],
    [35, () => `/tools/${toolSegment(rng)}/call`],
    [20, () => `/tools/${toolSegment(rng)}/validate`],
    [5, () => `/tools/${toolSegment(rng)}/${rng.pick(ACTIONS)}`],
    [4, () => '/'],
    [4, () => `/assets/${toolSegment(rng)}`],
    [4, () => `/${toolSegment(rng)}`],
    [
      3,
      () =>
        rng.pick([
          '//tools',
          '/tools//call',
          '/TOOLS',
          '/tools/',
          '/./tools',
          '/tools/%2e%2e/call',
          '/assets/../server/index.js',
        ]),
    ],
  ])();
  return rng.chance(0.1) ? `${base}?${rng.string(PRINTABLE, rng.int(0, 40))}` : base;
}

function jsonValue(rng: Prng, depth: number): unknown {
  const kind = rng.int(0, depth > 2 ? 4 : 6);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, rng.int(-1e6, 1e6)]);
    case 3:
      return rng.string(ODD_CHARACTERS, rng.int(0, 30));
    case 4:
      return rng.pick(['<script>alert(1)</script>', '${7*7}', '{{7*7}}', '\u0000', '']);
    case 5:
      return Array.from({ length: rng.int(0, 4) }, () => jsonValue(rng, depth + 1));
    default:
      return jsonObject(rng, depth + 1);
  }
}

function jsonObject(rng: Prng, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const count = rng.int(0, 5);
  for (let i = 0; i < count; i++) {
    const key = rng.chance(0.7) ? rng.pick(KEYS) : rng.string(ODD_CHARACTERS, rng.int(1, 8));
    // defineProperty so a `__proto__` key is an own key that JSON.stringify writes out.
    Object.defineProperty(object, key, {
      value: jsonValue(rng, depth),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return object;
}

function body(rng: Prng): Buffer | undefined {
  return rng.weighted<() => Buffer | undefined>([
    [25, () => undefined],
    [30, () => Buffer.from(JSON.stringify(jsonObject(rng)))],
    // Keys spelled with a JSON escape (`"\u005f_proto__"`): the same keys once parsed, `__proto__` included.
    [
      5,
      () => {
        const escaped = (key: string) => `"\\u${key.charCodeAt(0).toString(16).padStart(4, '0')}${key.slice(1)}":`;
        return Buffer.from(
          JSON.stringify(jsonObject(rng)).replace(/"(__proto__|city|constructor)":/g, (_, key: string) => escaped(key)),
        );
      },
    ],
    [8, () => Buffer.from(JSON.stringify(jsonValue(rng, 3)))],
    [
      10,
      () => {
        const text = JSON.stringify(jsonObject(rng));
        return Buffer.from(text.slice(0, rng.int(0, text.length - 1)));
      },
    ],
    [10, () => rng.bytes(rng.int(0, 500))],
    [7, () => Buffer.from(JSON.stringify({ pad: 'x'.repeat(rng.int(MAX_BODY_BYTES, 3 * MAX_BODY_BYTES)) }))],
    [
      5,
      () => {
        const depth = rng.int(100, 4000);
        return Buffer.from('['.repeat(depth) + ']'.repeat(depth));
      },
    ],
  ])();
}

function headers(rng: Prng, method: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const contentType =
    method === 'POST'
      ? rng.pick(['application/json', 'application/json; charset=utf-8'])
      : rng.weighted<string | undefined>([
          [20, undefined],
          [40, 'application/json'],
          [10, 'text/plain'],
          [5, 'application/x-www-form-urlencoded'],
          [5, 'multipart/form-data; boundary=zz'],
          [5, rng.string(PRINTABLE, rng.int(1, 40))],
        ]);
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (rng.chance(0.1)) headers.origin = ALLOWED_ORIGIN;
  if (method === 'OPTIONS' && rng.chance(0.5)) headers['access-control-request-method'] = 'POST';
  if (rng.chance(0.1)) headers[DENY_HEADER] = '1';
  if (rng.chance(0.1)) headers.authorization = `Bearer ${rng.string(PRINTABLE, rng.int(0, 60))}`;
  if (rng.chance(0.05)) headers['x-big'] = 'b'.repeat(rng.int(1000, 14_000));
  if (rng.chance(0.03)) {
    for (let i = rng.int(50, 500); i > 0; i--) headers[`x-h${i}`] = String(i);
  }
  if (rng.chance(0.2)) headers.accept = rng.pick(['*/*', 'text/html', 'application/json', rng.string(PRINTABLE, 20)]);
  return headers;
}

/**
 * Keeps the header section clear of node's 16 KiB limit, where its exact byte count would decide the answer:
 * a request in between gets padded well past it (and node's own 431 is then the answer owed).
 */
function clearOfHeaderLimit(request: FuzzRequest): FuzzRequest {
  const bytes = headerBytes(request);
  if (bytes > NODE_HEADERS_FIT && bytes <= NODE_HEADERS_REFUSED) {
    request.headers['x-pad'] = 'p'.repeat(NODE_HEADERS_REFUSED - bytes + 1000);
  }
  return request;
}

const FOREIGN_HOSTS = [
  'evil.example',
  'evil.example:80',
  'localhost.evil.example',
  'attacker.test:8000',
  '127.0.0.1.nip.io',
];
const FOREIGN_ORIGINS = [
  'http://evil.example',
  'null',
  'https://allowed.example',
  'http://127.0.0.1.evil.example',
  'file://',
];
const NOT_JSON_TYPES = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'text/json',
  'application/jsonp',
  'application/json-patch+json',
];

/** A request that is fine but for one request guard: a foreign Host, a foreign Origin, or a body not declared JSON. */
function guardBreaker(rng: Prng): FuzzRequest {
  const name = encodeURIComponent(rng.pick(ALL_NAMES));
  const write: FuzzRequest = {
    method: 'POST',
    path: `/tools/${name}/${rng.pick(['call', 'validate'])}`,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(jsonObject(rng))),
    chunked: false,
  };
  return rng.weighted<() => FuzzRequest>([
    [
      1,
      () => {
        const request = rng.chance(0.5) ? write : generateRequest(rng);
        return { ...request, headers: { ...request.headers, host: rng.pick(FOREIGN_HOSTS) } };
      },
    ],
    [1, () => ({ ...write, headers: { ...write.headers, origin: rng.pick(FOREIGN_ORIGINS) } })],
    [
      1,
      () => {
        const type = rng.pick(NOT_JSON_TYPES);
        const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
        return { ...write, headers };
      },
    ],
  ])();
}

export function generateRequest(rng: Prng): FuzzRequest {
  // Some requests break one request guard each: a foreign Host or Origin, a body not declared as JSON.
  if (rng.chance(0.08)) return clearOfHeaderLimit(guardBreaker(rng));
  const method = rng.weighted([
    [30, 'GET'],
    [45, 'POST'],
    [5, 'HEAD'],
    [5, 'OPTIONS'],
    [4, 'PUT'],
    [4, 'DELETE'],
    [4, 'PATCH'],
    [1, 'PROPFIND'],
    [1, 'SEARCH'],
    [1, 'TRACE'],
  ] as const);
  return clearOfHeaderLimit({
    method,
    path: path(rng),
    headers: headers(rng, method),
    body: body(rng),
    chunked: rng.chance(0.15),
  });
}

/** A short, copyable description of a request for failure messages. */
export function describeRequest(request: FuzzRequest): string {
  const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, clip(value)]));
  const body = request.body === undefined ? undefined : clip(request.body.toString('latin1'));
  return JSON.stringify({ method: request.method, path: clip(request.path), headers, body, chunked: request.chunked });
}
