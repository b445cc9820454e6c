// The small pages of an OAuth authorization: every text escaped, a link only to an http(s) address (never
// `javascript:`), the console's look in one inline style and nothing else allowed to load, no caching, no referrer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authorizeLink, oauthPage } from '../../server/cli/oauth-page.js';

describe('authorizeLink', () => {
  it('links an http(s) address, both escaped', () => {
    assert.equal(
      authorizeLink(new URL('https://auth.example/a?x=1&y="2"'), 'Go <now>'),
      '<a href="https://auth.example/a?x=1&amp;y=%222%22">Go &lt;now&gt;</a>',
    );
    assert.equal(authorizeLink(new URL('http://auth.example/'), 'Go'), '<a href="http://auth.example/">Go</a>');
  });

  it('shows any other address as text to copy', () => {
    assert.equal(
      authorizeLink(new URL('javascript:alert("<x>")'), 'Go'),
      'Open javascript:alert(&quot;&lt;x&gt;&quot;) to authorize.',
    );
  });
});

describe('oauthPage', () => {
  it('is a page of escaped text in the console look, with the markup and head the caller made', () => {
    const reply = oauthPage(400, 'A <title>', 'said "no" & left', '<a href="/">back</a>', '<meta name="x">');
    assert.equal(reply.status, 400);
    assert.equal(
      reply.body,
      '<!doctype html><meta charset="utf-8"><meta name="color-scheme" content="light dark"><meta name="x">' +
        '<title>A &lt;title&gt;</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:12vh auto;' +
        'padding:0 1rem}h1{font-size:1.4rem;font-weight:600}a{font-weight:600}</style>' +
        '<h1>A &lt;title&gt;</h1><p>said &quot;no&quot; &amp; left</p><p><a href="/">back</a></p>\n',
    );
    assert.deepEqual(reply.headers, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Content-Length': String(Buffer.byteLength(String(reply.body))),
    });
  });

  it('asks to retry a 503 in 2 seconds, and has no head of its own unless given one', () => {
    const reply = oauthPage(503, 'Wait', 'm', '');
    assert.equal(reply.headers['Retry-After'], '2');
    assert.ok(
      String(reply.body).startsWith(
        '<!doctype html><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>',
      ),
    );
  });
});
