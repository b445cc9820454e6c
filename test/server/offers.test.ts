// What a console tells its page it offers besides tools (`offers` on <tool-console>: resources, prompts, completions,
// subscriptions, only those its options give), the options of those offers checked at startup, and icons: a tool's
// and the server's pass on only as images the page may fetch.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createServer, type ToolConsoleOptions } from '../../server/index.js';
import { startConsole } from './helpers.js';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const noop = () => {};

async function offersOf(options: Partial<ToolConsoleOptions>): Promise<string | undefined> {
  const app = await startConsole(options);
  try {
    const answer = await app.request('GET', '/');
    assert.equal(answer.status, 200);
    return /<tool-console\s[^>]*\soffers="([^"]*)"/.exec(answer.text)?.[1];
  } finally {
    await app.close();
  }
}

describe('the page: offers', () => {
  it('should offer nothing besides tools without the options', async () => {
    assert.equal(await offersOf({}), '');
  });

  it('should name each offer the options give, and only those', async () => {
    assert.equal(await offersOf({ resourceTemplates: [] }), 'resources');
    assert.equal(await offersOf({ prompts: () => ({ prompts: [] }) }), 'prompts');
    assert.equal(
      await offersOf({
        resources: [],
        prompts: [],
        getPrompt: () => ({ messages: [] }),
        complete: () => ({ values: [] }),
        subscribeResource: noop,
        unsubscribeResource: noop,
      }),
      'resources prompts completions subscriptions',
    );
  });
});

describe('GET /console: what the page would say now', () => {
  it("should answer the page's title, server and offers, not cached", async () => {
    const app = await startConsole({ title: 'Mine', serverInfo: { name: 'srv' }, prompts: [] });
    try {
      const answer = await app.request('GET', '/console');
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['cache-control'], 'no-store');
      assert.deepEqual(answer.json, { title: 'Mine', server: { name: 'srv' }, offers: 'prompts' });
    } finally {
      await app.close();
    }
  });

  it('should say pending while a provider cannot tell yet, and what it offers once it can', async () => {
    // A provider standing in for one not known yet (the CLI's while it connects) carries offered(): undefined so far.
    let known: boolean | undefined;
    const prompts = Object.assign(() => ({ prompts: [] }), { offered: () => known });
    const app = await startConsole({ prompts });
    try {
      assert.equal((await app.request('GET', '/console')).json.offers, 'pending');
      assert.match((await app.request('GET', '/')).text, /offers="pending"/);
      known = true;
      assert.equal((await app.request('GET', '/console')).json.offers, 'prompts');
      known = false;
      assert.equal((await app.request('GET', '/console')).json.offers, '');
    } finally {
      await app.close();
    }
  });
});

describe('the options of resources, prompts and completion', () => {
  const base = { tools: [], handleCall: () => [[], false] as [[], false] };
  const cases: [Partial<ToolConsoleOptions>, string][] = [
    [
      { resources: 'file:///a' as never },
      'resources must be an array of resources or a function returning one page of them',
    ],
    [
      { resourceTemplates: {} as never },
      'resourceTemplates must be an array of resource templates or a function returning one page of them',
    ],
    [{ prompts: null as never }, 'prompts must be an array of prompts or a function returning one page of them'],
    [{ prompts: [], getPrompt: 'x' as never }, 'getPrompt must be a function'],
    [
      { getPrompt: () => ({ messages: [] }) },
      'getPrompt needs the prompts option: the page finds what to get in that list',
    ],
    [{ complete: [] as never }, 'complete must be a function'],
    [{ subscribeResource: 1 as never, unsubscribeResource: noop }, 'subscribeResource must be a function'],
    [{ subscribeResource: noop }, 'subscribeResource and unsubscribeResource go together: give both or neither'],
  ];
  for (const [options, message] of cases) {
    it(`should refuse at startup: ${message}`, () => {
      assert.throws(() => createServer({ ...base, ...options }), {
        name: 'TypeError',
        message: `tool-console: ${message}`,
      });
    });
  }
});

describe('icons of tools and of the server', () => {
  it('should pass on the safe icons of a tool in its summary and detail, and of the server in the page', async () => {
    const icons = [{ src: PNG, theme: 'light' }, { src: 'http://example.com/a.png' }, { src: '/a.svg' }];
    const app = await startConsole({
      tools: [{ name: 'drawn', inputSchema: { type: 'object' }, icons }, { name: 'plain' }],
      serverInfo: { name: 'srv', icons } as never,
    });
    try {
      const [drawn, plain] = (await app.request('GET', '/tools')).json;
      assert.deepEqual(drawn.icons, [{ src: PNG, theme: 'light' }]);
      assert.equal('icons' in plain, false);
      assert.deepEqual((await app.request('GET', '/tools/drawn')).json.icons, [{ src: PNG, theme: 'light' }]);
      const page = (await app.request('GET', '/')).text;
      const server = /<tool-console\s[^>]*\sserver="([^"]*)"/.exec(page)![1]!.replaceAll('&quot;', '"');
      assert.deepEqual(JSON.parse(server), { name: 'srv', icons: [{ src: PNG, theme: 'light' }] });
    } finally {
      await app.close();
    }
  });
});
