// The guard of the routes that change state, read off RequestGuard.checkWrite and checkOrigin: the console's own
// origin (same scheme and authority, the proxy's scheme when it says one) or a listed one, never the tool UIs'
// sandbox origin, and a body declared as JSON.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConsoleRequest } from '../../server/core/http/console-request.js';
import { HttpError } from '../../server/core/http/http-error.js';
import { RequestGuard } from '../../server/core/http/request-guard.js';

const HOST = 'console.example:8000';
const SANDBOX = 'http://sandbox.example:8001';

function request(headers: Record<string, string>, scheme = 'http'): ConsoleRequest {
  return { scheme, header: (name: string) => headers[name] } as ConsoleRequest;
}

function refusal(check: () => void): HttpError | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    assert.ok(error instanceof HttpError, String(error));
    return error;
  }
}

const own = new RequestGuard([], undefined, SANDBOX);
// `host` null: the request named no host (undefined would take the default).
const originStatus = (
  guard: RequestGuard,
  headers: Record<string, string>,
  host: string | null = HOST,
  scheme = 'http',
) => refusal(() => guard.checkOrigin(request(headers, scheme), host ?? undefined))?.status;

describe('RequestGuard.checkOrigin', () => {
  it('lets a request without Origin through (not a browser, or a same-origin GET)', () => {
    assert.equal(originStatus(own, {}), undefined);
    assert.equal(originStatus(new RequestGuard([], undefined), {}), undefined);
  });

  it("takes the console's own origin: same scheme, same authority in any case", () => {
    assert.equal(originStatus(own, { origin: 'http://console.example:8000' }), undefined);
    assert.equal(originStatus(own, { origin: 'http://console.example:8000' }, 'Console.Example:8000'), undefined);
    assert.equal(originStatus(own, { origin: 'https://console.example:8000' }, HOST, 'https'), undefined);
  });

  it('refuses another scheme, port or host, a null origin, and any origin when the host is unknown', () => {
    assert.equal(originStatus(own, { origin: 'https://console.example:8000' }), 403);
    assert.equal(originStatus(own, { origin: 'http://console.example:8001' }), 403);
    assert.equal(originStatus(own, { origin: 'http://evil.example:8000' }), 403);
    assert.equal(originStatus(own, { origin: 'null' }), 403);
    assert.equal(originStatus(own, { origin: 'http://console.example:8000' }, null), 403);
  });

  it("takes the proxy's word for the scheme: its first value, in any case and spacing", () => {
    const https = { origin: 'https://console.example:8000' };
    assert.equal(originStatus(own, { ...https, 'x-forwarded-proto': 'https' }), undefined);
    assert.equal(originStatus(own, { ...https, 'x-forwarded-proto': ' HTTPS , http' }), undefined);
    assert.equal(originStatus(own, { ...https, 'x-forwarded-proto': 'http, https' }), 403);
    const http = { origin: 'http://console.example:8000', 'x-forwarded-proto': 'https' };
    assert.equal(originStatus(own, http, HOST, 'http'), 403);
  });

  it('says why a foreign origin is refused', () => {
    const error = refusal(() => own.checkOrigin(request({ origin: 'http://evil.example' }), HOST));
    assert.equal(
      error?.message,
      "Cross-origin request refused: http://evil.example is not this console's origin. List it in the corsOrigins " +
        'option to let its pages call the API.',
    );
    assert.equal(error?.expose, true);
  });

  it('takes listed origins, and every origin under `*`', () => {
    const listed = new RequestGuard([], new Set(['https://page.example']));
    assert.equal(originStatus(listed, { origin: 'https://page.example' }), undefined);
    assert.equal(originStatus(listed, { origin: 'https://page.example' }, null), undefined);
    assert.equal(originStatus(listed, { origin: 'https://other.example' }), 403);
    assert.equal(originStatus(listed, { origin: 'http://console.example:8000' }), undefined);
    const any = new RequestGuard([], '*');
    assert.equal(originStatus(any, { origin: 'https://anyone.example' }, null), undefined);
  });

  it("never takes the tool UIs' sandbox origin, whatever corsOrigins says", () => {
    for (const corsOrigins of [undefined, '*' as const, new Set([SANDBOX])]) {
      const guard = new RequestGuard([], corsOrigins, SANDBOX);
      const error = refusal(() => guard.checkOrigin(request({ origin: SANDBOX }), 'sandbox.example:8001'));
      assert.equal(error?.status, 403);
      assert.equal(
        error?.message,
        `Cross-origin request refused: ${SANDBOX} is where tool UIs run; they reach the API only through the page.`,
      );
    }
  });
});

describe('RequestGuard.checkWrite', () => {
  const write = (headers: Record<string, string>) =>
    refusal(() => own.checkWrite(request({ origin: 'http://console.example:8000', ...headers }), HOST));

  it('takes a body declared as JSON, with parameters, in any case', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      ' application/json ;x=1',
    ]) {
      assert.equal(write({ 'content-type': type }), undefined, type);
    }
  });

  it('refuses with 415 any other body, naming the type it takes', () => {
    for (const type of [undefined, 'text/plain', 'application/jsonp', 'application/json-patch+json', 'text/json', '']) {
      const error = write(type === undefined ? {} : { 'content-type': type });
      assert.equal(error?.status, 415, type);
      assert.equal(error?.message, 'The request body must be sent as Content-Type: application/json.');
      assert.deepEqual(error?.headers, { 'Accept-Post': 'application/json' });
    }
  });

  it('checks the origin first', () => {
    const error = refusal(() =>
      own.checkWrite(request({ origin: 'http://evil.example', 'content-type': 'text/plain' }), HOST),
    );
    assert.equal(error?.status, 403);
  });
});
