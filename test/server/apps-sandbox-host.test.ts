// Which requests are the sandbox's: the Host header alone decides (see server/core/sandbox-origin.ts), so a Host that
// merely contains the sandbox's name, or parses to it only through URL syntax, must not pass for it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isSandboxHost, parseSandboxOrigin } from '../../server/core/sandbox-origin.js';

const onPort = parseSandboxOrigin('http://apps.example:8001')!;
const onDefaultPort = parseSandboxOrigin('https://apps.example')!;

describe('the sandbox host', () => {
  it('should be the sandbox origin host, in any case, with a final dot, and its default port written or not', () => {
    assert.equal(isSandboxHost('apps.example:8001', onPort), true);
    assert.equal(isSandboxHost('APPS.Example:8001', onPort), true);
    assert.equal(isSandboxHost(' apps.example.:8001 ', onPort), true);
    assert.equal(isSandboxHost('apps.example', onDefaultPort), true);
    assert.equal(isSandboxHost('apps.example.', onDefaultPort), true);
    assert.equal(isSandboxHost('apps.example:443', onDefaultPort), true);
  });

  it('should not be another port, another name, or no Host at all', () => {
    assert.equal(isSandboxHost('apps.example:8000', onPort), false);
    assert.equal(isSandboxHost('apps.example', onPort), false);
    assert.equal(isSandboxHost('console.example:8001', onPort), false);
    assert.equal(isSandboxHost(undefined, onPort), false);
    assert.equal(isSandboxHost('', onPort), false);
  });

  it('should not be a Host that reaches the sandbox name only through URL syntax (user info, a path)', () => {
    // `new URL('http://x@apps.example:8001').host` is the sandbox's; as a Host header it names nothing of the kind.
    assert.equal(isSandboxHost('x@apps.example:8001', onPort), false);
    assert.equal(isSandboxHost('apps.example:8001/x', onPort), false);
    assert.equal(isSandboxHost('apps.example:8001?x', onPort), false);
    assert.equal(isSandboxHost('apps.example:8001#x', onPort), false);
  });
});
