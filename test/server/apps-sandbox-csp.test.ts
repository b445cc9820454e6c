// The tool UI's Content-Security-Policy (server/core/sandbox/sandbox-csp.ts), built from a declaration anyone can write into
// the sandbox URL: only plain sources get in, so no entry can loosen a directive or start one of its own.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { appCsp, plainSource, plainSources, sandboxPolicy } from '../../server/core/sandbox/sandbox-csp.js';

const DEFAULT_POLICY =
  "default-src 'none'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval' data: blob:; " +
  "worker-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob:; font-src 'self' data:; media-src 'self' data: blob:; connect-src 'none'; " +
  "frame-src 'none'; base-uri 'self'; object-src 'none'; form-action 'none'";

/** The policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name!, sources];
    }),
  );
}

describe('sandbox CSP: plain sources', () => {
  it('should keep http, https, ws and wss sources with a host, a *. wildcard and a port', () => {
    const kept: [string, string][] = [
      ['https://api.example.com', 'https://api.example.com'],
      ['https://API.Example.COM', 'https://api.example.com'],
      ['https://api.example.com/', 'https://api.example.com'],
      ['http://127.0.0.1:8123', 'http://127.0.0.1:8123'],
      ['wss://realtime.example.com:443', 'wss://realtime.example.com:443'],
      ['ws://localhost:3000', 'ws://localhost:3000'],
      ['https://*.cloudflare.com', 'https://*.cloudflare.com'],
      ['http://[::1]:8080', 'http://[::1]:8080'],
      ['https://xn--bcher-kva.example', 'https://xn--bcher-kva.example'],
    ];
    for (const [entry, source] of kept) assert.equal(plainSource(entry), source, entry);
  });

  it('should drop a wildcard over a public suffix (the Public Suffix List, private names too), keep one below', () => {
    for (const entry of [
      'https://*.co.uk',
      'https://*.CO.UK:443',
      'wss://*.github.io',
      'https://*.blogspot.com',
      'https://*.kawasaki.jp',
      'https://*.com.au',
    ]) {
      assert.equal(plainSource(entry), undefined, entry);
    }
    for (const entry of ['https://*.example.co.uk', 'https://*.octo.github.io', 'https://*.city.kawasaki.jp']) {
      assert.equal(plainSource(entry), entry, entry);
    }
    assert.equal(plainSource('https://co.uk'), 'https://co.uk', 'one host is not a wildcard');
  });

  it('should drop keywords, scheme sources, lone wildcards, paths and anything with a quote, semicolon or space', () => {
    const hostile = [
      '*',
      "'unsafe-eval'",
      "'self'",
      "'none'",
      "'unsafe-inline'",
      "'nonce-abc'",
      "'sha256-abc='",
      'data:',
      'blob:',
      'javascript:',
      'javascript:alert(1)',
      'filesystem:',
      'https:',
      'https://',
      'https://*',
      'https://*.com',
      'https://*.*.example.com',
      'https://a.example.com *',
      'https://a.example.com; script-src *',
      'https://a.example.com;',
      "https://a.example.com 'unsafe-eval'",
      'https://a.example.com\tdata:',
      'https://a.example.com\nscript-src *',
      'https://a.example.com/path',
      'https://a.example.com/*',
      'https://a.example.com?x=1',
      'https://a.example.com#x',
      'https://user@a.example.com',
      'https://a.example.com:99999',
      'https://a.example.com:*',
      'https://a.example.com:',
      'ftp://a.example.com',
      'file:///etc/passwd',
      '//a.example.com',
      'a.example.com',
      'https://a_b.example.com',
      'https://-a.example.com',
      'https://ex\u00e4mple.com',
      'https://a.example.com\u2028',
      `https://${'a'.repeat(64)}.example.com`,
      `https://${'a.'.repeat(130)}example.com`,
      '',
      42,
      null,
      { toString: () => 'https://a.example.com' },
      ['https://a.example.com'],
    ];
    for (const entry of hostile) assert.equal(plainSource(entry), undefined, JSON.stringify(String(entry)));
  });

  it('should keep a source of 255 characters and a port of 65535, and drop one character or port more', () => {
    // 8 + 247 characters: labels of 61 letters and a dot, and the rest.
    const host = (length: number) => `${'a'.repeat(61)}.`.repeat(4).slice(0, length - 4) + '.com';
    assert.equal(`https://${host(247)}`.length, 255);
    assert.equal(plainSource(`https://${host(247)}`), `https://${host(247)}`);
    assert.equal(plainSource(`https://${host(248)}`), undefined);
    assert.equal(plainSource('https://a.example.com:65535'), 'https://a.example.com:65535');
    assert.equal(plainSource('https://a.example.com:65536'), undefined);
    assert.equal(plainSource('https://a.example.com:00443'), 'https://a.example.com:00443', 'five digits, in range');
  });

  it('should read a wildcard in any case: kept below a registrable name, dropped over a public suffix', () => {
    assert.equal(plainSource('HTTPS://*.Example.CO.UK'), 'https://*.example.co.uk');
    assert.equal(plainSource('wss://*.Octo.GitHub.IO:8443/'), 'wss://*.octo.github.io:8443');
    assert.equal(plainSource('HTTPS://*.GitHub.IO'), undefined);
  });

  it('should keep each source once, and at most 32 of a very long list', () => {
    const long = Array.from({ length: 10_000 }, (_, index) => `https://h${index}.example.com`);
    const sources = plainSources(['https://a.example.com', 'https://A.example.com/', ...long]);
    assert.equal(sources.length, 32);
    assert.equal(sources[0], 'https://a.example.com');
    assert.equal(sources[1], 'https://h0.example.com');
    assert.deepEqual(plainSources('https://a.example.com'), [], 'a string is not a list');
    assert.deepEqual(plainSources({ 0: 'https://a.example.com', length: 1 }), [], 'nor is an array-like');
  });
});

describe('sandbox CSP: the policy', () => {
  it('should be the restrictive default when nothing is declared, or the declaration is not an object', () => {
    for (const declared of [null, undefined, '', '{', [], ['https://a.example.com'], 'https://a.example.com', 42, {}]) {
      assert.equal(sandboxPolicy(appCsp(declared)), DEFAULT_POLICY, String(declared));
    }
  });

  it('should put each declared list in its directives, after the fixed sources', () => {
    const policy = sandboxPolicy({
      connectDomains: ['https://api.example.com', 'wss://live.example.com'],
      resourceDomains: ['https://cdn.example.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://base.example.com'],
    });
    const found = directives(policy);
    assert.deepEqual(found.get('connect-src'), ['https://api.example.com', 'wss://live.example.com']);
    assert.deepEqual(found.get('script-src'), [
      "'self'",
      "'unsafe-inline'",
      "'wasm-unsafe-eval'",
      'data:',
      'blob:',
      'https://cdn.example.com',
    ]);
    assert.deepEqual(found.get('style-src'), ["'self'", "'unsafe-inline'", 'https://cdn.example.com']);
    assert.deepEqual(found.get('img-src'), ["'self'", 'data:', 'blob:', 'https://cdn.example.com']);
    assert.deepEqual(found.get('font-src'), ["'self'", 'data:', 'https://cdn.example.com']);
    assert.deepEqual(found.get('media-src'), ["'self'", 'data:', 'blob:', 'https://cdn.example.com']);
    assert.deepEqual(found.get('frame-src'), ['https://www.youtube.com']);
    assert.deepEqual(found.get('base-uri'), ['https://base.example.com']);
    assert.deepEqual(found.get('default-src'), ["'none'"]);
    assert.deepEqual(found.get('object-src'), ["'none'"]);
    assert.deepEqual(found.get('form-action'), ["'none'"]);
  });

  it('should let no hostile entry add a source, a keyword or a directive', () => {
    const hostile = [
      '*',
      "'unsafe-eval'",
      'data:',
      'javascript:',
      'https://a.example.com; script-src *',
      "https://a.example.com 'unsafe-eval'",
      'https://a.example.com\r\nX-Injected: 1',
    ];
    const policy = sandboxPolicy(
      appCsp({ connectDomains: hostile, resourceDomains: hostile, frameDomains: hostile, baseUriDomains: hostile }),
    );
    assert.equal(policy, DEFAULT_POLICY);
  });

  it('should separate the sources of every directive with one space each', () => {
    const two = (name: string) => [`https://${name}1.example.com`, `https://${name}2.example.com`];
    const found = directives(
      sandboxPolicy({
        connectDomains: two('api'),
        resourceDomains: two('cdn'),
        frameDomains: two('frame'),
        baseUriDomains: two('base'),
      }),
    );
    assert.deepEqual(found.get('connect-src'), two('api'));
    assert.deepEqual(found.get('font-src'), ["'self'", 'data:', ...two('cdn')]);
    assert.deepEqual(found.get('frame-src'), two('frame'));
    assert.deepEqual(found.get('base-uri'), two('base'));
  });

  it('should leave out of the declaration it signs every list left empty', () => {
    assert.deepEqual(
      appCsp({
        connectDomains: ['*'],
        resourceDomains: ['https://CDN.example.com'],
        frameDomains: [],
        baseUriDomains: 1,
      }),
      { resourceDomains: ['https://cdn.example.com'] },
    );
  });

  it('should ignore lists that are not lists, and keep the good entries of a mixed one', () => {
    const policy = sandboxPolicy(
      appCsp({ connectDomains: 'https://a.example.com', resourceDomains: ['*', 'https://cdn.example.com'] }),
    );
    const found = directives(policy);
    assert.deepEqual(found.get('connect-src'), ["'none'"]);
    assert.deepEqual(found.get('script-src'), [
      "'self'",
      "'unsafe-inline'",
      "'wasm-unsafe-eval'",
      'data:',
      'blob:',
      'https://cdn.example.com',
    ]);
  });
});
