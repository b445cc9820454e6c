// What a hostile web page can make a browser send, refused before any tool runs: "simple" cross-site posts
// (text/plain, form encodings), foreign origins, and foreign Host names (DNS rebinding). Each case counts the handler's
// runs, so a refusal that still ran the tool fails. Both adapters: the Fetch handler served by @hono/node-server reads
// the headers these guards check from node's request, where other runtimes give them through the Request.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADAPTERS, startAdapter, type AdapterConsole } from '../server/apps-harness.js';
import { callPath, validatePath, weatherTool } from '../server/helpers.js';

const CITY = '{"city":"Paris"}';

for (const adapter of ADAPTERS) {
  describe(`request guards (${adapter} adapter)`, () => {
    const startConsole = (options: Record<string, unknown>) => startAdapter(adapter, options);
    let app: AdapterConsole;
    let runs = 0;

    before(async () => {
      app = await startConsole({
        tools: [weatherTool],
        allowExecute: true,
        corsOrigins: ['https://trusted.example'],
        handleCall: () => {
          runs += 1;
          return [[{ type: 'text', text: 'ran' }], false];
        },
      });
    });
    after(() => app.close());

    const post = (path: string, headers: Record<string, string | undefined>, body = CITY) =>
      app.request('POST', path, { body, headers });

    async function assertRefused(
      path: string,
      headers: Record<string, string | undefined>,
      status: number,
      message: RegExp,
    ) {
      const before = runs;
      const answer = await post(path, headers);
      assert.equal(answer.status, status, answer.text);
      assert.match(answer.json.error, message);
      assert.equal(answer.headers['content-type'], 'application/json');
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      assert.equal(runs, before, 'the tool must not run');
      return answer;
    }

    describe('content type of state-changing requests', () => {
      for (const type of [
        'text/plain',
        'text/plain;charset=UTF-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/jsonp',
        'text/json',
      ]) {
        it(`should refuse a call sent as ${type} with 415`, async () => {
          const answer = await assertRefused(
            callPath('get_weather'),
            { 'Content-Type': type },
            415,
            /Content-Type: application\/json/,
          );
          assert.equal(answer.headers['accept-post'], 'application/json');
        });
      }

      it('should refuse a call without any Content-Type', async () => {
        await assertRefused(callPath('get_weather'), { 'Content-Type': undefined }, 415, /application\/json/);
      });

      it('should refuse a call with an empty Content-Type', async () => {
        await assertRefused(callPath('get_weather'), { 'Content-Type': '' }, 415, /application\/json/);
      });

      it('should refuse text/plain on validate too', async () => {
        await assertRefused(validatePath('get_weather'), { 'Content-Type': 'text/plain' }, 415, /application\/json/);
      });

      it('should answer 415 before 403 for execution, 404 for the tool and 413 for the body', async () => {
        const off = await startConsole({ allowExecute: false });
        try {
          const refused = await off.request('POST', callPath('get_weather'), {
            body: CITY,
            headers: { 'Content-Type': 'text/plain' },
          });
          assert.equal(refused.status, 415);
        } finally {
          await off.close();
        }
        await assertRefused(callPath('no_such_tool'), { 'Content-Type': 'text/plain' }, 415, /application\/json/);
        const huge = await post(callPath('get_weather'), { 'Content-Type': 'text/plain' }, 'x'.repeat(2 * 1024 * 1024));
        assert.equal(huge.status, 415);
      });

      for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON']) {
        it(`should run the tool for ${type}`, async () => {
          const before = runs;
          const answer = await post(callPath('get_weather'), { 'Content-Type': type });
          assert.equal(answer.status, 200, answer.text);
          assert.equal(runs, before + 1);
        });
      }
    });

    describe('origin of state-changing requests', () => {
      for (const origin of [
        'https://evil.example',
        'http://127.0.0.1:1',
        'null',
        'https://trusted.example.evil.example',
        'not a url',
      ]) {
        it(`should refuse a call from ${origin} with 403`, async () => {
          await assertRefused(
            callPath('get_weather'),
            { 'Content-Type': 'application/json', Origin: origin },
            403,
            /corsOrigins/,
          );
        });
      }

      it('should refuse a foreign origin on validate with 403', async () => {
        const answer = await post(validatePath('get_weather'), {
          'Content-Type': 'application/json',
          Origin: 'https://evil.example',
        });
        assert.equal(answer.status, 403);
      });

      it("should refuse the console's host and port under another scheme (https:// on an http console)", async () => {
        await assertRefused(
          callPath('get_weather'),
          { 'Content-Type': 'application/json', Origin: `https://127.0.0.1:${app.port}` },
          403,
          /corsOrigins/,
        );
      });

      it('should take the scheme a TLS proxy in front reports (X-Forwarded-Proto), and refuse the other', async () => {
        const proxied = { 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' };
        const own = await post(callPath('get_weather'), { ...proxied, Origin: `https://127.0.0.1:${app.port}` });
        assert.equal(own.status, 200, own.text);
        await assertRefused(
          callPath('get_weather'),
          { ...proxied, Origin: `http://127.0.0.1:${app.port}` },
          403,
          /corsOrigins/,
        );
      });

      it("should accept the console's own origin and a listed origin", async () => {
        const own = await post(callPath('get_weather'), {
          'Content-Type': 'application/json',
          Origin: `http://127.0.0.1:${app.port}`,
        });
        assert.equal(own.status, 200, own.text);
        const listed = await post(callPath('get_weather'), {
          'Content-Type': 'application/json',
          Origin: 'https://trusted.example',
        });
        assert.equal(listed.status, 200, listed.text);
        assert.equal(listed.headers['access-control-allow-origin'], 'https://trusted.example');
      });

      it("should accept any origin when corsOrigins is '*'", async () => {
        const open = await startConsole({ allowExecute: true, corsOrigins: '*' });
        try {
          const answer = await open.request('POST', callPath('get_weather'), {
            body: CITY,
            headers: { Origin: 'https://anyone.example' },
          });
          assert.equal(answer.status, 200, answer.text);
        } finally {
          await open.close();
        }
      });

      it('should leave reads from a foreign origin alone (CORS keeps their answers from the page)', async () => {
        const answer = await app.request('GET', '/tools', { headers: { Origin: 'https://evil.example' } });
        assert.equal(answer.status, 200);
        assert.equal(answer.headers['access-control-allow-origin'], undefined);
      });
    });

    describe('host names (DNS rebinding)', () => {
      for (const host of [
        'attacker.example',
        'attacker.example:8000',
        'localhost.attacker.example',
        'LOCALHOST.evil',
        '127.0.0.1.nip.io',
      ]) {
        it(`should refuse Host ${host} on every route with 403`, async () => {
          for (const [method, path] of [
            ['GET', '/'],
            ['GET', '/tools'],
            ['GET', '/tools/get_weather'],
            ['POST', callPath('get_weather')],
            ['POST', validatePath('get_weather')],
          ] as const) {
            const before = runs;
            const answer = await app.request(method, path, {
              body: method === 'POST' ? CITY : undefined,
              headers: { Host: host },
            });
            assert.equal(answer.status, 403, `${method} ${path}`);
            assert.match(answer.json.error, /allowedHosts/);
            assert.equal(runs, before);
          }
        });
      }

      // Brackets hold an IPv6 address, which no DNS answers for; anything else in them is no host at all. (Under
      // @hono/node-server the Request cannot even be built for such a Host: a 400 before the console sees it.)
      for (const host of ['[..]', '[..]:8000', '[evil.example]', '[']) {
        it(`should refuse Host ${host}, which only looks like an IPv6 address`, async () => {
          for (const [method, path] of [
            ['GET', '/tools'],
            ['POST', callPath('get_weather')],
          ] as const) {
            const before = runs;
            const answer = await app.request(method, path, {
              body: method === 'POST' ? CITY : undefined,
              headers: { Host: host },
            });
            if (adapter === 'node') {
              assert.equal(answer.status, 403, `${method} ${path}`);
              assert.match(answer.json.error, /allowedHosts/);
            } else {
              assert.ok([400, 403].includes(answer.status), `${method} ${path}: ${answer.status}`);
            }
            assert.equal(runs, before);
          }
        });
      }

      for (const host of [
        'localhost',
        'localhost:8000',
        'LocalHost:1',
        'app.localhost',
        '127.0.0.1:9',
        '10.1.2.3',
        '[::1]:8000',
        'localhost.',
      ]) {
        it(`should serve Host ${host}`, async () => {
          const answer = await app.request('GET', '/tools', { headers: { Host: host } });
          assert.equal(answer.status, 200, answer.text);
        });
      }

      it('should serve the names listed in allowedHosts, with a leading dot for a whole domain', async () => {
        const listed = await startConsole({ allowedHosts: ['console.example.com', '.corp.example'] });
        try {
          for (const host of ['console.example.com', 'Console.Example.com:443', 'corp.example', 'a.b.corp.example']) {
            assert.equal((await listed.request('GET', '/tools', { headers: { Host: host } })).status, 200, host);
          }
          for (const host of ['example.com', 'xcorp.example', 'console.example.com.evil']) {
            assert.equal((await listed.request('GET', '/tools', { headers: { Host: host } })).status, 403, host);
          }
        } finally {
          await listed.close();
        }
      });

      it('should serve any host with allowedHosts: true', async () => {
        const open = await startConsole({ allowedHosts: true });
        try {
          assert.equal((await open.request('GET', '/tools', { headers: { Host: 'anything.example' } })).status, 200);
        } finally {
          await open.close();
        }
      });

      it('should refuse a bad allowedHosts option at startup', async () => {
        await assert.rejects(startConsole({ allowedHosts: 'example.com' as never }), /allowedHosts must be/);
        await assert.rejects(startConsole({ allowedHosts: [''] }), /allowedHosts must be/);
      });
    });
  });
}
