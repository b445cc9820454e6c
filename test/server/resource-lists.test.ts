// GET /resources, GET /resource-templates and GET /prompts through both adapters: a host's array (one page) or its
// function (one page per request, the cursor passed through), entries cut to their documented fields, discovery
// conventions (ETag, 304, compression), the 404 of a console that offers no such list, a provider's failures.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { ListPageRequest, ResourceSummary } from '../../server/index.js';
import { ADAPTERS, startAdapter, type AdapterConsole } from './apps-harness.js';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

const resources: ResourceSummary[] = Array.from({ length: 25 }, (_, index) => ({
  uri: `file:///notes/${index}.md`,
  name: `note ${index}`,
  mimeType: 'text/markdown',
  description: 'A note that is long enough for the list to be compressed. '.repeat(2),
}));

/** Ten resources a page, cursors `page-1`, `page-2`: as an MCP server pages its list. */
function pagedResources(seen: (ListPageRequest | undefined)[]) {
  return (page: ListPageRequest) => {
    seen.push(page);
    const index = page.cursor === undefined ? 0 : Number(page.cursor.slice('page-'.length));
    if (!Number.isInteger(index)) throw Object.assign(new Error(`No such cursor: ${page.cursor}`), { status: 400 });
    const slice = resources.slice(index * 10, index * 10 + 10);
    return Promise.resolve({ resources: slice, ...(index < 2 && { nextCursor: `page-${index + 1}` }) });
  };
}

