// The CLI's second listener, where tool UIs run: a 503 that says to retry until the console exists, then the
// console's own handler for everything; node's refusals (bytes it cannot parse, CONNECT) answered as JSON like the
// console's. And the origin the CLI prints for it: another site than the console's on loopback.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { listenerOrigin, SandboxListener } from '../../server/cli/sandbox-listener.js';
import type { ConsoleHandler } from '../../server/node/handler.js';
import { rawExchange } from '../fuzz/raw-http.js';
import { close, listen } from '../support/listen.js';

describe('SandboxListener', () => {
  const listener = new SandboxListener();
  let base = '';
  before(async () => (base = `http://127.0.0.1:${await listen(listener.server)}`));
  after(() => close(listener.server));

  it('answers 503 with a JSON reason and Retry-After until the console is ready', async () => {
    const answer = await fetch(`${base}/sandbox`);
    assert.equal(answer.status, 503);
    assert.equal(answer.headers.get('content-type'), 'application/json');
    assert.equal(answer.headers.get('retry-after'), '1');
    const body = await answer.text();
    assert.equal(answer.headers.get('content-length'), String(Buffer.byteLength(body)));
    assert.deepEqual(JSON.parse(body), { error: 'tool-console is starting; try again in a moment.' });
  });

  it('answers what node cannot parse, and CONNECT, as JSON', async () => {
    const [malformed] = await rawExchange(Number(new URL(base).port), [Buffer.from('NOT HTTP\r\n\r\n')]);
    assert.equal(malformed?.status, 400);
    assert.deepEqual(JSON.parse(String(malformed?.body)), { error: 'Malformed HTTP request: it could not be parsed.' });
    const [tunnel] = await rawExchange(Number(new URL(base).port), [
      Buffer.from('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
    ]);
    assert.equal(tunnel?.status, 405);
  });

  it('hands every request to the console once it is open', async () => {
    const console = Object.assign(
      (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) =>
        res.end(`console ${req.url}`),
      { close() {} },
    ) as ConsoleHandler;
    listener.open(console);
    const answer = await fetch(`${base}/sandbox?x=1`);
    assert.equal(answer.status, 200);
    assert.equal(await answer.text(), 'console /sandbox?x=1');
  });
});

describe('listenerOrigin', () => {
  it('names localhost for a console on a loopback address or every interface', () => {
    for (const host of ['127.0.0.1', '::1', '[::1]', '0.0.0.0', '::', ''])
      assert.equal(listenerOrigin(host, 8001, '127.0.0.1'), 'http://localhost:8001', JSON.stringify(host));
  });

  it('names the bound address for a console on localhost, in brackets when IPv6', () => {
    assert.equal(listenerOrigin('localhost', 8001, '127.0.0.1'), 'http://127.0.0.1:8001');
    assert.equal(listenerOrigin('LocalHost', 8001, '::1'), 'http://[::1]:8001');
  });

  it('keeps any other host, the only name the CLI knows for it', () => {
    assert.equal(listenerOrigin('console.example', 8001, '10.0.0.5'), 'http://console.example:8001');
    assert.equal(listenerOrigin('192.168.1.20', 80, '192.168.1.20'), 'http://192.168.1.20');
    assert.equal(listenerOrigin('fe80::1', 8001, 'fe80::1'), 'http://[fe80::1]:8001');
  });
});
