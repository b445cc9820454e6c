// Generates hostile but well-formed HTTP requests (sent with node:http) from a seeded PRNG: random methods, paths
// with odd, broken and overlong percent-encoding, awkward headers and content types, random and truncated bodies.
import { ALLOWED_ORIGIN, DENY_HEADER, MAX_BODY_BYTES, TOOL_NAMES, fuzzTools } from './fuzz-target.js';
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
const ODD_CHARACTERS = [...'aZ09/.%?#&=+ \u0000\t\n"\'<>\\`{}|^~', 'é', 'ß', 'ﬁ', '名', '☃', '🎉', '\u202e', '\u0301', '\ufeff', '\u2028'];
const BROKEN_ENCODINGS = ['%', '%4', '%zz', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF%FE', '%F4%90%80%80', '%%', '%u0041', 'a%', '%0'];
const PUNCTUATION = ['.', '..', '...', '~', "!$&'()*+,;=:@", '%2e%2e', '%2F..%2F', 'tools', 'call', '%00', '%2F'];
const PRINTABLE = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i));
const ACTIONS = ['call', 'validate', 'CALL', 'call/', 'call/extra', 'other', '', '..', '%63all'];
const KEYS = ['city', 'n', '__proto__', 'constructor', 'prototype', 'toString', '', 'ключ', '🎉', '\u0000', 'a'.repeat(60)];

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
    [3, () => rng.pick(['//tools', '/tools//call', '/TOOLS', '/tools/', '/./tools', '/tools/%2e%2e/call', '/assets/../server/index.js'])],
  ])();
  return rng.chance(0.1) ? `${base}?${rng.string(PRINTABLE, rng.int(0, 40))}` : base;
}

function jsonValue(rng: Prng, depth: number): unknown {
  const kind = rng.int(0, depth > 2 ? 4 : 6);
  switch (kind) {
    case 0: return null;
    case 1: return rng.chance(0.5);
    case 2: return rng.pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, rng.int(-1e6, 1e6)]);
    case 3: return rng.string(ODD_CHARACTERS, rng.int(0, 30));
    case 4: return rng.pick(['<script>alert(1)</script>', '${7*7}', '{{7*7}}', '\u0000', '']);
    case 5: return Array.from({ length: rng.int(0, 4) }, () => jsonValue(rng, depth + 1));
    default: return jsonObject(rng, depth + 1);
  }
}

function jsonObject(rng: Prng, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const count = rng.int(0, 5);
  for (let i = 0; i < count; i++) {
    const key = rng.chance(0.7) ? rng.pick(KEYS) : rng.string(ODD_CHARACTERS, rng.int(1, 8));
    // defineProperty so a `__proto__` key is an own key that JSON.stringify writes out.
    Object.defineProperty(object, key, { value: jsonValue(rng, depth), enumerable: true, configurable: true, writable: true });
  }
  return object;
}

function body(rng: Prng): Buffer | undefined {
  return rng.weighted<() => Buffer | undefined>([
    [25, () => undefined],
    [35, () => Buffer.from(JSON.stringify(jsonObject(rng)))],
    [8, () => Buffer.from(JSON.stringify(jsonValue(rng, 3)))],
    [10, () => {
      const text = JSON.stringify(jsonObject(rng));
      return Buffer.from(text.slice(0, rng.int(0, text.length - 1)));
    }],
    [10, () => rng.bytes(rng.int(0, 500))],
    [7, () => Buffer.from(JSON.stringify({ pad: 'x'.repeat(rng.int(MAX_BODY_BYTES, 3 * MAX_BODY_BYTES)) }))],
    [5, () => {
      const depth = rng.int(100, 4000);
      return Buffer.from('['.repeat(depth) + ']'.repeat(depth));
    }],
  ])();
}

function headers(rng: Prng, method: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const contentType = rng.weighted<string | undefined>([
    [20, undefined],
    [40, 'application/json'],
    [10, 'text/plain'],
    [5, 'application/x-www-form-urlencoded'],
    [5, 'multipart/form-data; boundary=zz'],
    [5, 'application/json; charset=utf-16'],
    [5, rng.string(PRINTABLE, rng.int(1, 40))],
  ]);
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (rng.chance(0.1)) headers.origin = rng.pick([ALLOWED_ORIGIN, 'http://evil.example', 'null']);
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

export function generateRequest(rng: Prng): FuzzRequest {
  const method = rng.weighted([[30, 'GET'], [45, 'POST'], [5, 'HEAD'], [5, 'OPTIONS'], [4, 'PUT'], [4, 'DELETE'], [4, 'PATCH'], [1, 'PROPFIND'], [1, 'SEARCH'], [1, 'TRACE']] as const);
  return { method, path: path(rng), headers: headers(rng, method), body: body(rng), chunked: rng.chance(0.15) };
}

/** Bytes of the header section, roughly as node's parser counts them against its 16 KiB limit. */
export function headerBytes(request: FuzzRequest): number {
  return Object.entries(request.headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, request.path.length + 40);
}

/** A short, copyable description of a request for failure messages. */
export function describeRequest(request: FuzzRequest): string {
  const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, clip(value)]));
  const body = request.body === undefined ? undefined : clip(request.body.toString('latin1'));
  return JSON.stringify({ method: request.method, path: clip(request.path), headers, body, chunked: request.chunked });
}
