// Hostile and unlucky input: bad encodings, big bodies, prototype keys, wrong methods, unknown paths, slow clients.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { callPath, startConsole, validatePath, type RunningConsole } from './helpers.js';

describe('hostile input', () => {
  let app: RunningConsole;
  let lastArgs: Record<string, unknown> | undefined;
  before(async () => {
    app = await startConsole({
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

  it('answers 413 JSON for a declared Content-Length over the limit, without waiting for the body', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: app.port, method: 'POST', path: callPath('get_weather'), headers: { 'Content-Type': 'application/json', 'Content-Length': 10_000_000 }, agent: false },
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
    assert.deepEqual(JSON.parse(answer.body), { error: 'Request body exceeds 1024 bytes.' });
  });

  it('answers 413 JSON for a chunked body that grows past the limit, on call and validate', async () => {
    for (const path of [callPath('get_weather'), validatePath('get_weather')]) {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: app.port, method: 'POST', path, headers: { 'Content-Type': 'application/json' }, agent: false }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', () => {}); // the server may close while we still write
        req.write(`{"pad":"${'x'.repeat(800)}`);
        setTimeout(() => req.write('y'.repeat(800)), 10);
        setTimeout(() => reject(new Error('no answer')), 2000);
      });
      assert.equal(answer.status, 413, path);
      assert.deepEqual(JSON.parse(answer.body), { error: 'Request body exceeds 1024 bytes.' });
    }
    assert.equal((await app.request('GET', '/tools')).status, 200);
  });

  it('accepts a body exactly at the limit', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(1024 - 10) });
    assert.equal(Buffer.byteLength(body), 1024);
    assert.equal((await app.request('POST', callPath('get_weather'), { body })).status, 200);
  });

  it('lets no __proto__ or constructor key pollute prototypes', async () => {
    const bodies = [
      '{"__proto__":{"polluted":"yes"},"city":"x"}',
      '{"\\u005f_proto__":{"polluted":"yes"}}',
      '{"nested":{"__proto__":{"polluted":"yes"}}}',
      '{"constructor":{"prototype":{"polluted":"yes"}}}',
    ];
    for (const body of bodies) {
      for (const path of [callPath('get_weather'), validatePath('get_weather')]) {
        const answer = await app.request('POST', path, { body });
        assert.ok(answer.status === 200, `${path} ${body}`);
      }
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), false);
    // The handler sees `constructor` as plain data and no `__proto__` key at all.
    assert.deepEqual(Object.keys(lastArgs ?? {}), ['constructor']);
    assert.equal(Object.getPrototypeOf(lastArgs), Object.prototype);
    await app.request('POST', callPath('get_weather'), { body: bodies[0] });
    assert.deepEqual(lastArgs, { city: 'x' });
    assert.equal(Object.getPrototypeOf(lastArgs), Object.prototype);
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
    for (const path of ['/nope', '/tools/get_weather/run', '/tools/', '/tools//call', '/index.html', '/tools/get_weather/call/x']) {
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

describe('slow clients', () => {
  it('are cut off when their headers do not arrive in time', async () => {
    const app = await startConsole({}, { headersTimeout: 300, requestTimeout: 300, connectionsCheckingInterval: 50 });
    try {
      const started = Date.now();
      const received = await new Promise<string>((resolve) => {
        const socket = connect(app.port, '127.0.0.1', () => socket.write('GET /tools HTTP/1.1\r\nHost: x\r\n'));
        let data = '';
        socket.on('data', (chunk) => (data += chunk));
        socket.on('close', () => resolve(data));
      });
      assert.match(received, /^HTTP\/1\.1 408/);
      assert.ok(Date.now() - started < 2000);
    } finally {
      await app.close();
    }
  });

  it('have limits by default', async () => {
    const app = await startConsole();
    try {
      assert.ok(app.server.headersTimeout > 0 && app.server.headersTimeout <= 30_000);
      assert.ok(app.server.requestTimeout > 0 && app.server.requestTimeout <= 60_000);
    } finally {
      await app.close();
    }
  });
});
