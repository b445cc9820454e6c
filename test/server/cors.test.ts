// corsOrigins: exactly the configured origins get access, preflight included; others get no CORS headers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { callPath, startConsole, type RunningConsole } from './helpers.js';

const preflightHeaders = (origin: string) => ({
  Origin: origin,
  'Access-Control-Request-Method': 'POST',
  'Access-Control-Request-Headers': 'authorization, content-type',
});

describe('corsOrigins as a list', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({ allowExecute: true, corsOrigins: ['https://app.example', 'http://localhost:5173/'] });
  });
  after(() => app.close());

  it('grants a listed origin on ordinary answers, errors included', async () => {
    for (const [method, path] of [
      ['GET', '/tools'],
      ['GET', '/tools/nope'],
      ['POST', callPath('get_weather')],
    ] as const) {
      const answer = await app.request(method, path, { headers: { Origin: 'https://app.example' }, body: '{}' });
      assert.equal(answer.headers['access-control-allow-origin'], 'https://app.example', path);
      assert.equal(answer.headers.vary, 'Origin');
    }
    const local = await app.request('GET', '/tools', { headers: { Origin: 'http://localhost:5173' } });
    assert.equal(local.headers['access-control-allow-origin'], 'http://localhost:5173');
  });

  it('answers a preflight from a listed origin with methods and headers', async () => {
    const answer = await app.request('OPTIONS', callPath('get_weather'), {
      headers: preflightHeaders('https://app.example'),
    });
    assert.equal(answer.status, 204);
    assert.equal(answer.headers['access-control-allow-origin'], 'https://app.example');
    assert.equal(answer.headers['access-control-allow-methods'], 'POST, OPTIONS');
    // Tool-Call-Mode: the "Run as task" switch of a cross-origin page.
    assert.equal(
      answer.headers['access-control-allow-headers'],
      'Authorization, Content-Type, Tool-Call-Mode, Tool-Caller',
    );
    assert.equal(answer.headers.vary, 'Origin');
    assert.equal(answer.headers['content-length'], undefined, 'a 204 has no Content-Length');
    const read = await app.request('OPTIONS', '/tools', { headers: preflightHeaders('https://app.example') });
    assert.equal(read.headers['access-control-allow-methods'], 'GET, HEAD, OPTIONS');
  });

  it('sends no CORS grant to other origins, lookalikes included', async () => {
    for (const origin of ['https://evil.example', 'https://app.example.evil', 'http://app.example', 'null']) {
      const answer = await app.request('GET', '/tools', { headers: { Origin: origin } });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['access-control-allow-origin'], undefined, origin);
      const preflight = await app.request('OPTIONS', callPath('get_weather'), { headers: preflightHeaders(origin) });
      assert.equal(preflight.headers['access-control-allow-origin'], undefined, origin);
      assert.equal(preflight.headers['access-control-allow-methods'], undefined, origin);
      assert.equal(preflight.headers['access-control-allow-headers'], undefined, origin);
    }
  });

  it('marks refused and origin-less answers Vary: Origin too, so a cache never serves them to a listed origin', async () => {
    for (const headers of [{ Origin: 'https://evil.example' }, { Origin: 'null' }, {}] as Record<string, string>[]) {
      const label = headers.Origin ?? 'no Origin';
      for (const [method, path] of [
        ['GET', '/tools'],
        ['GET', '/tools/get_weather'],
        ['GET', '/tools/nope'],
      ] as const) {
        const answer = await app.request(method, path, { headers });
        assert.equal(answer.headers.vary, 'Origin', `${method} ${path} (${label})`);
      }
      if (headers.Origin === undefined) continue; // a preflight always names its origin
      const preflight = await app.request('OPTIONS', callPath('get_weather'), {
        headers: preflightHeaders(headers.Origin),
      });
      assert.equal(preflight.headers.vary, 'Origin', `preflight (${label})`);
    }
  });
});

describe("corsOrigins: '*'", () => {
  it('grants every origin', async () => {
    const app = await startConsole({ corsOrigins: '*' });
    try {
      const answer = await app.request('GET', '/tools', { headers: { Origin: 'https://anyone.example' } });
      assert.equal(answer.headers['access-control-allow-origin'], '*');
      const preflight = await app.request('OPTIONS', callPath('get_weather'), {
        headers: preflightHeaders('https://anyone.example'),
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
      assert.equal(
        preflight.headers['access-control-allow-headers'],
        'Authorization, Content-Type, Tool-Call-Mode, Tool-Caller',
      );
    } finally {
      await app.close();
    }
  });
});

describe('without corsOrigins', () => {
  it('never sends CORS headers', async () => {
    const app = await startConsole();
    try {
      const answer = await app.request('GET', '/tools', { headers: { Origin: 'https://app.example' } });
      const preflight = await app.request('OPTIONS', callPath('get_weather'), {
        headers: preflightHeaders('https://app.example'),
      });
      for (const headers of [answer.headers, preflight.headers]) {
        assert.deepEqual(
          Object.keys(headers).filter((name) => name.startsWith('access-control-')),
          [],
        );
      }
    } finally {
      await app.close();
    }
  });
});
