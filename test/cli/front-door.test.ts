// The --url console's own server before the console is ready: it says what it waits for (the link to authorize, or
// "connecting"), takes the authorization server's answer at /oauth/callback, and hands everything else to the console
// once there is one. A real listener on loopback, read with plain HTTP requests.
import assert from 'node:assert/strict';
import { request, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { FrontDoor } from '../../server/cli/front-door.js';
import { NOTHING_WAITING } from '../../server/cli/oauth-page.js';
import type { ConsoleHandler } from '../../server/node/handler.js';
import { close, listen } from '../support/listen.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function ask(port: number, path: string, options: { method?: string; host?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host: options.host ?? `127.0.0.1:${port}` },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A console that answers every request with its own text, and counts how often it was closed. */
function fakeConsole(): ConsoleHandler & { closed: number } {
  const handler = Object.assign(
    (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('the console');
    },
    { closed: 0, close: () => void handler.closed++ },
  );
  return handler as unknown as ConsoleHandler & { closed: number };
}

const AUTHORIZE = new URL('https://auth.example/authorize?client_id=c&state=s1');

describe('FrontDoor', () => {
  it('names the callback under the console URL', () => {
    assert.equal(FrontDoor.callbackUrl('http://127.0.0.1:8000/x/'), 'http://127.0.0.1:8000/x/oauth/callback');
  });

  describe('without a prefix', () => {
    const door = new FrontDoor(undefined, 'the "remote" server', []);
    let port = 0;
    before(async () => (port = await listen(door.server)));
    after(() => close(door.server));

    it('says it is connecting, and reloads itself, before anything waits', async () => {
      const answer = await ask(port, '/');
      assert.equal(answer.status, 503);
      assert.equal(answer.headers['retry-after'], '2');
      assert.equal(answer.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(answer.headers['cache-control'], 'no-store');
      assert.equal(answer.headers['referrer-policy'], 'no-referrer');
      assert.equal(answer.headers['content-security-policy'], "default-src 'none'; style-src 'unsafe-inline'");
      assert.match(answer.body, /<meta http-equiv="refresh" content="1">/);
      assert.match(answer.body, /<title>Connecting<\/title>/);
      assert.match(
        answer.body,
        /<p>tool-console is connecting to the &quot;remote&quot; server\.<\/p><p>One moment…<\/p>/,
      );
    });

    it('refuses a callback that no authorization waits for', async () => {
      const answer = await ask(port, '/oauth/callback?code=c&state=s');
      assert.equal(answer.status, 400);
      assert.match(answer.body, /<h1>Authorization refused<\/h1>/);
      assert.ok(answer.body.includes(`<p>${NOTHING_WAITING}</p><p></p>`));
      assert.equal(answer.headers['retry-after'], undefined);
    });

    it('refuses a Host it does not know, without showing the link', async () => {
      door.awaitAuthorization(AUTHORIZE, async () => {});
      const answer = await ask(port, '/', { host: 'rebound.example:80' });
      assert.equal(answer.status, 403);
      assert.match(answer.body, /<title>Refused<\/title>/);
      assert.ok(!answer.body.includes('auth.example'));
      const callback = await ask(port, '/oauth/callback?code=c', { host: 'rebound.example' });
      assert.equal(callback.status, 403);
    });

    it('shows the link to authorize while an authorization waits, on every path but the callback', async () => {
      door.awaitAuthorization(AUTHORIZE, async () => {});
      for (const [method, path] of [
        ['GET', '/'],
        ['GET', '/?x=1'],
        ['GET', '/api/tools'],
        ['POST', '/oauth/callback'],
      ] as const) {
        const answer = await ask(port, path, { method });
        assert.equal(answer.status, 503, `${method} ${path}`);
        assert.match(answer.body, /<title>Authorization pending<\/title>/);
        assert.ok(
          answer.body.includes('<p>tool-console waits for you to authorize with the &quot;remote&quot; server.</p>'),
        );
        assert.ok(answer.body.includes(`<a href="${AUTHORIZE.href.replace('&', '&amp;')}">Authorize</a>`));
        assert.ok(!answer.body.includes('http-equiv'));
      }
    });

    it('shows why an answer was refused, with the link again, and keeps waiting', async () => {
      door.awaitAuthorization(AUTHORIZE, async (query) => {
        throw new Error(`bad <state> ${query.get('state')}`);
      });
      const answer = await ask(port, '/oauth/callback?code=c&state=zz');
      assert.equal(answer.status, 400);
      assert.ok(answer.body.includes('<p>bad &lt;state&gt; zz</p>'));
      assert.ok(answer.body.includes('>Try again</a>'));
      assert.match((await ask(port, '/')).body, /Authorization pending/);
    });

    it('says why when the answer fails with something other than an Error', async () => {
      door.awaitAuthorization(AUTHORIZE, () => Promise.reject('no code'));
      const answer = await ask(port, '/oauth/callback');
      assert.equal(answer.status, 400);
      assert.ok(answer.body.includes('<p>no code</p>'));
    });

    it('sends the browser on to the console once authorized, and then says it is connecting', async () => {
      const heard: string[] = [];
      door.awaitAuthorization(AUTHORIZE, async (query) => void heard.push(String(query)));
      const answer = await ask(port, '/oauth/callback?code=c&state=s1');
      assert.deepEqual(heard, ['code=c&state=s1']);
      assert.equal(answer.status, 303);
      assert.equal(answer.headers.location, '/');
      assert.equal(answer.headers['cache-control'], 'no-store');
      assert.equal(answer.headers['referrer-policy'], 'no-referrer');
      assert.match((await ask(port, '/')).body, /<title>Connecting<\/title>/);
      assert.equal((await ask(port, '/oauth/callback', { method: 'HEAD' })).status, 400);
    });

    it('keeps a newer authorization that began while the answer was checked', async () => {
      const newer = new URL('https://auth.example/authorize?state=s2');
      door.awaitAuthorization(AUTHORIZE, async () => door.awaitAuthorization(newer, async () => {}));
      assert.equal((await ask(port, '/oauth/callback?state=s1')).status, 303);
      assert.ok((await ask(port, '/')).body.includes(`href="${newer.href}"`));
    });
  });

  describe('with a prefix and a console', () => {
    const door = new FrontDoor('/tools//', 'remote', []);
    const console = fakeConsole();
    let port = 0;
    before(async () => (port = await listen(door.server)));

    it('answers the callback under the prefix only', async () => {
      door.awaitAuthorization(AUTHORIZE, async () => {});
      assert.equal((await ask(port, '/oauth/callback')).status, 503);
      const answer = await ask(port, '/tools/oauth/callback?code=c');
      assert.equal(answer.status, 303);
      assert.equal(answer.headers.location, '/tools/');
    });

    it('hands everything to the console once open, but the page while an authorization waits', async () => {
      door.open(console);
      assert.equal((await ask(port, '/tools/')).body, 'the console');
      door.awaitAuthorization(AUTHORIZE, async () => {});
      for (const path of ['/tools/', '/tools', '/tools?x=1'])
        assert.match((await ask(port, path)).body, /Authorization pending/, path);
      assert.equal((await ask(port, '/tools/api/tools')).body, 'the console');
      assert.equal((await ask(port, '/tools/oauth/callback')).status, 303);
      assert.equal((await ask(port, '/tools/')).body, 'the console');
      assert.equal((await ask(port, '/tools/oauth/callback')).status, 400, 'the callback is never the console');
    });

    it('closes the console with the server', async () => {
      await close(door.server);
      assert.equal(console.closed, 1);
    });
  });
});
