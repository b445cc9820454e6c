// The CORS grant for exactly the configured origins, read off the policy: what an ordinary answer and an OPTIONS
// answer carry for an allowed origin, another origin, and a console with no corsOrigins.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CALL_MODE_HEADER, CALLER_HEADER, OUTPUT_CHECK_HEADER } from '../../protocol/index.js';
import type { ConsoleRequest } from '../../server/core/http/console-request.js';
import { CorsPolicy } from '../../server/core/http/cors.js';
import { createReply } from '../../server/core/http/reply.js';

function request(headers: Record<string, string>): ConsoleRequest {
  return { header: (name: string) => headers[name] } as ConsoleRequest;
}

const PAGE = 'https://page.example';
const listed = new CorsPolicy(new Set([PAGE]));
const preflightHeaders = {
  'Access-Control-Allow-Methods': 'GET, POST',
  'Access-Control-Allow-Headers': `Authorization, Content-Type, ${CALL_MODE_HEADER}, ${CALLER_HEADER}`,
  'Access-Control-Max-Age': '600',
};

describe('CorsPolicy', () => {
  it('sends no CORS header at all without corsOrigins', () => {
    const none = new CorsPolicy(undefined);
    assert.equal(none.headersFor(request({ origin: PAGE })), undefined);
    const preflight = request({ origin: PAGE, 'access-control-request-method': 'POST' });
    assert.deepEqual(none.preflight(preflight, 'GET, POST'), createReply(204, { Allow: 'GET, POST' }));
  });

  it('grants any origin under `*`, the output check header readable', () => {
    const any = new CorsPolicy('*');
    assert.deepEqual(any.headersFor(request({ origin: 'https://anyone.example' })), {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': OUTPUT_CHECK_HEADER,
    });
    const preflight = request({ origin: 'https://anyone.example', 'access-control-request-method': 'POST' });
    assert.deepEqual(
      any.preflight(preflight, 'GET, POST'),
      createReply(204, { Allow: 'GET, POST', ...preflightHeaders }),
    );
  });

  it('grants a listed origin by name, and varies on Origin', () => {
    assert.deepEqual(listed.headersFor(request({ origin: PAGE })), {
      'Access-Control-Allow-Origin': PAGE,
      'Access-Control-Expose-Headers': OUTPUT_CHECK_HEADER,
      Vary: 'Origin',
    });
  });

  it('grants nothing to another origin, or to a request without one, but still varies on Origin', () => {
    assert.deepEqual(listed.headersFor(request({ origin: 'https://evil.example' })), { Vary: 'Origin' });
    assert.deepEqual(listed.headersFor(request({})), { Vary: 'Origin' });
  });

  it('answers a preflight from a listed origin with the methods and headers it may use', () => {
    const preflight = request({ origin: PAGE, 'access-control-request-method': 'POST' });
    assert.deepEqual(
      listed.preflight(preflight, 'GET, POST'),
      createReply(204, { Allow: 'GET, POST', ...preflightHeaders }),
    );
  });

  it('answers a plain OPTIONS, or a preflight from another origin, with Allow only', () => {
    assert.deepEqual(listed.preflight(request({ origin: PAGE }), 'GET'), createReply(204, { Allow: 'GET' }));
    const foreign = request({ origin: 'https://evil.example', 'access-control-request-method': 'POST' });
    assert.deepEqual(listed.preflight(foreign, 'GET'), createReply(204, { Allow: 'GET' }));
  });
});
