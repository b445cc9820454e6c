// MCP Apps in the catalog: a tool's `_meta.ui` (or the older `_meta["ui/resourceUri"]`) reaches the list and the
// detail as `ui`, checked part by part, and nothing else of `_meta` leaves the server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tool } from '../../server/index.js';
import { startConsole, type RunningConsole } from './helpers.js';

const URI = 'ui://weather/view.html';
const tool = (name: string, meta: unknown): Tool => ({ name, inputSchema: { type: 'object' }, _meta: meta as never });

// Each tool's `_meta`, and the `ui` the page must see (undefined: no `ui` key at all).
const CASES: [name: string, meta: unknown, ui: unknown][] = [
  ['plain', { ui: { resourceUri: URI } }, { resourceUri: URI }],
  ['both-keys', { ui: { resourceUri: URI }, 'ui/resourceUri': URI }, { resourceUri: URI }],
  ['legacy', { 'ui/resourceUri': URI }, { resourceUri: URI }],
  ['new-wins', { ui: { resourceUri: URI }, 'ui/resourceUri': 'ui://old/one.html' }, { resourceUri: URI }],
  ['legacy-when-new-is-bad', { ui: { resourceUri: 'https://x' }, 'ui/resourceUri': URI }, { resourceUri: URI }],
  ['app-only', { ui: { resourceUri: URI, visibility: ['app'] } }, { resourceUri: URI, visibility: ['app'] }],
  ['visibility-alone', { ui: { visibility: ['model'] } }, { visibility: ['model'] }],
  ['deduplicated', { ui: { visibility: ['app', 'model', 'app', 'model'] } }, { visibility: ['app', 'model'] }],
  ['odd-entries', { ui: { visibility: ['App', 'user', 7, null, 'app'] } }, { visibility: ['app'] }],
  ['no-valid-entry', { ui: { resourceUri: URI, visibility: ['agent'] } }, { resourceUri: URI }],
  ['visibility-not-a-list', { ui: { resourceUri: URI, visibility: 'app' } }, { resourceUri: URI }],
  ['not-ui-scheme', { ui: { resourceUri: 'https://evil.example/app.html' } }, undefined],
  ['javascript', { ui: { resourceUri: 'javascript:alert(1)' } }, undefined],
  ['upper-case-scheme', { ui: { resourceUri: 'UI://weather/view.html' } }, undefined],
  ['not-a-string', { ui: { resourceUri: 42 } }, undefined],
  ['longest-allowed', { ui: { resourceUri: `ui://${'a'.repeat(2043)}` } }, { resourceUri: `ui://${'a'.repeat(2043)}` }],
  ['too-long', { ui: { resourceUri: `ui://${'a'.repeat(2044)}` } }, undefined],
  ['ui-not-an-object', { ui: 'ui://weather/view.html' }, undefined],
  ['ui-an-array', { ui: [URI] }, undefined],
  ['meta-null', null, undefined],
  ['meta-a-string', 'ui://weather/view.html', undefined],
  ['other-meta', { 'com.example/secret': 'not for the page' }, undefined],
];

describe('tool UIs in the catalog', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({ tools: CASES.map(([name, meta]) => tool(name, meta)) });
  });
  after(() => app.close());

  it('should give each summary the ui the page may use, and no ui when nothing valid is left', async () => {
    const summaries = (await app.request('GET', '/tools')).json as Record<string, unknown>[];
    for (const [name, , ui] of CASES) {
      const summary = summaries.find((each) => each.name === name)!;
      assert.deepEqual(summary.ui, ui, name);
      assert.equal('ui' in summary, ui !== undefined, `${name}: no ui key unless there is a ui`);
    }
  });

  it('should give each detail the same ui', async () => {
    for (const [name, , ui] of CASES) {
      const detail = (await app.request('GET', `/tools/${name}`)).json as Record<string, unknown>;
      assert.deepEqual(detail.ui, ui, name);
      assert.equal('ui' in detail, ui !== undefined, name);
    }
  });

  it('should send nothing else of _meta, in the list or the detail', async () => {
    const list = (await app.request('GET', '/tools')).text;
    const detail = (await app.request('GET', '/tools/other-meta')).text;
    for (const text of [list, detail]) {
      assert.doesNotMatch(text, /_meta|not for the page|ui\/resourceUri/);
    }
  });
});
