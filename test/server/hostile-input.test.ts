// Hostile and unlucky input: bad encodings, big bodies, prototype keys, wrong methods, unknown paths, slow clients.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Tool } from '../../server/index.js';
import { callPath, heldCalls, startConsole, validatePath, weatherTool, type RunningConsole } from './helpers.js';

const JSON_TYPE = { 'Content-Type': 'application/json' };

/** Valid for any object in which no property, at any depth, is named `__proto__`. */
const NO_PROTO_TOOL: Tool = {
  name: 'no_proto',
  description: 'Refuses __proto__ property names anywhere.',
  inputSchema: {
    $defs: {
      clean: {
        type: 'object',
        propertyNames: { not: { const: '__proto__' } },
        additionalProperties: { anyOf: [{ $ref: '#/$defs/clean' }, { not: { type: 'object' } }] },
      },
    },
    $ref: '#/$defs/clean',
  },
};

describe('hostile input', () => {
  let app: RunningConsole;
  let lastArgs: Record<string, unknown> | undefined;
  before(async () => {
    app = await startConsole({
      tools: [weatherTool, NO_PROTO_TOOL],
      allowExecute: true,
      maxBodyBytes: 1024,
      maxValidateBodyBytes: 1024,
      handleCall: async (_name, args) => {
        lastArgs = args;
        // A careless host merge: exactly what __proto__ keys are meant to exploit.
        Object.assign({}, args);
        return [[{ type: 'text', text: 'ok' }], false];
      },
    });
  });
  after(() => app.close());

  it('answers 400 JSON for malformed percent-encoding', async () => {
    for (const path of ['/tools/%E0%A4%A', '/tools/%zz', '/tools/%/call', '/tools/%C0%AF/validate']) {
      const answer = await app.request(path.endsWith('/call') || path.endsWith('/validate') ? 'POST' : 'GET', path);
      assert.equal(answer.status, 400, path);
      assert.equal(answer.headers['content-type'], 'application/json');
      assert.deepEqual(answer.json, { error: 'Malformed percent-encoding in the URL.' });
    }
  });

  // The body never comes: an answer that waited for it would come only from the server's 30 s request timeout, so a
  // short time limit makes a late 413 fail here at once.
  it(
    'answers 413 JSON for a declared Content-Length over the limit, without waiting for the body',
    { timeout: 2_000 },
    async () => {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: app.port,
            method: 'POST',
            path: callPath('get_weather'),
            headers: { ...JSON_TYPE, 'Content-Length': 10_000_000 },
            agent: false,
          },
          (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.write('{"a":'); // only a few bytes of the ten megabytes announced
      });
      assert.equal(answer.status, 413);
      assert.deepEqual(JSON.parse(answer.body), { error: 'Request body exceeds 1024 bytes.', limitBytes: 1024 });
    },
  );

  it('answers 413 JSON for a chunked body that grows past the limit, on call and validate', async () => {
    for (const path of [callPath('get_weather'), validatePath('get_weather')]) {
      const answer = await new Promise<{ status: number; body: string }>((resolve) => {
        const req = request(
          { host: '127.0.0.1', port: app.port, method: 'POST', path, headers: JSON_TYPE, agent: false },
          (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', () => {}); // the server may close while we still write
        // No Content-Length: node sends chunks, so only counting the bytes as they arrive can find the excess.
        req.write(`{"pad":"${'x'.repeat(800)}`);
        req.write('y'.repeat(800));
      });
      assert.equal(answer.status, 413, path);
      assert.deepEqual(JSON.parse(answer.body), { error: 'Request body exceeds 1024 bytes.', limitBytes: 1024 });
    }
    assert.equal((await app.request('GET', '/tools')).status, 200);
  });

  it('accepts a body exactly at the limit', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(1024 - 10) });
    assert.equal(Buffer.byteLength(body), 1024);
    assert.equal((await app.request('POST', callPath('get_weather'), { body })).status, 200);
  });

  it('drops __proto__ keys, however spelled and nested, before handler or validator sees them', async () => {
    // [body, the arguments the handler must see]: `constructor` is plain data, `__proto__` is gone.
    const cases: [string, Record<string, unknown>][] = [
      ['{"__proto__":{"polluted":"yes"},"city":"x"}', { city: 'x' }],
      ['{"\\u005f_proto__":{"polluted":"yes"}}', {}],
      ['{"\\u005F\\u005F\\u0070roto\\u005f\\u005f":{"polluted":"yes"},"city":"y"}', { city: 'y' }],
      ['{"nested":{"__proto__":{"polluted":"yes"}}}', { nested: {} }],
      ['{"nested":{"\\u005f_proto__":{"polluted":"yes"}}}', { nested: {} }],
      ['{"constructor":{"prototype":{"polluted":"yes"}}}', { constructor: { prototype: { polluted: 'yes' } } }],
    ];
    for (const [body, expected] of cases) {
      lastArgs = undefined;
      const call = await app.request('POST', callPath('get_weather'), { body });
      assert.equal(call.status, 200, body);
      // deepStrictEqual compares own keys and prototypes: an own `__proto__` key or a swapped prototype fails it.
      assert.deepEqual(lastArgs, expected, body);
      assert.equal(Object.getPrototypeOf(lastArgs), Object.prototype, body);
      // The validator sees the same clean object: its schema refuses any `__proto__` property name at any depth.
      const validation = await app.request('POST', validatePath(NO_PROTO_TOOL.name), { body });
      assert.deepEqual(validation.json, { valid: true }, body);
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), false);
  });

  it('answers 405 with Allow for a wrong method on a known path', async () => {
    const cases: [string, string, string][] = [
      ['POST', '/tools', 'GET, HEAD, OPTIONS'],
      ['DELETE', '/tools/get_weather', 'GET, HEAD, OPTIONS'],
      ['PUT', callPath('get_weather'), 'POST, OPTIONS'],
      ['GET', validatePath('get_weather'), 'POST, OPTIONS'],
    ];
    for (const [method, path, allow] of cases) {
      const answer = await app.request(method, path);
      assert.equal(answer.status, 405, `${method} ${path}`);
      assert.equal(answer.headers.allow, allow);
      assert.equal(answer.headers['content-type'], 'application/json');
      assert.ok(answer.json.error);
    }
  });

  it('answers 404 JSON for unknown paths', async () => {
    for (const path of [
      '/nope',
      '/tools/get_weather/run',
      '/tools/',
      '/tools//call',
      '/index.html',
      '/tools/get_weather/call/x',
    ]) {
      const answer = await app.request('GET', path);
      assert.equal(answer.status, 404, path);
      assert.equal(answer.headers['content-type'], 'application/json');
      assert.deepEqual(answer.json, { error: 'Not found.' });
    }
  });

  it('answers OPTIONS on a known path with Allow', async () => {
    const answer = await app.request('OPTIONS', '/tools');
    assert.equal(answer.status, 204);
    assert.equal(answer.headers.allow, 'GET, HEAD, OPTIONS');
    assert.equal(answer.headers['access-control-allow-origin'], undefined);
  });
});

