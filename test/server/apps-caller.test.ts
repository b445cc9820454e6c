// `Tool-Caller: app` on calls, through both adapters: a tool UI (relayed by the page) may not call a tool whose
// visibility leaves out "app", refused in plain JSON after the 404 check and before anything runs or streams. Any
// other value is the person at the form, who may call every tool.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tool } from '../../server/index.js';
import { ADAPTERS, startAdapter, type AdapterConsole } from './apps-harness.js';
import { callPath } from './helpers.js';

const tool = (name: string, ui?: unknown): Tool => ({ name, inputSchema: { type: 'object' }, _meta: { ui } });
const tools = [
  tool('model-only', { resourceUri: 'ui://a/view.html', visibility: ['model'] }),
  tool('legacy-model-only', { visibility: ['model', 'model'] }),
  tool('app-only', { visibility: ['app'] }),
  tool('both', { visibility: ['model', 'app'] }),
  tool('with-ui', { resourceUri: 'ui://a/view.html' }),
  tool('nonsense-visibility', { visibility: ['nobody'] }),
  { name: 'plain', inputSchema: { type: 'object' } },
];
const refusal = (name: string) => ({
  error: `Tool ${name} is not available to tool UIs (its visibility is model only).`,
});

for (const adapter of ADAPTERS) {
  describe(`Tool-Caller: app on calls (${adapter})`, () => {
    let app: AdapterConsole;
    const ran: string[] = [];
    before(async () => {
      const handleCall = async (name: string) => (ran.push(name), [[{ type: 'text', text: `ran ${name}` }], false]);
      app = await startAdapter(adapter, { tools, handleCall, allowExecute: true });
    });
    after(() => app.close());
    const call = (name: string, headers: Record<string, string> = {}) =>
      app.request('POST', callPath(name), { body: '{}', headers });

    it('should refuse a tool UI a tool whose visibility is model only, with 403 and nothing run', async () => {
      for (const name of ['model-only', 'legacy-model-only']) {
        const before = ran.length;
        const answer = await call(name, { 'Tool-Caller': 'app' });
        assert.equal(answer.status, 403, name);
        assert.equal(answer.headers['content-type'], 'application/json');
        assert.deepEqual(answer.json, refusal(name));
        assert.equal(ran.length, before, `${name} did not run`);
      }
    });

    it('should read the header in any case', async () => {
      for (const value of ['APP', 'App', ' app ']) {
        assert.equal((await call('model-only', { 'Tool-Caller': value })).status, 403, value);
      }
    });

    it('should let a tool UI call tools whose visibility includes app, or says nothing valid', async () => {
      for (const name of ['app-only', 'both', 'with-ui', 'nonsense-visibility', 'plain']) {
        const answer = await call(name, { 'Tool-Caller': 'app' });
        assert.equal(answer.status, 200, name);
        assert.equal(answer.json.content[0].text, `ran ${name}`);
      }
    });

    it('should let the person call every tool, app-only ones included, whatever else the header says', async () => {
      const variants: Record<string, string>[] = [
        {},
        { 'Tool-Caller': 'user' },
        { 'Tool-Caller': 'model' },
        { 'Tool-Caller': 'apps' },
      ];
      for (const headers of variants) {
        for (const name of ['model-only', 'app-only']) {
          assert.equal((await call(name, headers)).status, 200, `${name} ${JSON.stringify(headers)}`);
        }
      }
    });

    it('should answer 404 for an unknown tool before the visibility check', async () => {
      const answer = await call('nope', { 'Tool-Caller': 'app' });
      assert.equal(answer.status, 404);
      assert.deepEqual(answer.json, { error: 'Tool not found: nope' });
    });

    it('should refuse in plain JSON a call that asks for an event stream', async () => {
      const answer = await call('model-only', { 'Tool-Caller': 'app', Accept: 'text/event-stream' });
      assert.equal(answer.status, 403);
      assert.equal(answer.headers['content-type'], 'application/json');
      assert.deepEqual(answer.json, refusal('model-only'));
    });
  });

  describe(`Tool-Caller: app when execution is off (${adapter})`, () => {
    it('should say execution is disabled, not that the tool is hidden from UIs', async () => {
      const app = await startAdapter(adapter, { tools, allowExecute: false });
      try {
        const answer = await app.request('POST', callPath('model-only'), {
          body: '{}',
          headers: { 'Tool-Caller': 'app' },
        });
        assert.equal(answer.status, 403);
        assert.deepEqual(answer.json, { error: 'Tool execution is disabled.' });
      } finally {
        await app.close();
      }
    });
  });
}
