// What node:http refuses before any handler runs still gets an answer like every other: JSON with nosniff, and
// `Connection: close` since the connection cannot go on. A request that cannot be parsed is a 400, headers past the
// parser's limit a 431, a chunk extension past its limit a 413, a request that does not arrive in time a 408; CONNECT
// (this server tunnels nothing) a 405 with `Allow`, where node would close without a word.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { parseAnswers, rawExchange, type RawAnswer } from '../fuzz/raw-http.js';
import { startConsole, type RunningConsole } from './helpers.js';

/** Sends `first` on a keep-alive connection, waits for its whole answer, sends `second`, and reads until the close. */
function afterOneAnswer(port: number, first: Buffer, second: Buffer): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(first));
    let received = Buffer.alloc(0);
    let sentSecond = false;
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!sentSecond && parsesWhole(received)) {
        sentSecond = true;
        socket.write(second);
      }
    });
    socket.on('error', reject);
    socket.on('close', () =>
      sentSecond ? resolve(parseAnswers(received)) : reject(new Error('closed before the first answer')),
    );
  });
}

function parsesWhole(bytes: Buffer): boolean {
  try {
    return parseAnswers(bytes).length === 1;
  } catch {
    return false;
  }
}

/** Writes `bytes` on a fresh connection and resolves with everything received until the server closes it. */
function receiveUntilClose(port: number, bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
  });
}

const head = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');

function assertClosingJson(answers: RawAnswer[], status: number, error: RegExp): RawAnswer {
  assert.equal(answers.length, 1, `expected one answer, got ${answers.length}`);
  const answer = answers[0]!;
  assert.equal(answer.status, status);
  assert.equal(answer.headers['content-type'], 'application/json');
  assert.equal(answer.headers['x-content-type-options'], 'nosniff');
  assert.equal(answer.headers.connection, 'close');
  const body = JSON.parse(answer.body.toString('utf8'));
  assert.deepEqual(Object.keys(body), ['error']);
  assert.match(body.error, error);
  return answer;
}

describe('answers node:http gives before the console sees a request', () => {
  let app: RunningConsole;

  before(async () => {
    app = await startConsole({}, { headersTimeout: 400, requestTimeout: 400, connectionsCheckingInterval: 50 });
  });
  after(() => app.close());

  for (const [label, bytes] of [
    ['a garbage request line', Buffer.from('\u0001\u0002 not http at all\r\n\r\n', 'latin1')],
    ['an HTTP version node does not speak', head(['GET /tools HTTP/9.9', 'Host: 127.0.0.1'])],
    ['a method with a bad character', head(['G@T /tools HTTP/1.1', 'Host: 127.0.0.1'])],
    [
      'a Content-Length that is not a number',
      head(['POST /tools/x/call HTTP/1.1', 'Host: 127.0.0.1', 'Content-Length: abc']),
    ],
    ['a header line without a colon', head(['GET /tools HTTP/1.1', 'Host: 127.0.0.1', 'no colon here'])],
    [
      'conflicting framing (Content-Length and chunked)',
      head(['POST /tools/x/call HTTP/1.1', 'Host: 127.0.0.1', 'Content-Length: 2', 'Transfer-Encoding: chunked']),
    ],
  ] as const) {
    it(`answers ${label} with 400 JSON`, async () => {
      assertClosingJson(await rawExchange(app.port, [bytes]), 400, /malformed|parse/i);
    });
  }

  it('answers headers past the parser limit with 431 JSON', async () => {
    const bytes = head(['GET /tools HTTP/1.1', 'Host: 127.0.0.1', `X-Big: ${'h'.repeat(20_000)}`]);
    assertClosingJson(await rawExchange(app.port, [bytes]), 431, /headers are too large/);
  });

  it('answers HEAD with headers past the limit with the same head and no body (a HEAD answer has none)', async () => {
    const bytes = head(['HEAD /tools HTTP/1.1', 'Host: 127.0.0.1', `X-Big: ${'h'.repeat(20_000)}`]);
    const text = (await receiveUntilClose(app.port, bytes)).toString('latin1');
    assert.match(text, /^HTTP\/1\.1 431 /);
    assert.match(text, /\r\nContent-Type: application\/json\r\n/);
    assert.match(text, /\r\nX-Content-Type-Options: nosniff\r\n/);
    assert.ok(text.endsWith('\r\n\r\n'), `bytes after the head: ${JSON.stringify(text)}`);
  });

  it('finds a HEAD request line after the blank lines a client may send first, and leaves out the body', async () => {
    const bytes = Buffer.concat([
      Buffer.from('\r\n'),
      head(['HEAD /tools HTTP/1.1', 'Host: 127.0.0.1', `X-Big: ${'h'.repeat(20_000)}`]),
    ]);
    const text = (await receiveUntilClose(app.port, bytes)).toString('latin1');
    assert.match(text, /^HTTP\/1\.1 431 /);
    assert.ok(text.endsWith('\r\n\r\n'), `bytes after the head: ${JSON.stringify(text)}`);
  });

  it('writes no second answer into one whose head has gone out (a watched tool list), and closes it', async () => {
    const watch = head(['GET /tools HTTP/1.1', 'Host: 127.0.0.1', 'Accept: text/event-stream']);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(app.port, '127.0.0.1', () => socket.write(watch));
      let received = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        // The stream's head is out: now bytes the parser refuses, on the same connection.
        if (!received.includes('\r\n\r\n') && (received += chunk).includes('\r\n\r\n'))
          socket.write('BAD\u0000\r\n\r\n');
        else received += chunk;
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    assert.match(text, /^HTTP\/1\.1 200 /);
    assert.match(text, /\r\nContent-Type: text\/event-stream/i);
    assert.equal(text.match(/HTTP\/1\.1 /g)?.length, 1, JSON.stringify(text));
  });

  it('answers a chunk extension past the parser limit with 413 JSON', async () => {
    const bytes = Buffer.concat([
      head([
        'POST /tools/get_weather/validate HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
      ]),
      Buffer.from(`2;ext=${'e'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`),
    ]);
    assertClosingJson(await rawExchange(app.port, [bytes]), 413, /chunk extension/);
  });

  it('answers headers that do not arrive in time with 408 JSON', async () => {
    const bytes = Buffer.from('GET /tools HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'latin1');
    assertClosingJson(await rawExchange(app.port, [bytes]), 408, /did not arrive in time/);
  });

  it('answers a malformed request after a finished answer on the same connection, too', async () => {
    const answers = await afterOneAnswer(
      app.port,
      head(['GET /tools HTTP/1.1', 'Host: 127.0.0.1']),
      Buffer.from('BAD\u0000\r\n\r\n'),
    );
    assert.equal(answers[0]?.status, 200);
    assertClosingJson(answers.slice(1), 400, /malformed|parse/i);
  });

  for (const target of ['127.0.0.1:22', 'example.com:443']) {
    it(`answers CONNECT ${target} with 405 JSON and Allow, and tunnels nothing`, async () => {
      const bytes = head([`CONNECT ${target} HTTP/1.1`, `Host: ${target}`]);
      const answer = assertClosingJson(
        await rawExchange(app.port, [bytes, Buffer.from('SSH-2.0-probe\r\n')]),
        405,
        /CONNECT/,
      );
      assert.equal(answer.headers.allow, 'GET, HEAD, POST, OPTIONS');
    });
  }

  it('still serves normally afterwards', async () => {
    const answer = await app.request('GET', '/tools');
    assert.equal(answer.status, 200);
  });
});
