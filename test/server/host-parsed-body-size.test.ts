// A body the host's parser already read (req.body set, the stream ended) and that came with no usable Content-Length
// counts against maxBodyBytes by the size of its JSON: a body of exactly the limit is taken, one byte more gets 413.
// Each value below is tried at its own JSON size and one byte under it, so every way of counting (escapes, UTF-8
// widths, commas, keys, nesting, scalars at the top) is pinned to the byte.
import assert from 'node:assert/strict';
import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createHandler } from '../../server/index.js';
import { close, listen } from '../support/listen.js';
import { callPath, recordingLogger, weatherTool } from './helpers.js';

/** What the host's parser produced, and how many bytes it takes written out. */
interface Sample {
  what: string;
  body: unknown;
  bytes: number;
}

const asJson = (what: string, body: unknown): Sample => ({
  what,
  body,
  bytes: Buffer.byteLength(JSON.stringify(body)),
});
const asText = (what: string, text: string): Sample => ({ what, body: text, bytes: Buffer.byteLength(text) });

const samples: Sample[] = [
  // Text bodies (express.text()) count as they are: no quotes, no escapes.
  asText('plain text', 'city=Oslo'),
  asText('text with quotes, backslashes and a newline', 'say "hi" \\ there\n'),
  asText('text of two-byte characters', 'éé'),
  asText('text of three-byte characters', '€€'),
  asText('text of the first two- and three-byte characters', '\u0080\u0800'),
  asText('text of surrogate pairs, at both ends of their range', '\u{10000}\u{10FFFF}😀'),
  // Strings inside JSON count with their quotes and escapes.
  asJson('a string of escapes', { s: 'say "hi" \\ there' }),
  asJson('a string of control characters', { s: '\u0001\u001f\u007f' }),
  asJson('a string with short escapes', { s: 'line\nbreak\ttab\rreturn\bback\fform' }),
  asJson('a string of UTF-8 widths', { s: 'é€😀\u0080\u07ff\u0800\u{10000}\u{10FFFF}' }),
  asJson('a key that needs escapes', { 'a "quoted" \\ key': 1 }),
  // Scalars, at the top and inside.
  asJson('a number at the top', 12345),
  asJson('true at the top', true),
  asJson('false at the top', false),
  asJson('null at the top', null),
  asJson('numbers', { n: [0, -1.5, 1e21, 12345678] }),
  asJson('numbers JSON writes as null', [NaN, Infinity, -Infinity]),
  asJson('booleans and null', [true, false, null]),
  // Containers: brackets, commas, keys and their colons, nesting.
  asJson('an empty object', {}),
  asJson('an empty array', []),
  asJson('empty containers inside', { a: {}, b: [], c: [[], {}] }),
  asJson('an array of strings', ['a', 'bb', 'ccc']),
  asJson('nested objects', { city: { name: 'Oslo', at: { lat: 59.9, lon: 10.7 } }, tags: ['x', { y: 'z' }] }),
  { what: 'a big integer', body: { id: 12345678901234567890n }, bytes: '{"id":12345678901234567890}'.length },
  // JSON writes own properties only.
  asJson('an object with an inherited property', Object.assign(Object.create({ inherited: 'x'.repeat(50) }), { a: 1 })),
];

describe('the size of a body the host already parsed', () => {
  let server: Server;
  let port: number;
  const handlers = new Map<number, ReturnType<typeof createHandler>>();
  /** A console whose maxBodyBytes is `limit`. */
  const consoleWithLimit = (limit: number) => {
    let handler = handlers.get(limit);
    if (handler === undefined) {
      handler = createHandler({
        tools: [weatherTool],
        allowExecute: true,
        maxBodyBytes: limit,
        logger: recordingLogger(),
        handleCall: () => [[{ type: 'text', text: 'ran' }], false],
      });
      handlers.set(limit, handler);
    }
    return handler;
  };

  before(async () => {
    // A host whose parser read the (chunked) stream and set req.body to the sample the request names.
    server = createServer((req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
      req.resume();
      req.on('end', () => {
        req.body = samples[Number(req.headers['x-sample'])]!.body;
        void consoleWithLimit(Number(req.headers['x-limit']))(req, res);
      });
    });
    port = await listen(server);
  });
  after(() => close(server));

  // One kept-alive connection for the many requests below.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  after(() => agent.destroy());

  /** The status and body of a call whose (empty, chunked) body the host replaces with sample `sample`. */
  const callWith = (sample: number, limit: number) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const headers = {
        'Content-Type': 'application/json',
        'Transfer-Encoding': 'chunked',
        'X-Sample': String(sample),
        'X-Limit': String(limit),
      };
      const path = callPath('get_weather');
      const req = request({ host: '127.0.0.1', port, method: 'POST', path, headers, agent }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end();
    });
  const statusAt = async (sample: number, limit: number) => (await callWith(sample, limit)).status;

  it('takes each body at exactly its JSON size, and refuses it with 413 a byte below', async () => {
    const wrong: string[] = [];
    for (const [index, { what, bytes }] of samples.entries()) {
      const [atSize, below] = [await statusAt(index, bytes), await statusAt(index, bytes - 1)];
      if (atSize !== 200 || below !== 413)
        wrong.push(`${what} (${bytes} bytes): ${atSize} at ${bytes}, ${below} below`);
    }
    assert.deepEqual(wrong, []);
  });

  it('says why it refused', async () => {
    const answer = await callWith(0, 4);
    assert.deepEqual(
      [answer.status, JSON.parse(answer.text)],
      [413, { error: 'Request body exceeds 4 bytes.', limitBytes: 4 }],
    );
  });
});
