// The sandbox origin through both adapters: requests whose Host is the sandbox's get the proxy page and nothing else,
// the console's own host never serves it, the page learns where it is and may frame it, and the sandbox origin is
// never trusted to act on the API.
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createHandler, createServer } from '../../server/index.js';
import { close, listen } from '../support/listen.js';
import { ADAPTERS, startAdapter, type AdapterConsole } from './apps-harness.js';
import { callPath, rawRequest, weatherTool } from './helpers.js';

const SANDBOX = 'http://apps.example:8001';
const ON_SANDBOX = { Host: 'apps.example:8001' };
const DEFAULT_POLICY =
  "default-src 'none'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval' data: blob:; " +
  "worker-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob:; font-src 'self' data:; media-src 'self' data: blob:; connect-src 'none'; " +
  "frame-src 'none'; base-uri 'self'; object-src 'none'; form-action 'none'";
const sandboxPath = (csp: unknown) => `/sandbox?csp=${encodeURIComponent(JSON.stringify(csp))}`;
const DECLARED = {
  connectDomains: ['https://api.example.com', "'unsafe-eval'", 'https://x.example; script-src *'],
  resourceDomains: ['https://cdn.example.com', 'data:', '*'],
};
/** A reader with one MCP App, `ui://app`, that declares DECLARED; nothing for any other URI. */
const readApp = (uri: string) =>
  uri === 'ui://app'
    ? {
        contents: [
          { uri, mimeType: 'text/html;profile=mcp-app', text: '<p>app</p>', _meta: { ui: { csp: DECLARED } } },
        ],
      }
    : { contents: [] };

