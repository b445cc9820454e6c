// The finer points of CORS: caches are told answers vary by Origin even when nothing is granted, a preflight is
// only an OPTIONS that asks for a method, and browsers may keep a preflight's answer for ten minutes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { callPath, startConsole, type RunningConsole } from './helpers.js';

describe('CORS details for a list of origins', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({ allowExecute: true, corsOrigins: ['https://app.example'] });
  });
  after(() => app.close());

  it('says answers vary by Origin to other origins and to requests without one', async () => {
    for (const headers of [{ Origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
      const answer = await app.request('GET', '/tools', { headers });
      assert.equal(answer.headers.vary, 'Origin');
      assert.equal(answer.headers['access-control-allow-origin'], undefined);
    }
  });

  it('lets browsers keep a preflight answer for ten minutes', async () => {
    const answer = await app.request('OPTIONS', callPath('get_weather'), {
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(answer.headers['access-control-max-age'], '600');
  });

  it('answers an OPTIONS that asks for no method with Allow only, even from a listed origin', async () => {
    const answer = await app.request('OPTIONS', callPath('get_weather'), {
      headers: { Origin: 'https://app.example' },
    });
    assert.equal(answer.status, 204);
    assert.equal(answer.headers.allow, 'POST, OPTIONS');
    assert.equal(answer.headers['access-control-allow-methods'], undefined);
    assert.equal(answer.headers['access-control-allow-headers'], undefined);
    assert.equal(answer.headers['access-control-max-age'], undefined);
  });
});
