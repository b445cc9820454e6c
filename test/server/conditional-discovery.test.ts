// GET /tools and GET /tools/{name} carry a strong ETag and `Cache-Control: no-cache`; a client that already has the
// answer says so with If-None-Match and gets 304 with no body, for as long as the tools have not changed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tool } from '../../server/index.js';
import { startConsole, type Answer, type RunningConsole } from './helpers.js';

const manyTools = (count: number, prefix = 'tool'): Tool[] =>
  Array.from({ length: count }, (_, index) => ({
    name: `${prefix}_${index}`,
    description: `Tool number ${index}: looks something up and returns a short report.`,
    inputSchema: { type: 'object' },
  }));

const STRONG_TAG = /^"[^"]+"$/;

function assertNotModified(answer: Answer, full: Answer): void {
  assert.equal(answer.status, 304);
  assert.equal(answer.body.length, 0);
  assert.equal(answer.headers.etag, full.headers.etag);
  assert.equal(answer.headers.vary, full.headers.vary);
  assert.equal(answer.headers['cache-control'], 'no-cache');
  assert.equal(answer.headers['content-encoding'], undefined);
}

describe('conditional discovery requests', () => {
  let app: RunningConsole;
  before(async () => {
    const tools = manyTools(40);
    app = await startConsole({ tools: async () => tools });
  });
  after(() => app.close());

  for (const [label, path] of [
    ['the list', '/tools'],
    ['a detail', '/tools/tool_3'],
  ] as const) {
    describe(label, () => {
      it('carries a strong ETag and no-cache, the same on every request', async () => {
        const first = await app.request('GET', path);
        const second = await app.request('GET', path);
        assert.equal(first.status, 200);
        assert.match(String(first.headers.etag), STRONG_TAG);
        assert.equal(second.headers.etag, first.headers.etag);
        assert.equal(first.headers['cache-control'], 'no-cache');
      });

      it('answers 304 with no body to its own ETag, to its weak form, to a list naming it and to *', async () => {
        const full = await app.request('GET', path);
        const etag = String(full.headers.etag);
        for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, `W/"a,b", W/${etag}`, '*']) {
          assertNotModified(await app.request('GET', path, { headers: { 'If-None-Match': ifNoneMatch } }), full);
        }
      });

      it('answers HEAD with If-None-Match the same way', async () => {
        const full = await app.request('GET', path);
        const head = await app.request('HEAD', path, { headers: { 'If-None-Match': String(full.headers.etag) } });
        assertNotModified(head, full);
      });

      it('answers 200 with the full body to tags it does not carry', async () => {
        const full = await app.request('GET', path);
        const etag = String(full.headers.etag);
        for (const ifNoneMatch of ['"nope"', etag.slice(0, -2) + '"', `"${etag}"`, '']) {
          const answer = await app.request('GET', path, { headers: { 'If-None-Match': ifNoneMatch } });
          assert.equal(answer.status, 200, ifNoneMatch);
          assert.deepEqual(answer.body, full.body);
        }
      });
    });
  }

  it('gives each coding its own tag, and revalidates each against its own', async () => {
    const br = await app.request('GET', '/tools', { headers: { 'Accept-Encoding': 'br' } });
    const gzip = await app.request('GET', '/tools', { headers: { 'Accept-Encoding': 'gzip' } });
    const plain = await app.request('GET', '/tools');
    const tags = [br, gzip, plain].map((answer) => String(answer.headers.etag));
    assert.equal(new Set(tags).size, 3, `tags: ${tags.join(' ')}`);
    for (const tag of tags) assert.match(tag, STRONG_TAG);

    const brAgain = await app.request('GET', '/tools', {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': tags[0]! },
    });
    assertNotModified(brAgain, br);
    // A tag of another coding does not name what this client would get: the full answer, in its coding.
    const switched = await app.request('GET', '/tools', {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': tags[0]! },
    });
    assert.equal(switched.status, 200);
    assert.equal(switched.headers['content-encoding'], 'gzip');
  });

  it('answers 404, not 304, for an unknown tool even with If-None-Match: *', async () => {
    const answer = await app.request('GET', '/tools/nope', { headers: { 'If-None-Match': '*' } });
    assert.equal(answer.status, 404);
    assert.equal(answer.headers.etag, undefined);
  });

  it('changes the ETag when the tools change, and keeps it when only the array does', async () => {
    // The provider answers with whatever list is current: the test swaps it to change the tools.
    let current = manyTools(40);
    const app = await startConsole({ tools: () => current });
    try {
      const original = await app.request('GET', '/tools');
      const originalDetail = await app.request('GET', '/tools/tool_3');
      current = manyTools(40); // a new array with the same tools: the same answer, so the same tag
      const same = await app.request('GET', '/tools', { headers: { 'If-None-Match': String(original.headers.etag) } });
      assert.equal(same.status, 304);

      current = [...manyTools(40), ...manyTools(1, 'added')];
      const changed = await app.request('GET', '/tools', {
        headers: { 'If-None-Match': String(original.headers.etag) },
      });
      assert.equal(changed.status, 200);
      assert.notEqual(changed.headers.etag, original.headers.etag);
      assert.ok(changed.json.some((tool: { name: string }) => tool.name === 'added_0'));

      current = manyTools(40).map((tool) => (tool.name === 'tool_3' ? { ...tool, description: 'Reworded.' } : tool));
      const detail = await app.request('GET', '/tools/tool_3', {
        headers: { 'If-None-Match': String(originalDetail.headers.etag) },
      });
      assert.equal(detail.status, 200);
      assert.equal(detail.json.description, 'Reworded.');
      assert.notEqual(detail.headers.etag, originalDetail.headers.etag);
    } finally {
      await app.close();
    }
  });

  it('puts no ETag on calls, validation or errors', async () => {
    const withAll = await startConsole({ allowExecute: true });
    try {
      const answers = [
        await withAll.request('POST', '/tools/get_weather/call', { body: '{"city":"Oslo"}' }),
        await withAll.request('POST', '/tools/get_weather/validate', { body: '{}' }),
        await withAll.request('GET', '/nowhere'),
      ];
      for (const answer of answers) assert.equal(answer.headers.etag, undefined, String(answer.status));
    } finally {
      await withAll.close();
    }
  });
});
