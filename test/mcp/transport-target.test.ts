// What a target says of itself: the command line or URL that messages quote, and the secrets its headers carry (each
// value whole, and the credential after its scheme, which a server may echo on its own).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeTarget, headerSecrets } from '../../server/mcp/transport.js';

describe('describeTarget', () => {
  it('gives the command with its arguments, or the command alone', () => {
    assert.equal(describeTarget({ stdio: { command: 'npx', args: ['-y', 'server-x'] } }), 'npx -y server-x');
    assert.equal(describeTarget({ stdio: { command: 'server-y' } }), 'server-y');
  });

  it('gives the URL, given as text or as a URL', () => {
    assert.equal(describeTarget({ url: 'http://127.0.0.1:3000/mcp' }), 'http://127.0.0.1:3000/mcp');
    assert.equal(describeTarget({ url: new URL('http://example.test/mcp?x=1') }), 'http://example.test/mcp?x=1');
  });
});

describe('headerSecrets', () => {
  it('holds each header value, and what follows its scheme', () => {
    assert.deepEqual(
      headerSecrets({ url: 'http://example.test', headers: { Authorization: 'Bearer  abc123', 'X-Key': 'k-789' } }),
      ['Bearer  abc123', 'abc123', 'k-789', 'k-789'],
    );
  });

  it('keeps a value that starts with a space whole, as it has no scheme', () => {
    assert.deepEqual(headerSecrets({ url: 'http://example.test', headers: { 'X-Key': ' k-1 k-2' } }), [
      ' k-1 k-2',
      ' k-1 k-2',
    ]);
  });

  it('holds none without headers', () => {
    assert.deepEqual(headerSecrets({ url: 'http://example.test' }), []);
  });
});
