// The DNS-rebinding guard, read off RequestGuard.checkHost: which Host values a console answers to by default (loopback
// names and IP literals, which no attacker's DNS can rebind), which the allowedHosts option adds, and what a refusal
// says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HttpError } from '../../server/core/http/http-error.js';
import { hostName, RequestGuard } from '../../server/core/http/request-guard.js';

function refusal(guard: RequestGuard, host: string): HttpError | undefined {
  try {
    guard.checkHost(host);
    return undefined;
  } catch (error) {
    assert.ok(error instanceof HttpError, String(error));
    return error;
  }
}

const assertAllowed = (guard: RequestGuard, host: string) => assert.equal(refusal(guard, host), undefined, host);
const assertRefused = (guard: RequestGuard, host: string) => assert.equal(refusal(guard, host)?.status, 403, host);

describe('hostName', () => {
  it('takes the name out of a Host value, lower-cased and without a port or final dot', () => {
    assert.equal(hostName('Example.COM:8000'), 'example.com');
    assert.equal(hostName('  example.com  '), 'example.com');
    assert.equal(hostName('example.com.'), 'example.com');
    assert.equal(hostName('example.com.:443'), 'example.com');
    assert.equal(hostName('a.b.c'), 'a.b.c');
    assert.equal(hostName('[::1]:8000'), '[::1]');
    assert.equal(hostName('[::FFFF:7F00:1]'), '[::ffff:7f00:1]');
    assert.equal(hostName('[::1'), '');
  });
});

describe('RequestGuard.checkHost', () => {
  const guard = new RequestGuard([], undefined);

  it('lets a request without Host through (HTTP/1.0), before and after allowing a host', () => {
    const fresh = new RequestGuard([], undefined);
    assert.doesNotThrow(() => fresh.checkHost(undefined));
    fresh.checkHost('localhost:3000');
    assert.doesNotThrow(() => fresh.checkHost(undefined));
  });

  it('answers to loopback names and IP literals by default', () => {
    for (const host of [
      'localhost',
      'LOCALHOST:3000',
      'app.localhost:5173',
      'localhost.',
      '127.0.0.1:8000',
      '10.0.0.2',
      '192.168.100.20:80',
      '999.1.1.1',
      '[::1]:8000',
      '[2001:db8::1]',
    ]) {
      assertAllowed(guard, host);
    }
  });

  it('refuses other names, and what only looks like a loopback name or address', () => {
    for (const host of [
      'example.com',
      'evil.example:3000',
      'notlocalhost',
      'localhost.evil.example',
      '1.2.3',
      '1.2.3.4.5',
      '1234.1.1.1',
      '1.2.3.4x',
      'x1.2.3.4',
      '[..]',
      '[x]',
      '[::1',
      '[]',
    ]) {
      assertRefused(guard, host);
    }
  });

  it('says which name it refused and how to allow it', () => {
    assert.equal(
      refusal(guard, 'Evil.Example:3000')?.message,
      'This console does not answer to the host name evil.example. If it is meant to be reached under this name, add ' +
        'it to the allowedHosts option (or --allowed-host on the command line).',
    );
    assert.equal(refusal(guard, 'evil.example')?.expose, true);
  });

  it('answers to listed names, in any case, and `.suffix` patterns with every name below them', () => {
    const listed = new RequestGuard(['Console.Example', '.Corp.Example'], undefined);
    for (const host of [
      'console.example',
      'CONSOLE.example:80',
      'corp.example',
      'a.corp.example',
      'a.b.corp.example:1',
    ]) {
      assertAllowed(listed, host);
    }
    for (const host of ['a.console.example', 'badcorp.example', 'console.example.evil', 'example']) {
      assertRefused(listed, host);
    }
  });

  it('keeps refusing a name after allowing another', () => {
    const listed = new RequestGuard(['console.example'], undefined);
    assertAllowed(listed, 'console.example');
    assertRefused(listed, 'evil.example');
    assertAllowed(listed, 'console.example');
    assertRefused(listed, 'evil.example');
  });

  it('answers to any name when allowedHosts is true', () => {
    const open = new RequestGuard(true, undefined);
    assertAllowed(open, 'evil.example');
    assertAllowed(open, '[..]');
  });
});
