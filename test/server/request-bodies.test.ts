// How call and validate bodies are read: in many chunks, already read by the host's body parser (as an object or
// as text), or merely labelled by a host that set req.body without reading the stream; and a 413 ends the connection.
import assert from 'node:assert/strict';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { createHandler } from '../../server/index.js';
import {
  callPath,
  rawRequest,
  recordingLogger,
  startConsole,
  validatePath,
  weatherTool,
  type RunningConsole,
} from './helpers.js';

const json = { 'Content-Type': 'application/json' };
/** The host-parsed bodies' limit, for calls and validation alike. */
const LIMIT = 64;

/** Sends `parts` as separate chunks of one chunked request body, and resolves with the answer. */
function chunkedRequest(
  port: number,
  path: string,
  parts: (string | Buffer)[],
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, method: 'POST', path, headers: { ...json, ...headers }, agent: false };
    const req = request(options, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    const [first, ...rest] = parts;
    req.write(first);
    // Each part after the server has had a chance to read the previous one, so they arrive as separate chunks.
    const writeNext = () => {
      const part = rest.shift();
      if (part === undefined) return void req.end();
      req.write(part, () => setImmediate(writeNext));
    };
    setImmediate(writeNext);
  });
}

// A body that is never answered fails its test after 5 s instead of hanging the run.
describe('bodies in several chunks', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({
      allowExecute: true,
      maxBodyBytes: 64,
      handleCall: (_name, args) => [[{ type: 'text', text: JSON.stringify(args) }], false],
    });
  });
  after(() => app.close());

  it('are read whole, a multi-byte character split between two chunks included', { timeout: 5_000 }, async () => {
    const euro = Buffer.from('€');
    const answer = await chunkedRequest(app.port, callPath('get_weather'), [
      '{"city":"Oslo ',
      euro.subarray(0, 1),
      euro.subarray(1),
      '"}',
    ]);
    assert.equal(answer.status, 200, answer.body);
    assert.deepEqual(JSON.parse(answer.body).content, [{ type: 'text', text: '{"city":"Oslo €"}' }]);
  });

  it('are validated whole', { timeout: 5_000 }, async () => {
    const answer = await chunkedRequest(app.port, validatePath('get_weather'), ['{"ci', 'ty":', '"Oslo"}']);
    assert.deepEqual([answer.status, JSON.parse(answer.body)], [200, { valid: true }]);
  });

  it('end the connection when they grow past the limit', { timeout: 5_000 }, async () => {
    const answer = await chunkedRequest(app.port, callPath('get_weather'), [
      `{"pad":"${'x'.repeat(40)}`,
      `${'y'.repeat(40)}"}`,
    ]);
    assert.deepEqual(
      [answer.status, JSON.parse(answer.body), answer.connection],
      [413, { error: 'Request body exceeds 64 bytes.', limitBytes: 64 }, 'close'],
    );
  });
});

describe('bodies the host has dealt with', () => {
  let server: Server;
  let port: number;
  before(async () => {
    const handler = createHandler({
      tools: [weatherTool],
      allowExecute: true,
      maxBodyBytes: LIMIT,
      maxValidateBodyBytes: LIMIT,
      logger: recordingLogger(),
      handleCall: (_name, args) => [[{ type: 'text', text: JSON.stringify(args) }], false],
    });
    // What the host's own body handling did is chosen per request by the X-Host-Body header.
    server = createServer((req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
      const mode = req.headers['x-host-body'];
      if (mode === 'labelled') {
        req.body = { from: 'host' }; // set, but the stream is still unread
        return handler(req, res);
      }
      // As express.json() does: a gzip body is inflated, its Content-Length left as sent (the compressed size).
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
        req.body = mode === 'text' ? text : JSON.parse(text);
        handler(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => server.close());

  async function argumentsSeen(mode: string): Promise<unknown> {
    const answer = await rawRequest(port, 'POST', callPath('get_weather'), {
      body: '{"city":"Oslo"}',
      headers: { ...json, 'X-Host-Body': mode },
    });
    assert.equal(answer.status, 200, answer.text);
    return JSON.parse(answer.json.content[0].text);
  }

  it('uses a body the host parsed into an object', async () => {
    assert.deepEqual(await argumentsSeen('parsed'), { city: 'Oslo' });
  });

  it('parses a body the host read as text', async () => {
    assert.deepEqual(await argumentsSeen('text'), { city: 'Oslo' });
  });

  it('reads the stream itself when the host set req.body without reading it', async () => {
    assert.deepEqual(await argumentsSeen('labelled'), { city: 'Oslo' });
  });

  // A host's parser may allow more than the console (express.json({limit: '20mb'})): its body still counts against
  // the console's limits, however it came. Sent in chunks (no Content-Length) or compressed (a Content-Length that
  // is not the body's), the parsed value itself is measured.
  const atLimit = JSON.stringify({ city: `Oslo ${'€'.repeat((LIMIT - 16) / 3)}` });
  const overLimit = JSON.stringify({ city: `Oslo ${'€'.repeat((LIMIT - 16) / 3)}x` });
  const tooLarge = { error: `Request body exceeds ${LIMIT} bytes.`, limitBytes: LIMIT };

  it('refuses with 413 a body the host parsed past the limit from chunks, on call and validate', async () => {
    assert.equal(Buffer.byteLength(atLimit), LIMIT);
    for (const path of [callPath('get_weather'), validatePath('get_weather')]) {
      const over = await chunkedRequest(port, path, [overLimit.slice(0, 10), overLimit.slice(10)]);
      assert.deepEqual([over.status, JSON.parse(over.body)], [413, tooLarge], path);
      const within = await chunkedRequest(port, path, [atLimit.slice(0, 10), atLimit.slice(10)]);
      assert.equal(within.status, 200, `${path}: ${within.body}`);
    }
  });

  it('refuses with 413 a body the host read as text past the limit', async () => {
    const over = await chunkedRequest(port, callPath('get_weather'), [overLimit], { 'X-Host-Body': 'text' });
    assert.deepEqual([over.status, JSON.parse(over.body)], [413, tooLarge]);
  });

  it('refuses with 413 a compressed body the host inflated past the limit', async () => {
    const body = gzipSync(JSON.stringify({ city: 'x'.repeat(100 * LIMIT) }));
    assert.ok(body.length < LIMIT, 'the compressed body is within the limit');
    const over = await rawRequest(port, 'POST', callPath('get_weather'), {
      body,
      headers: { ...json, 'Content-Encoding': 'gzip' },
    });
    assert.deepEqual([over.status, over.json], [413, tooLarge]);
  });
});