/** Writes `bytes` on a fresh socket and resolves with everything the server sent until it closed the connection. */
function sendAndListen(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('close', () => resolve(data));
  });
}

// The defaults (10 s, 30 s) are checked exactly in defaults.test.ts; here serverOptions shrinks them so the
// behaviour can be watched in moments. A limit that did not work would leave the socket open and the test hanging.
describe('slow clients', () => {
  it(
    'are answered 408 and cut off when their headers do not arrive within headersTimeout',
    { timeout: 20_000 },
    async () => {
      const app = await startConsole({}, { headersTimeout: 300, requestTimeout: 0, connectionsCheckingInterval: 50 });
      try {
        const received = await sendAndListen(app.port, 'GET /tools HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        assert.match(received, /^HTTP\/1\.1 408/);
      } finally {
        await app.close();
      }
    },
  );

  it(
    'are answered 408 when the body is late past requestTimeout, while a longer tool call completes',
    { timeout: 20_000 },
    async () => {
      const held = heldCalls();
      const app = await startConsole(
        { allowExecute: true, handleCall: held.handleCall },
        { headersTimeout: 200, requestTimeout: 400, connectionsCheckingInterval: 50 },
      );
      try {
        const call = app.request('POST', callPath('get_weather'), { body: '{}' });
        const release = await held.started();
        const head = 'POST /tools/get_weather/call HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n';
        const received = await sendAndListen(app.port, `${head}Content-Length: 100\r\n\r\n{"city":`);
        assert.match(received, /^HTTP\/1\.1 408/);
        // The slow body's 408 proves requestTimeout has passed since the call arrived: the call itself is not cut.
        release();
        const answer = await call;
        assert.equal(answer.status, 200);
        assert.deepEqual(answer.json, { content: [{ type: 'text', text: 'done' }], isError: false });
      } finally {
        await app.close();
      }
    },
  );
});
