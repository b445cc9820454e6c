// The policies the console signs as it reads resources (server/core/sandbox/sandbox-policy.ts), through both adapters:
// each MCP App contents gets one, whatever the case and spacing of its MIME type, and nothing else in the answer
// changes; the sandbox page refuses a signature that is not even base64url.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADAPTERS, startAdapter, type AdapterConsole } from './apps-harness.js';

const POLICY_KEY = 'tool-console/sandbox-policy';
const ON_SANDBOX = { Host: 'apps.example:8001' };
const csp = { connectDomains: ['https://api.example.com'] };
/** Contents of every kind: apps under MIME types written loosely, and things that are no app. */
const MIXED = [
  { uri: 'ui://spaced', mimeType: 'text/html; profile=mcp-app', text: '<p>a</p>', _meta: { ui: { csp } } },
  { uri: 'ui://shouted', mimeType: 'Text/HTML;\tProfile=MCP-App', text: '<p>b</p>' },
  { uri: 'ui://page', mimeType: 'text/html', text: '<p>not an app</p>', _meta: { ui: { csp } } },
  { uri: 'ui://numbered', mimeType: 42, text: '?' },
  { uri: 'ui://untyped', text: '?' },
  'not an object',
];

for (const adapter of ADAPTERS) {
  describe(`signing the policies of a read (${adapter})`, () => {
    let app: AdapterConsole;
    before(async () => {
      app = await startAdapter(adapter, {
        sandboxOrigin: 'http://apps.example:8001',
        allowExecute: true,
        readResource: (uri: string) => ({ contents: uri === 'ui://mixed' ? MIXED : [MIXED[2]] }),
      });
    });
    after(() => app.close());

    const read = async (uri: string) => {
      const answer = await app.request('POST', '/resources/read', { body: JSON.stringify({ uri }) });
      assert.equal(answer.status, 200);
      return answer.json.contents as Record<string, unknown>[];
    };
    const sandboxPage = (token: string) =>
      app.request('GET', `/sandbox?policy=${encodeURIComponent(token)}`, { headers: ON_SANDBOX });

    it('should sign each app, its MIME type in any case and spacing, and hand back everything else as it was', async () => {
      const contents = await read('ui://mixed');
      assert.equal(contents.length, MIXED.length);
      const [spaced, shouted, ...others] = contents as { _meta: Record<string, unknown> }[];
      assert.deepEqual(Object.keys(spaced!._meta), ['ui', POLICY_KEY]);
      assert.deepEqual(Object.keys(shouted!._meta), [POLICY_KEY]);
      assert.deepEqual(others, MIXED.slice(2), 'no policy on what is not an app');
      const page = await sandboxPage(spaced!._meta[POLICY_KEY] as string);
      assert.equal(page.status, 200);
      assert.match(String(page.headers['content-security-policy']), /; connect-src https:\/\/api\.example\.com; /);
    });

    it('should hand back an answer without apps as it was', async () => {
      assert.deepEqual(await read('ui://page'), [MIXED[2]]);
    });

    it('should refuse a signature that is not base64url with the 403 of any unsigned policy', async () => {
      const [spaced] = (await read('ui://mixed')) as { _meta: Record<string, string> }[];
      const [payload] = spaced!._meta[POLICY_KEY]!.split('.');
      for (const signature of ['!!!!', 'AAA=', 'A A']) {
        const answer = await sandboxPage(`${payload}.${signature}`);
        assert.equal(answer.status, 403, signature);
        assert.match(answer.text, /did not sign/, signature);
      }
    });
  });
}
