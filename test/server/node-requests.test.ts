// How node:http's request reaches the console: the scheme of the connection it came on (TLS or not), a body whose
// declared length is already past the limit, a body the host's parser read under `Content-Encoding: identity` or
// drained without keeping, and an `originalUrl` that is not a string.
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createHandler } from '../../server/index.js';
import { TEST_TLS_CERT, TEST_TLS_KEY } from '../fixtures/tls-certificate.js';
import { close, listen } from '../support/listen.js';
import { callPath, rawRequest, recordingLogger, startConsole, weatherTool, type RunningConsole } from './helpers.js';

/** POSTs `{"city":"Oslo"}` over TLS with `origin`, and resolves with the status and body. */
function postOverTls(port: number, origin: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = { 'Content-Type': 'application/json', Origin: origin };
    const options = { host: '127.0.0.1', port, method: 'POST', path: callPath('get_weather'), headers };
    const req = httpsRequest({ ...options, agent: false, rejectUnauthorized: false }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end('{"city":"Oslo"}');
  });
}

describe('a console served over TLS by node:https', () => {
  const server = createHttpsServer(
    { key: TEST_TLS_KEY, cert: TEST_TLS_CERT },
    createHandler({
      tools: [weatherTool],
      allowExecute: true,
      logger: recordingLogger(),
      handleCall: () => [[{ type: 'text', text: 'ran' }], false],
    }),
  );
  let port: number;
  before(async () => (port = await listen(server)));
  after(() => close(server));

  it("takes a call from its own https:// origin: the connection's scheme is https", async () => {
    const answer = await postOverTls(port, `https://127.0.0.1:${port}`);
    assert.equal(answer.status, 200, answer.text);
  });

  it('refuses the same host and port under http:// with 403', async () => {
    const answer = await postOverTls(port, `http://127.0.0.1:${port}`);
    assert.equal(answer.status, 403, answer.text);
    assert.match(JSON.parse(answer.text).error, /corsOrigins/);
  });
});

describe('request bodies read from the stream', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({ allowExecute: true, maxBodyBytes: 64 });
  });
  after(() => app.close());

  it(
    'answers 413 as soon as the declared Content-Length is past the limit, before any of the body arrives',
    { timeout: 2_000 },
    async () => {
      // Only the head is sent: an answer can come from the declared length alone.
      const received = await new Promise<string>((resolve, reject) => {
        const socket = connect(app.port, '127.0.0.1', () =>
          socket.write(
            `POST ${callPath('get_weather')} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
              'Content-Length: 65\r\n\r\n',
          ),
        );
        let text = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('}')) socket.destroy();
        });
        socket.on('error', reject);
        socket.on('close', () => resolve(text));
      });
      assert.match(received, /^HTTP\/1\.1 413 /);
      assert.match(received, /\r\nConnection: close\r\n/i);
      assert.ok(received.endsWith('{"error":"Request body exceeds 64 bytes.","limitBytes":64}'), received);
    },
  );
});

describe("a body the host's parser read, sent uncompressed under Content-Encoding: identity", () => {
  // As express.json() does: the stream read, the JSON parsed into req.body, the headers left as they came.
  const server = createHttpServer((req: IncomingMessage & { body?: unknown }, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      req.body = JSON.parse(text);
      handler(req, res);
    });
  });
  const handler = createHandler({
    tools: [weatherTool],
    allowExecute: true,
    maxBodyBytes: 64,
    logger: recordingLogger(),
    handleCall: () => [[{ type: 'text', text: 'ran' }], false],
  });
  let port: number;
  before(async () => (port = await listen(server)));
  after(() => close(server));

  // 65 bytes on the wire, of which the parsed value keeps 15: the length sent is what counts, as for no coding at all.
  const padded = `{"city":"Oslo"}${' '.repeat(50)}`;

  for (const coding of ['identity', 'IDENTITY']) {
    it(`refuses with 413 by its Content-Length past the limit (${coding}), however small the parsed value`, async () => {
      const answer = await rawRequest(port, 'POST', callPath('get_weather'), {
        body: padded,
        headers: { 'Content-Encoding': coding },
      });
      assert.equal(answer.status, 413, answer.text);
      assert.deepEqual(answer.json, { error: 'Request body exceeds 64 bytes.', limitBytes: 64 });
    });
  }

  it('takes the same value at exactly the limit', async () => {
    const answer = await rawRequest(port, 'POST', callPath('get_weather'), {
      body: padded.slice(0, 64),
      headers: { 'Content-Encoding': 'identity' },
    });
    assert.equal(answer.status, 200, answer.text);
  });
});

describe('a host that read the body itself and left no req.body', () => {
  let runs = 0;
  const handler = createHandler({
    tools: [weatherTool],
    allowExecute: true,
    logger: recordingLogger(),
    handleCall: () => {
      runs += 1;
      return [[{ type: 'text', text: 'ran' }], false];
    },
  });
  // The stream is drained, but nothing of it kept where the console could find it.
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => handler(req, res));
  });
  let port: number;
  before(async () => (port = await listen(server)));
  after(() => close(server));

  it('gets 400 "The request body ended early." for a call, and the tool does not run', { timeout: 2_000 }, async () => {
    const answer = await rawRequest(port, 'POST', callPath('get_weather'), { body: '{"city":"Oslo"}' });
    assert.deepEqual([answer.status, answer.json], [400, { error: 'The request body ended early.' }]);
    assert.equal(runs, 0);
  });
});

describe('a host that keeps something other than a string in req.originalUrl', () => {
  const handler = createHandler({
    tools: [weatherTool],
    pageFiles: { 'index.html': '<html><head></head><body>console</body></html>' },
    logger: recordingLogger(),
    handleCall: () => [[], false],
  });
  // Express keeps the URL before its mount path there as a string; another framework may keep a parsed URL.
  const server = createHttpServer((req, res) => {
    Object.assign(req, { originalUrl: new URL('http://127.0.0.1/explorer') });
    handler(req, res);
  });
  let port: number;
  before(async () => (port = await listen(server)));
  after(() => close(server));

  it('serves the page as if there were none', async () => {
    const answer = await rawRequest(port, 'GET', '/');
    assert.equal(answer.status, 200, answer.text);
    assert.match(answer.text, /<body>console<\/body>/);
    assert.doesNotMatch(answer.text, /<base /);
  });
});