for (const adapter of ADAPTERS) {
  describe(`GET /resources and /resource-templates (${adapter})`, () => {
    let app: AdapterConsole;
    const seen: (ListPageRequest | undefined)[] = [];
    before(async () => {
      app = await startAdapter(adapter, {
        resources: pagedResources(seen),
        resourceTemplates: [
          { uriTemplate: 'file:///notes/{name}.md', name: 'A note by name', title: null, extra: 'dropped' },
          { name: 'no template' },
        ],
      });
    });
    after(() => app.close());

    it('should answer one page per request, passing the cursor through and naming the next', async () => {
      const first = await app.request('GET', '/resources');
      assert.equal(first.status, 200);
      assert.equal(first.headers['content-type'], 'application/json');
      assert.deepEqual(first.json.resources, resources.slice(0, 10));
      assert.equal(first.json.nextCursor, 'page-1');
      const second = await app.request('GET', '/resources?cursor=page-1');
      assert.deepEqual(second.json, { resources: resources.slice(10, 20), nextCursor: 'page-2' });
      const last = await app.request('GET', `/resources?cursor=${encodeURIComponent('page-2')}`);
      assert.deepEqual(last.json, { resources: resources.slice(20) });
      assert.deepEqual(seen.slice(-3), [{}, { cursor: 'page-1' }, { cursor: 'page-2' }]);
    });

    it("should answer a provider's own status and message for a cursor it refuses", async () => {
      const answer = await app.request('GET', '/resources?cursor=nonsense');
      assert.equal(answer.status, 400);
      assert.deepEqual(answer.json, { error: 'No such cursor: nonsense' });
    });

    it('should tag each page, answer 304 to a client that has it, and compress it for one that accepts gzip', async () => {
      const plain = await app.request('GET', '/resources', { headers: { 'Accept-Encoding': 'identity' } });
      const tag = plain.headers.etag!;
      assert.match(tag, /^"[^"]+"$/);
      assert.equal(plain.headers['cache-control'], 'no-cache');
      const again = await app.request('GET', '/resources', { headers: { 'If-None-Match': tag } });
      assert.equal(again.status, 304);
      assert.equal(again.text, '');
      const zipped = await app.request('GET', '/resources', { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(zipped.headers['content-encoding'], 'gzip');
      assert.deepEqual(JSON.parse(gunzipSync(zipped.body).toString()), plain.json);
    });

    it('should list the templates with their documented fields only, leaving out entries that are not ones', async () => {
      const answer = await app.request('GET', '/resource-templates');
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, {
        resourceTemplates: [{ uriTemplate: 'file:///notes/{name}.md', name: 'A note by name' }],
      });
      assert.match(app.logger.text('warn'), /ignoring an entry of resourceTemplates/);
    });

    it('should answer 405 to a POST', async () => {
      const answer = await app.request('POST', '/resources', { body: '{}' });
      assert.equal(answer.status, 405);
      assert.equal(answer.headers.allow, 'GET, HEAD, OPTIONS');
    });
  });

  describe(`lists of a console that offers little (${adapter})`, () => {
    it('should answer 404 with a message for resources, templates and prompts a console does not offer', async () => {
      const app = await startAdapter(adapter);
      try {
        for (const [path, error] of [
          ['/resources', 'This console offers no resources.'],
          ['/resource-templates', 'This console offers no resources.'],
          ['/prompts', 'This console offers no prompts.'],
          ['/prompts/greet', 'This console offers no prompts.'],
        ]) {
          const answer = await app.request('GET', path!);
          assert.equal(answer.status, 404, path);
          assert.deepEqual(answer.json, { error }, path);
        }
      } finally {
        await app.close();
      }
    });

    it('should answer an empty template list when only resources are given, and 400 for a cursor of an array', async () => {
      const app = await startAdapter(adapter, { resources: resources.slice(0, 2) });
      try {
        assert.deepEqual((await app.request('GET', '/resource-templates')).json, { resourceTemplates: [] });
        assert.deepEqual((await app.request('GET', '/resources')).json, { resources: resources.slice(0, 2) });
        const paged = await app.request('GET', '/resources?cursor=2');
        assert.equal(paged.status, 400);
        assert.match(paged.json.error, /has one page; the cursor "2" is not one it gave/);
      } finally {
        await app.close();
      }
    });

    it("should answer a provider's failures: 502 with its message, 502 for no list, 504 past toolsTimeoutMs", async () => {
      const app = await startAdapter(adapter, {
        toolsTimeoutMs: 100,
        resources: (page: ListPageRequest) => {
          if (page.cursor === 'throw') throw new Error('the index is gone');
          if (page.cursor === 'wrong') return { items: [] };
          return new Promise(() => {});
        },
      });
      try {
        const thrown = await app.request('GET', '/resources?cursor=throw');
        assert.equal(thrown.status, 502);
        assert.deepEqual(thrown.json, { error: 'the index is gone' });
        const wrong = await app.request('GET', '/resources?cursor=wrong');
        assert.equal(wrong.status, 502);
        assert.deepEqual(wrong.json, { error: 'The resources provider returned no {"resources": [...]}.' });
        const late = await app.request('GET', '/resources');
        assert.equal(late.status, 504);
        assert.deepEqual(late.json, { error: 'The resources provider did not answer within 100 ms.' });
      } finally {
        await app.close();
      }
    });

    it('should pass on only https: and data: icons of the four image types', async () => {
      const icons = [
        { src: PNG, sizes: ['16x16'], theme: 'dark', extra: 1 },
        { src: 'https://example.com/icon.svg' },
        { src: 'https://example.com/icon', mimeType: 'image/webp', theme: 'purple' },
        { src: 'https://example.com/icon' },
        { src: 'http://example.com/icon.png' },
        { src: '/favicon.png', mimeType: 'image/png' },
        { src: 'javascript:alert(1)//.png', mimeType: 'image/png' },
        { src: 'data:text/html,<script>alert(1)</script>', mimeType: 'image/png' },
        { src: 'https://example.com/icon.png', mimeType: 'text/html' },
      ];
      const app = await startAdapter(adapter, { resources: [{ uri: 'a:b', name: 'b', icons }] });
      try {
        assert.deepEqual((await app.request('GET', '/resources')).json.resources[0].icons, [
          { src: PNG, sizes: ['16x16'], theme: 'dark' },
          { src: 'https://example.com/icon.svg' },
          { src: 'https://example.com/icon', mimeType: 'image/webp' },
        ]);
      } finally {
        await app.close();
      }
    });
  });
}
