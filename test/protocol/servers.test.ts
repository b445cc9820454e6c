// The URL hash that names the server a many-server page shows (protocol/servers.ts): the switcher reads it and an
// OAuth callback sends the browser back to it, so a name with spaces, slashes or `#` must come back as itself.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serverHash } from '../../protocol/index.js';

describe('server hash', () => {
  it('should name the server percent-encoded, so any name reads back as itself', () => {
    assert.equal(serverHash('memory'), '#server=memory');
    assert.equal(serverHash('my server/2#a&b=c'), '#server=my%20server%2F2%23a%26b%3Dc');
    const name = 'Ünïcödé & co';
    assert.equal(decodeURIComponent(serverHash(name).slice('#server='.length)), name);
  });
});