for (const adapter of ADAPTERS) {
  describe(`the sandbox origin (${adapter})`, () => {
    let app: AdapterConsole;
    before(async () => {
      app = await startAdapter(adapter, {
        sandboxOrigin: SANDBOX,
        allowExecute: true,
        corsOrigins: '*',
        readResource: readApp,
      });
    });
    after(() => app.close());

    /** The signed policy the console gives the page with the app it reads. */
    async function signedPolicy(): Promise<string> {
      const read = await app.request('POST', '/resources/read', { body: '{"uri":"ui://app"}' });
      assert.equal(read.status, 200);
      const token = read.json.contents[0]._meta['tool-console/sandbox-policy'];
      assert.equal(typeof token, 'string');
      assert.deepEqual(read.json.contents[0]._meta.ui, { csp: DECLARED }, "the app's own _meta is left as it was");
      return token;
    }

    it('should serve the proxy page there, uncached, unreferred, under the restrictive default policy', async () => {
      const answer = await app.request('GET', '/sandbox', { headers: ON_SANDBOX });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(answer.headers['cache-control'], 'no-store');
      assert.equal(answer.headers['referrer-policy'], 'no-referrer');
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      assert.equal(answer.headers['content-security-policy'], DEFAULT_POLICY);
      assert.equal(answer.headers['access-control-allow-origin'], undefined, 'no CORS grant on the sandbox');
      assert.match(answer.text, /^<!doctype html>/);
      assert.ok(answer.text.includes('ui/notifications/sandbox-'), 'the page carries the proxy script');
      assert.ok(answer.text.includes(`content="default-src &#39;none&#39;;`), 'and its policy, escaped, in a meta');
      // The app's frame fills the proxy's, with no border or margin around it.
      assert.ok(answer.text.includes('iframe{display:block;border:0;width:100%;height:100%}'), 'and its style');
    });

    it('should answer HEAD with the headers and no body', async () => {
      const answer = await app.request('HEAD', '/sandbox', { headers: ON_SANDBOX });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-security-policy'], DEFAULT_POLICY);
      assert.equal(answer.body.length, 0);
    });

    it('should apply the declared domains the console signed, and drop what is not a plain source', async () => {
      const answer = await app.request('GET', `/sandbox?policy=${encodeURIComponent(await signedPolicy())}`, {
        headers: ON_SANDBOX,
      });
      assert.equal(answer.status, 200);
      const policy = String(answer.headers['content-security-policy']);
      assert.match(policy, /; connect-src https:\/\/api\.example\.com; /);
      assert.match(
        policy,
        /; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval' data: blob: https:\/\/cdn\.example\.com; /,
      );
      assert.doesNotMatch(policy, /'unsafe-eval'|script-src \*|x\.example|font-src 'self' data: data:/);
      assert.ok(answer.text.includes('https://api.example.com'), 'the meta carries the same policy');
    });

    it('should ignore a policy written into the URL (an app can write it too): the default applies', async () => {
      const queries = ['?csp=%7B', '?csp=', '?csp=%E0%A4%A', '?other=1', '?csp=null', sandboxPath(DECLARED).slice(8)];
      for (const query of queries) {
        const answer = await app.request('GET', `/sandbox${query}`, { headers: ON_SANDBOX });
        assert.equal(answer.status, 200, query);
        assert.equal(answer.headers['content-security-policy'], DEFAULT_POLICY, query);
      }
    });

    it('should refuse a policy this console did not sign: 403, a message, the default policy', async () => {
      const signed = await signedPolicy();
      const [payload] = signed.split('.');
      const wider = Buffer.from(JSON.stringify({ connectDomains: ['https://evil.example'] })).toString('base64url');
      for (const token of [`${wider}.${signed.split('.')[1]}`, `${payload}.`, `${payload}.AAAA`, 'x', `${signed}.x`]) {
        const answer = await app.request('GET', `/sandbox?policy=${encodeURIComponent(token)}`, {
          headers: ON_SANDBOX,
        });
        assert.equal(answer.status, 403, token);
        assert.equal(answer.headers['content-security-policy'], DEFAULT_POLICY, token);
        assert.equal(answer.headers['content-type'], 'text/plain; charset=utf-8', token);
        assert.equal(answer.headers['cache-control'], 'no-store', token);
        assert.match(answer.text, /did not sign .* Open the interface again from the console\./, token);
        assert.doesNotMatch(answer.text, /evil/);
      }
    });

    it('should know the sandbox host in any case, with its default port written or not', async () => {
      for (const host of ['APPS.Example:8001', 'apps.example.:8001', ' apps.example:8001']) {
        const answer = await app.request('GET', '/sandbox', { headers: { Host: host } });
        assert.equal(answer.headers['content-security-policy'], DEFAULT_POLICY, host);
      }
    });

    it('should answer 404 JSON to everything else on the sandbox host: the page, the API, other methods', async () => {
      const requests: [string, string][] = [
        ['GET', '/'],
        ['GET', '/tools'],
        ['GET', `/tools/${weatherTool.name}`],
        ['POST', callPath(weatherTool.name)],
        ['POST', '/resources/read'],
        ['GET', '/assets/x.js'],
        ['GET', '/tools/%zz'],
        ['POST', '/sandbox'],
        ['OPTIONS', '/sandbox'],
        ['GET', '/sandbox/'],
        ['GET', '/nothing'],
      ];
      for (const [method, path] of requests) {
        const body = method === 'POST' ? '{"uri":"ui://x"}' : undefined;
        const answer = await app.request(method, path, { body, headers: ON_SANDBOX });
        assert.equal(answer.status, 404, `${method} ${path}`);
        assert.deepEqual(answer.json, { error: 'Not found.' }, `${method} ${path}`);
        assert.equal(answer.headers['access-control-allow-origin'], undefined, `${method} ${path}`);
        // A page of the sandbox origin without a policy would be one an app could script without limits.
        assert.equal(answer.headers['content-security-policy'], DEFAULT_POLICY, `${method} ${path}`);
      }
    });

    it("should not serve the sandbox on the console's own host", async () => {
      for (const method of ['GET', 'HEAD']) {
        const answer = await app.request(method, '/sandbox');
        assert.equal(answer.status, 404, method);
      }
      assert.deepEqual((await app.request('GET', '/sandbox')).json, { error: 'Not found.' });
    });

    it('should refuse write requests from the sandbox origin on the console host, whatever corsOrigins says', async () => {
      for (const path of [callPath(weatherTool.name), '/resources/read', `/tools/${weatherTool.name}/validate`]) {
        const answer = await app.request('POST', path, { body: '{"uri":"ui://x"}', headers: { Origin: SANDBOX } });
        assert.equal(answer.status, 403, path);
        assert.deepEqual(answer.json, {
          error: `Cross-origin request refused: ${SANDBOX} is where tool UIs run; they reach the API only through the page.`,
        });
      }
      const other = await app.request('POST', '/resources/read', {
        body: '{"uri":"ui://x"}',
        headers: { Origin: 'https://elsewhere.example' },
      });
      assert.equal(other.status, 200, "corsOrigins '*' still lets other origins in");
    });
  });

  describe(`the page and the sandbox origin (${adapter})`, () => {
    it('should tell the page the proxy URL, below the prefix, and let it frame that origin only', async () => {
      const app = await startAdapter(adapter, { sandboxOrigin: 'https://Apps.Example:443/', prefix: '/explorer' });
      try {
        const page = await app.request('GET', '/explorer/');
        assert.match(page.text, /<tool-console\s[^>]*sandbox="https:\/\/apps\.example\/explorer\/sandbox"/);
        const policy = String(page.headers['content-security-policy']);
        assert.match(policy, /; frame-src https:\/\/apps\.example; /);
        assert.match(policy, /frame-ancestors 'self'$/);
        const proxy = await app.request('GET', '/explorer/sandbox', { headers: { Host: 'apps.example:443' } });
        assert.equal(proxy.status, 200);
        assert.equal((await app.request('GET', '/sandbox', { headers: { Host: 'apps.example' } })).status, 404);
      } finally {
        await app.close();
      }
    });

    it('should read the policy from the query alone, not from a prefix that looks like one', async () => {
      const app = await startAdapter(adapter, { sandboxOrigin: SANDBOX, prefix: '/apps&policy=x.y' });
      try {
        const proxy = await app.request('GET', '/apps&policy=x.y/sandbox', { headers: ON_SANDBOX });
        assert.equal(proxy.status, 200);
        assert.equal(proxy.headers['content-security-policy'], DEFAULT_POLICY);
        const forged = await app.request('GET', '/apps&policy=x.y/sandbox?policy=x.y', { headers: ON_SANDBOX });
        assert.equal(forged.status, 403);
      } finally {
        await app.close();
      }
    });

    it('should leave the attribute empty, and frame nothing, without a sandbox origin', async () => {
      const app = await startAdapter(adapter);
      try {
        const page = await app.request('GET', '/');
        assert.match(page.text, /<tool-console\s[^>]*sandbox=""/);
        assert.doesNotMatch(String(page.headers['content-security-policy']), /frame-src/);
        assert.equal((await app.request('GET', '/sandbox')).status, 404);
      } finally {
        await app.close();
      }
    });
  });
}

