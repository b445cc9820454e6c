// The nasty requests only a bare socket can send: garbage request lines, unknown methods, raw bytes in the path,
// smuggling-shaped headers, header sections past the parser's limit, bodies trickled slowly, pipelined requests
// and connections dropped mid-request.
import { HANGING_TOOL, TOOL_NAMES } from './fuzz-target.js';
import type { Prng } from './prng.js';
import type { RawStep } from './raw-http.js';
import { generateRequest, type FuzzRequest } from './request-generator.js';

export interface RawCase {
  label: string;
  steps: RawStep[];
  /** Well-formed requests whose answers the oracle checks, in order; otherwise only the HTTP framing is checked. */
  requests?: FuzzRequest[];
  /** No answer is owed: we cut the connection, or (CONNECT) node closes tunnels nobody serves. */
  noAnswerOwed?: boolean;
}

const CRLF = '\r\n';

/** A request as bytes, with `Connection: close` unless it is followed by another one on the same connection. */
export function serialise(request: FuzzRequest, close = true): Buffer {
  const body = request.body ?? Buffer.alloc(0);
  const lines = [`${request.method} ${request.path} HTTP/1.1`, 'Host: 127.0.0.1'];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${body.length}`);
  if (close) lines.push('Connection: close');
  return Buffer.concat([Buffer.from(lines.join(CRLF) + CRLF + CRLF, 'latin1'), body]);
}

function head(requestLine: string, headers: string[] = []): Buffer {
  return Buffer.from(
    [requestLine, 'Host: 127.0.0.1', ...headers, 'Connection: close'].join(CRLF) + CRLF + CRLF,
    'latin1',
  );
}

/** Splits bytes into `pieces` parts with pauses between them. */
function trickle(rng: Prng, bytes: Buffer, pieces: number): RawStep[] {
  const steps: RawStep[] = [];
  const cuts = Array.from({ length: pieces - 1 }, () => rng.int(1, bytes.length - 1)).sort((a, b) => a - b);
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    steps.push(bytes.subarray(start, cut), { pauseMs: rng.int(2, 25) });
    start = cut;
  }
  return steps;
}

// The answer to HEAD announces a Content-Length it does not send, which a raw reader cannot tell from truncation.
function notHead(request: FuzzRequest): FuzzRequest {
  return request.method === 'HEAD' ? { ...request, method: 'GET' } : request;
}

function echoCall(rng: Prng): FuzzRequest {
  const name = rng.pick(TOOL_NAMES.filter((name) => !['fail/throws', HANGING_TOOL].includes(name)));
  const body = Buffer.from(JSON.stringify({ city: 'x'.repeat(rng.int(0, 50)), n: rng.int(0, 1e6) }));
  return {
    method: 'POST',
    path: `/tools/${encodeURIComponent(name)}/call`,
    headers: { 'content-type': 'application/json' },
    body,
    chunked: false,
  };
}

const RAW_PATH_BYTES = ['\u0000', ' ', '\t', '\u007f', '\u00ff', '\u0080', '名', '🎉', '\\', '"', '<', '>', '{', '|'];

export function generateRawCase(rng: Prng): RawCase {
  return rng.weighted<() => RawCase>([
    [
      8,
      () => ({
        label: 'garbage request',
        steps: [Buffer.concat([rng.bytes(rng.int(1, 200)), Buffer.from(CRLF + CRLF)])],
      }),
    ],
    [
      6,
      () => ({
        label: 'unknown method',
        steps: [head(`${rng.pick(['FUZZ', 'get', 'G\u0000T', 'BREW', 'PRI', '-'])} /tools HTTP/1.1`)],
      }),
    ],
    [
      1,
      () => ({
        label: 'CONNECT',
        steps: [head(`CONNECT ${rng.pick(['127.0.0.1:1', '/tools', 'x'])} HTTP/1.1`)],
        noAnswerOwed: true,
      }),
    ],
    [
      8,
      () => {
        const raw = Buffer.from(`/tools/${rng.string(RAW_PATH_BYTES, rng.int(1, 6))}/call`, 'utf8');
        return {
          label: 'raw bytes in the path',
          steps: [
            Buffer.concat([
              Buffer.from('POST '),
              raw,
              head(' HTTP/1.1', ['Content-Type: application/json', 'Content-Length: 2']),
              Buffer.from('{}'),
            ]),
          ],
        };
      },
    ],
    [
      5,
      () => ({
        label: 'odd HTTP version',
        steps: [head(`GET /tools ${rng.pick(['HTTP/9.9', 'HTTP/1.0', 'HTTP/0.9', 'HTTP/1', 'http/1.1', ''])}`)],
      }),
    ],
    [
      5,
      () => ({
        label: 'header section over the limit',
        steps: [head('GET /tools HTTP/1.1', [`X-Big: ${'h'.repeat(rng.int(17_000, 40_000))}`])],
      }),
    ],
    [
      3,
      () => ({
        label: 'request line over the limit',
        steps: [head(`GET /tools/${'a'.repeat(rng.int(17_000, 40_000))} HTTP/1.1`)],
      }),
    ],
    [
      6,
      () => ({
        label: 'smuggling-shaped framing',
        steps: [
          head('POST /tools/echo/call HTTP/1.1', [
            'Content-Type: application/json',
            ...rng.pick([
              ['Content-Length: 2', 'Transfer-Encoding: chunked'],
              ['Content-Length: 2', 'Content-Length: 3'],
              ['Content-Length: -1'],
              ['Content-Length: 1e3'],
              ['Transfer-Encoding: chunked, identity'],
              ['Transfer-Encoding: chunked'],
            ]),
          ]), // Every framing here is complete or broken, never merely unfinished: a stalled body waits for the request timeout.
          Buffer.from(rng.pick(['{}', 'zz\r\n{}\r\n0\r\n\r\n', '2\r\n{}\r\n0\r\n\r\n'])),
        ],
      }),
    ],
    [
      15,
      () => {
        const request = echoCall(rng);
        return {
          label: 'body trickled slowly',
          steps: trickle(rng, serialise(request), rng.int(2, 8)),
          requests: [request],
        };
      },
    ],
    [
      5,
      () => {
        const first = generateRequest(rng);
        const second = echoCall(rng);
        // A plain GET first keeps both requests well inside the parser's limits, so both must be answered.
        Object.assign(first, { method: 'GET', headers: {}, body: undefined });
        return {
          label: 'pipelined',
          steps: [Buffer.concat([serialise(first, false), serialise(second)])],
          requests: [first, second],
        };
      },
    ],
    [
      20,
      () => {
        const bytes = serialise(rng.chance(0.5) ? echoCall(rng) : notHead(generateRequest(rng)));
        return {
          label: 'dropped mid-request',
          steps: [bytes.subarray(0, rng.int(0, bytes.length - 1)), { pauseMs: rng.int(0, 10) }, 'hang-up'],
          noAnswerOwed: true,
        };
      },
    ],
    [
      6,
      () => {
        const request: FuzzRequest = {
          method: 'POST',
          path: `/tools/${encodeURIComponent(HANGING_TOOL)}/call`,
          headers: { 'content-type': 'application/json' },
          body: Buffer.from('{}'),
          chunked: false,
        };
        return {
          label: 'dropped during a call',
          steps: [serialise(request), { pauseMs: rng.int(5, 100) }, 'hang-up'],
          noAnswerOwed: true,
        };
      },
    ],
  ])();
}
