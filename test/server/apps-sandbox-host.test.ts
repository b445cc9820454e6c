// Which requests are the sandbox's: the Host header alone decides (see server/core/sandbox/sandbox-origin.ts), so a Host that
// merely contains the sandbox's name, or parses to it only through URL syntax, must not pass for it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isSandboxHost, parseSandboxOrigin, sandboxHostCheck } from '../../server/core/sandbox/sandbox-origin.js';

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

  it('should not be a Host of the right shape that is no host at all (a port out of range, a lone bracket)', () => {
    for (const host of ['apps.example:99999', '[', 'apps.example:8001:8001', '[::1']) {
      assert.equal(isSandboxHost(host, onPort), false, host);
    }
  });

  it('should not be a Host that reaches the sandbox name only through URL syntax (user info, a path)', () => {
    // `new URL('http://x@apps.example:8001').host` is the sandbox's; as a Host header it names nothing of the kind.
    assert.equal(isSandboxHost('x@apps.example:8001', onPort), false);
    assert.equal(isSandboxHost('apps.example:8001/x', onPort), false);
    assert.equal(isSandboxHost('apps.example:8001?x', onPort), false);
    assert.equal(isSandboxHost('apps.example:8001#x', onPort), false);
  });

  it('should give the same answers when each Host is worked out once per console, however many Hosts come', () => {
    const onSandboxHost = sandboxHostCheck(onPort);
    const hosts = ['apps.example:8001', 'x@apps.example:8001', 'APPS.example.:8001', '127.0.0.1:8000', undefined];
    for (let round = 0; round < 3; round++) {
      for (const host of hosts) assert.equal(onSandboxHost(host), isSandboxHost(host, onPort), `${host}`);
      // More distinct Hosts than are remembered: the answers stay right once the memory starts over.
      for (let i = 0; i < 100; i++) assert.equal(onSandboxHost(`name-${round}-${i}.example:8001`), false);
    }
    assert.equal(onSandboxHost('apps.example:8001'), true);
  });
});