describe('the sandboxOrigin option', () => {
  const start = (sandboxOrigin: unknown) =>
    createServer({ tools: [], handleCall: () => [[], false], sandboxOrigin: sandboxOrigin as string });

  it('should take an http(s) origin, with a port, a trailing slash or a bracketed IPv6 address', () => {
    for (const origin of ['http://127.0.0.1:8001', 'https://apps.example.com', 'http://[::1]:9000/', 'HTTP://A.B']) {
      assert.doesNotThrow(() => start(origin), origin);
    }
  });

  it('should refuse anything else at startup with a TypeError that says what it takes', () => {
    const bad = [
      'apps.example.com',
      '127.0.0.1:8001',
      'ftp://apps.example.com',
      'xhttp://apps.example.com',
      'see http://apps.example.com',
      'http://apps.example.com/sandbox',
      'http://apps.example.com?x=1',
      'http://apps.example.com#top',
      'http://user@apps.example.com',
      'http://apps.example.com:99999',
      'http://',
      'http:///x',
      '',
      42,
      null,
      ['http://a.example'],
    ];
    for (const origin of bad) {
      assert.throws(() => start(origin), {
        name: 'TypeError',
        message: `tool-console: sandboxOrigin must be an origin such as "http://127.0.0.1:8001" (no path), got ${JSON.stringify(origin)}`,
      });
    }
  });
});

describe('the sandbox origin behind middleware', () => {
  it('should leave unknown paths on the sandbox host to the host, and still refuse the console there', async () => {
    const handler = createHandler({ tools: [weatherTool], handleCall: () => [[], false], sandboxOrigin: SANDBOX });
    const server = createHttpServer((req, res) =>
      handler(req, res, () => {
        res.writeHead(299, { 'Content-Type': 'text/plain' });
        res.end('the host answered');
      }),
    );
    const port = await listen(server);
    try {
      assert.equal((await rawRequest(port, 'GET', '/elsewhere', { headers: ON_SANDBOX })).status, 299);
      assert.equal((await rawRequest(port, 'GET', '/tools', { headers: ON_SANDBOX })).status, 404);
      assert.equal((await rawRequest(port, 'GET', '/', { headers: ON_SANDBOX })).status, 404);
      assert.equal((await rawRequest(port, 'POST', '/sandbox', { headers: ON_SANDBOX })).status, 404);
      assert.equal((await rawRequest(port, 'GET', '/sandbox', { headers: ON_SANDBOX })).status, 200);
    } finally {
      await close(server);
    }
  });
});
