// The names the page may be reached under: every --allowed-host (a host name, or a domain with a leading dot), and
// the --host the console listens on when it is a name rather than an IP address (it is the name its URL prints).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serve, usageError } from './parse-cli.js';

describe('CLI flags: --allowed-host and --host', () => {
  it('takes every --allowed-host as given, names and domains', () => {
    assert.deepEqual(
      serve(['--allowed-host', 'console.example.com', '--allowed-host', '.corp.example', '--allowed-host', 'a_b-1'])
        .allowedHosts,
      ['console.example.com', '.corp.example', 'a_b-1'],
    );
  });

  it('adds a --host that is a name after the --allowed-host ones, and no IP address', () => {
    assert.deepEqual(serve(['--host', 'devbox.local']).allowedHosts, ['devbox.local']);
    assert.deepEqual(serve(['--host', 'localhost', '--allowed-host', 'x.test']).allowedHosts, ['x.test', 'localhost']);
    for (const ip of ['0.0.0.0', '::', '::1', '192.168.1.20'])
      assert.deepEqual(serve(['--host', ip, '--allow-execute']).allowedHosts, [], ip);
  });

  for (const value of ['a b', 'http://x.test', 'x.test/', 'x.test:8000', 'caf\u00e9.test', '', '*.x.test']) {
    it(`refuses ${JSON.stringify(value)}`, () => {
      assert.equal(
        usageError(['--allowed-host', 'ok.test', `--allowed-host=${value}`]),
        `--allowed-host must be a host name such as console.example.com or .example.com, got "${value}"`,
      );
    });
  }
});

describe('CLI flags: the sandbox on an IPv6 host', () => {
  it('compares --sandbox-origin with the console origin in brackets', () => {
    assert.equal(
      usageError(['--host', '::1', '--port', '8000', '--sandbox-origin', 'http://[::1]:8000']),
      "--sandbox-origin must differ from the console's own origin (http://[::1]:8000)",
    );
    assert.equal(serve(['--host', '::1', '--sandbox-origin', 'http://[::1]:8001']).sandbox.origin, 'http://[::1]:8001');
  });

  it('takes the highest port, and a sandbox port beside a console on a free one, both free ones too', () => {
    assert.equal(serve(['--sandbox-port', '65535']).sandbox.port, 65535);
    assert.equal(serve(['--port', '0', '--sandbox-port', '8000']).sandbox.port, 8000);
    assert.equal(serve(['--port', '0', '--sandbox-port', '0']).sandbox.port, 0, 'two free ports differ');
  });
});
