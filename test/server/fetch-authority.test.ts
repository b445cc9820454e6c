// Under the Fetch API the authority a client addressed is the request URL's: runtimes build it from the Host header,
// or from HTTP/2's `:authority`, which no Host header carries. The DNS-rebinding guard checks it there, so an HTTP/2
// client naming a foreign host is refused like an HTTP/1.1 one.
import assert from 'node:assert/strict';
import { connect, createServer as createHttp2Server, type Http2Server } from 'node:http2';
import { after, before, describe, it } from 'node:test';
import { createAdaptorServer } from '@hono/node-server';
import { createFetchHandler } from '../../server/fetch.js';
import type { Tool } from '../../server/index.js';
import { listen } from '../support/listen.js';
import { recordingLogger } from './helpers.js';

const tools: Tool[] = [{ name: 'echo', inputSchema: { type: 'object' } }];
const handler = () => createFetchHandler({ tools, handleCall: () => ({ content: [] }), logger: recordingLogger() });

describe('the Fetch adapter: the authority it guards', () => {
  it("should refuse a request whose URL names a foreign host, and serve the console's own", async () => {
    const toolConsole = handler();
    const foreign = await toolConsole(new Request('http://attacker.example:8000/tools'));
    assert.equal(foreign.status, 403);
    assert.match((await foreign.json()).error, /does not answer to the host name attacker\.example/);
    const own = await toolConsole(new Request('http://localhost:8000/tools'));
    assert.equal(own.status, 200);
    assert.equal((await own.json())[0].name, 'echo');
  });

  describe('over HTTP/2 (@hono/node-server, cleartext)', () => {
    let server: Http2Server;
    let port: number;
    before(async () => {
      server = createAdaptorServer({ fetch: handler(), createServer: createHttp2Server }) as Http2Server;
      port = await listen(server);
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    /** GET /tools with `authority` as the request's `:authority`; resolves with the answer's status. */
    function statusFor(authority: string): Promise<number> {
      const session = connect(`http://127.0.0.1:${port}`);
      return new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': '/tools', ':authority': authority });
        stream.on('response', (headers) => resolve(Number(headers[':status'])));
        stream.on('error', reject);
        stream.resume();
        stream.end();
      }).finally(() => session.close());
    }

    it('should refuse an :authority naming a foreign host (no Host header to check)', async () => {
      assert.equal(await statusFor('attacker.example'), 403);
      assert.equal(await statusFor(`127.0.0.1:${port}`), 200);
    });
  });
});
