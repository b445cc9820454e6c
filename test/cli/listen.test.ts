// Starting to listen: the real port comes back, and each usual failure becomes a sentence that says what to do.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { consoleUrl, listen, ListenError } from '../../server/cli/listen.js';

async function listenError(server: Server, host: string, port: number): Promise<ListenError> {
  try {
    await listen(server, host, port);
  } catch (error) {
    assert.ok(error instanceof ListenError, `a ListenError, got ${String(error)}`);
    assert.equal(error.name, 'ListenError');
    return error;
  } finally {
    server.close();
  }
  assert.fail('listen succeeded');
}

/** A server whose listen() fails the way the kernel would with `code`: root may bind any port, so EACCES is staged. */
function failingServer(code: string): Server {
  const server = createServer();
  server.listen = (() => {
    process.nextTick(() => server.emit('error', Object.assign(new Error(`listen ${code} 127.0.0.1:80`), { code })));
    return server;
  }) as Server['listen'];
  return server;
}

describe('listen', () => {
  it('resolves with the port really bound, and stops watching for errors once listening', async () => {
    const server = createServer((_req, res) => res.end('hello'));
    try {
      const port = await listen(server, '127.0.0.1', 0);
      assert.equal(port, (server.address() as AddressInfo).port);
      assert.notEqual(port, 0);
      assert.equal(server.listenerCount('error'), 0);
      assert.equal(await (await fetch(`http://127.0.0.1:${port}/`)).text(), 'hello');
    } finally {
      server.close();
    }
  });

  it('says a taken port is in use and how to pick another', async () => {
    const blocker = createServer();
    const port = await listen(blocker, '127.0.0.1', 0);
    try {
      const error = await listenError(createServer(), '127.0.0.1', port);
      assert.equal(
        error.message,
        `port ${port} on 127.0.0.1 is already in use; choose another with --port (or --port 0 for any free one)`,
      );
    } finally {
      blocker.close();
    }
  });

  it('says a host that is not an address of this machine cannot be listened on', async () => {
    const notOurs = await listenError(createServer(), '192.0.2.1', 0); // TEST-NET-1: never a local address
    assert.equal(notOurs.message, 'cannot listen on host "192.0.2.1": it is not an address of this machine');
    const unknown = await listenError(createServer(), 'no-such-host.invalid', 0);
    assert.equal(unknown.message, 'cannot listen on host "no-such-host.invalid": it is not an address of this machine');
  });

  it('treats a name that cannot be resolved right now like one that does not exist', async () => {
    const error = await listenError(failingServer('EAI_AGAIN'), 'intranet.example', 8000);
    assert.equal(error.message, 'cannot listen on host "intranet.example": it is not an address of this machine');
  });

  it('says a privileged port needs another choice', async () => {
    const error = await listenError(failingServer('EACCES'), '127.0.0.1', 80);
    assert.equal(error.message, 'no permission to listen on port 80; choose a port above 1023 with --port');
  });

  it('quotes any other failure with the address', async () => {
    const error = await listenError(failingServer('EMFILE'), '127.0.0.1', 8000);
    assert.equal(error.message, 'cannot listen on 127.0.0.1:8000: listen EMFILE 127.0.0.1:80');
  });
});

describe('consoleUrl', () => {
  it('prints the address with a trailing slash, under the prefix', () => {
    assert.equal(consoleUrl('127.0.0.1', 8000, undefined), 'http://127.0.0.1:8000/');
    assert.equal(consoleUrl('localhost', 80, '/explorer'), 'http://localhost:80/explorer/');
    assert.equal(consoleUrl('localhost', 80, '/explorer//'), 'http://localhost:80/explorer/');
    assert.equal(consoleUrl('localhost', 80, '/a/b'), 'http://localhost:80/a/b/');
  });

  it('puts IPv6 hosts in brackets', () => {
    assert.equal(consoleUrl('::1', 8000, ''), 'http://[::1]:8000/');
  });
});
