// The catalog's lists as a caller meets them (issue 27, server/core/catalog survivors): the `?cursor=` a request names,
// a host's function paged by `nextCursor`, a prompt found by walking pages, a provider that fails, times out or
// answers without its array, entries that are not entries, the first of two same-named entries, the tools provider's
// time limit, which tools a tool UI may call, and the tool watchers' quiet and failing cases.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ConsoleNotifier, ListPageRequest, Tool } from '../../server/index.js';
import { EventReader } from '../support/event-stream.js';
import { callPath, startConsole, type RunningConsole } from './helpers.js';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const NOT_AN_ENTRY = /ignoring an entry of (\w+) that is not one/;

/** The warnings logged so far that match `pattern`. */
const warnings = (app: RunningConsole, pattern: RegExp) =>
  app.logger.lines.filter((line) => line.level === 'warn' && pattern.test(line.text));

describe('the ?cursor= of a list request', () => {
  let app: RunningConsole;
  const seen: ListPageRequest[] = [];
  before(async () => {
    app = await startConsole({
      prompts: [{ name: 'greet' }],
      resources: (page: ListPageRequest) => (seen.push(page), { resources: [] }),
    });
  });
  after(() => app.close());

  it('should answer the one page of a static list to no cursor, an empty one, or other parameters only', async () => {
    for (const path of ['/prompts', '/prompts?cursor=', '/prompts?lang=en', '/prompts?lang=en&cursor=']) {
      const answer = await app.request('GET', path);
      assert.equal(answer.status, 200, path);
      assert.deepEqual(answer.json, { prompts: [{ name: 'greet' }] }, path);
    }
  });

  it('should refuse a cursor a static list never gave, naming it', async () => {
    const answer = await app.request('GET', '/prompts?lang=en&cursor=abc');
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.json, { error: 'The prompts list has one page; the cursor "abc" is not one it gave.' });
  });

  it("should ask a host's function for the first page unless the request names a cursor", async () => {
    seen.length = 0;
    for (const path of ['/resources', '/resources?cursor=', '/resources?lang=en', '/resources?cursor=p%202']) {
      assert.equal((await app.request('GET', path)).status, 200, path);
    }
    assert.deepEqual(seen, [{}, {}, {}, { cursor: 'p 2' }]);
  });

  it('should not read a mount path holding & and = as a query', async () => {
    const mounted = await startConsole({ prefix: '/a&cursor=p', prompts: [{ name: 'greet' }] });
    try {
      const answer = await mounted.request('GET', '/a&cursor=p/prompts');
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, { prompts: [{ name: 'greet' }] });
    } finally {
      await mounted.close();
    }
  });
});

describe("a host's paged prompts function", () => {
  let app: RunningConsole;
  const asked: (string | undefined)[] = [];
  // Page one names page two; page two ends the list with an empty cursor; `odd` answers a cursor that is no string;
  // `loop` names itself again; `endless-N` always names one more page.
  const pages = (page: ListPageRequest) => {
    asked.push(page.cursor);
    const { cursor } = page;
    if (cursor === undefined) return { prompts: [{ name: 'first' }], nextCursor: 'two' };
    if (cursor === 'two') return Promise.resolve({ prompts: [{ name: 'second' }], nextCursor: '' });
    if (cursor === 'odd') return { prompts: [{ name: 'odd' }], nextCursor: 7 };
    if (cursor === 'loop') return { prompts: [{ name: 'looped' }], nextCursor: 'loop' };
    // (Past the bound it fails, so a walk that goes on answers 502 at once rather than never.)
    if (asked.length > 100) throw new Error('asked for more than 100 pages');
    return { prompts: [], nextCursor: `endless-${asked.length}` };
  };
  let provider: (page: ListPageRequest) => unknown = pages;
  before(async () => {
    app = await startConsole({ prompts: ((page: ListPageRequest) => provider(page)) as never, toolsTimeoutMs: 100 });
  });
  after(() => app.close());

  it('should carry nextCursor in a page only when a non-empty string names one', async () => {
    assert.equal((await app.request('GET', '/prompts')).text, '{"prompts":[{"name":"first"}],"nextCursor":"two"}');
    assert.equal((await app.request('GET', '/prompts?cursor=two')).text, '{"prompts":[{"name":"second"}]}');
    assert.equal((await app.request('GET', '/prompts?cursor=odd')).text, '{"prompts":[{"name":"odd"}]}');
  });

  it('should find a prompt on the first page without asking for the next', async () => {
    asked.length = 0;
    const answer = await app.request('GET', '/prompts/first');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, { name: 'first' });
    assert.deepEqual(asked, [undefined]);
  });

  it('should find a prompt on a later page by following the cursors', async () => {
    asked.length = 0;
    const answer = await app.request('GET', '/prompts/second');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, { name: 'second' });
    assert.deepEqual(asked, [undefined, 'two']);
  });

  it('should answer 404 for a prompt on no page, having asked for each page once', async () => {
    asked.length = 0;
    const answer = await app.request('GET', '/prompts/missing');
    assert.equal(answer.status, 404);
    assert.deepEqual(answer.json, { error: 'Prompt not found: missing' });
    assert.deepEqual(asked, [undefined, 'two']);
  });

  it('should stop walking when a page names its own cursor as the next', async () => {
    provider = (page) => pages(page.cursor === undefined ? { cursor: 'loop' } : page);
    try {
      asked.length = 0;
      const answer = await app.request('GET', '/prompts/missing');
      assert.equal(answer.status, 404);
      assert.deepEqual(asked, ['loop', 'loop']);
    } finally {
      provider = pages;
    }
  });

  it('should give up after 100 pages of a list that never ends', async () => {
    provider = (page) => pages(page.cursor === undefined ? { cursor: 'endless-0' } : page);
    try {
      asked.length = 0;
      const answer = await app.request('GET', '/prompts/missing');
      assert.equal(answer.status, 404);
      assert.equal(asked.length, 100);
    } finally {
      provider = pages;
    }
  });

  describe('that fails', () => {
    const failWith = (make: () => unknown) => {
      provider = make;
    };
    after(() => {
      provider = pages;
    });

    it('should answer 502 with the error of a provider that throws, and log it naming the list', async () => {
      failWith(() => {
        throw new Error('prompt store offline');
      });
      const before = warnings(app, /listing prompts failed/).length;
      for (const path of ['/prompts', '/prompts/first']) {
        const answer = await app.request('GET', path);
        assert.equal(answer.status, 502, path);
        assert.deepEqual(answer.json, { error: 'prompt store offline' }, path);
      }
      assert.equal(warnings(app, /^tool-console: listing prompts failed: /).length, before + 2);
      assert.equal(warnings(app, /^tool-console: listing prompts failed: Error: prompt store offline/).length, 2);
    });

    it('should answer 502 with the reason of a provider that rejects, and log it naming the list', async () => {
      failWith(() => Promise.reject(new Error('prompt store timed out')));
      const before = warnings(app, /listing prompts failed/).length;
      const answer = await app.request('GET', '/prompts/first');
      assert.equal(answer.status, 502);
      assert.deepEqual(answer.json, { error: 'prompt store timed out' });
      assert.equal(warnings(app, /^tool-console: listing prompts failed: /).length, before + 1);
      assert.equal(warnings(app, /^tool-console: listing prompts failed: Error: prompt store timed out/).length, 1);
    });

    it('should answer 504 naming the time limit when the provider does not answer in time, warning once', async () => {
      failWith(() => new Promise(() => {}));
      const before = app.logger.lines.length;
      const answer = await app.request('GET', '/prompts');
      assert.equal(answer.status, 504);
      assert.deepEqual(answer.json, { error: 'The prompts provider did not answer within 100 ms.' });
      assert.deepEqual(app.logger.lines.slice(before), [
        { level: 'warn', text: 'tool-console: the prompts provider did not answer within 100 ms (toolsTimeoutMs)' },
      ]);
    });

    it('should answer 502 and warn when the provider answers without its {prompts: [...]} array', async () => {
      failWith(() => ({ items: [{ name: 'first' }] }));
      const before = warnings(app, /returned no/).length;
      const answer = await app.request('GET', '/prompts');
      assert.equal(answer.status, 502);
      assert.deepEqual(answer.json, { error: 'The prompts provider returned no {"prompts": [...]}.' });
      assert.equal(
        warnings(app, /^tool-console: the prompts provider returned no \{prompts: \[\.\.\.\]\}:/).length,
        before + 1,
      );
    });
  });
});

describe('listed entries that are not all entries', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({
      resources: [
        { uri: 'file:///a', name: 'a', size: 12, annotations: { priority: 0.5 }, icons: [{ src: PNG }] },
        { uri: 'file:///b', name: 'b', size: '12', annotations: 'high', icons: 'none' },
        { uri: 'file:///c', name: 'c', size: Infinity },
        null,
        'file:///d',
        { name: 'no uri' },
        { uri: 'file:///e' },
        { uri: 5, name: 'numeric uri' },
      ] as never,
      resourceTemplates: [
        { uriTemplate: 'file:///{x}', name: 'x', annotations: { audience: ['user'] } },
        null,
        { uriTemplate: 'file:///{y}' },
        { name: 'no template' },
      ] as never,
      prompts: [
        {
          name: 'greet',
          arguments: [
            { name: 'who', required: true },
            { name: 'tone', required: 'yes' },
            null,
            { title: 'nameless' },
            'x',
          ],
        },
        { name: 'plain', arguments: 'none' },
        null,
        { title: 'no name' },
        7,
        { name: 'greet', description: 'the second of the name' },
      ] as never,
    });
  });
  after(() => app.close());

  it('should list resources with a string uri and name only, size only when finite, annotations only as an object', async () => {
    const answer = await app.request('GET', '/resources');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, {
      resources: [
        { uri: 'file:///a', name: 'a', size: 12, annotations: { priority: 0.5 }, icons: [{ src: PNG }] },
        { uri: 'file:///b', name: 'b' },
        { uri: 'file:///c', name: 'c' },
      ],
    });
    assert.equal(warnings(app, /ignoring an entry of resources that is not one/).length, 5);
  });

  it('should list templates with a string uriTemplate and name only', async () => {
    const answer = await app.request('GET', '/resource-templates');
    assert.deepEqual(answer.json, {
      resourceTemplates: [{ uriTemplate: 'file:///{x}', name: 'x', annotations: { audience: ['user'] } }],
    });
    assert.equal(warnings(app, /ignoring an entry of resourceTemplates that is not one/).length, 3);
  });

  it('should list prompts with a string name, their arguments cut to entries with required only as a boolean', async () => {
    const answer = await app.request('GET', '/prompts');
    assert.deepEqual(answer.json, {
      prompts: [
        { name: 'greet', arguments: [{ name: 'who', required: true }, { name: 'tone' }] },
        { name: 'plain' },
        { name: 'greet', description: 'the second of the name' },
      ],
    });
  });

  it('should show the first of two prompts of one name', async () => {
    const answer = await app.request('GET', '/prompts/greet');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, { name: 'greet', arguments: [{ name: 'who', required: true }, { name: 'tone' }] });
  });

  it('should warn of each entry that is not one once, not on every request', async () => {
    await app.request('GET', '/prompts');
    await app.request('GET', '/prompts/plain');
    await app.request('GET', '/resources');
    const counts = new Map<string, number>();
    for (const line of app.logger.lines) {
      const key = NOT_AN_ENTRY.exec(line.text)?.[1];
      if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    assert.deepEqual(Object.fromEntries(counts), { resources: 5, resourceTemplates: 3, prompts: 3 });
  });
});

describe('a console given only one of resources and resource templates', () => {
  it('should answer the other list as empty, with no warning', async () => {
    const onlyTemplates = await startConsole({ resourceTemplates: [{ uriTemplate: 'file:///{x}', name: 'x' }] });
    const onlyResources = await startConsole({ resources: [{ uri: 'file:///a', name: 'a' }] });
    try {
      assert.deepEqual((await onlyTemplates.request('GET', '/resources')).json, { resources: [] });
      assert.deepEqual((await onlyResources.request('GET', '/resource-templates')).json, { resourceTemplates: [] });
      assert.deepEqual([...warnings(onlyTemplates, NOT_AN_ENTRY), ...warnings(onlyResources, NOT_AN_ENTRY)], []);
    } finally {
      await onlyTemplates.close();
      await onlyResources.close();
    }
  });
});

// No route looks up one resource or template by name today, and a view's absent fields vanish in JSON anyway: code
// that reads the views as objects (the lists' lookups, the tool views) is checked directly, fields left out as the
// modules promise rather than present as undefined.
describe("the catalog's views as objects", () => {
  let OfferedLists: typeof import('../../server/core/catalog/offered-lists.js').OfferedLists;
  let toolViews: typeof import('../../server/core/catalog/tool-json.js');
  let toolUiOf: typeof import('../../server/core/catalog/tool-ui.js').toolUiOf;
  before(async () => {
    ({ OfferedLists } = await import('../../server/core/catalog/offered-lists.js'));
    toolViews = await import('../../server/core/catalog/tool-json.js');
    ({ toolUiOf } = await import('../../server/core/catalog/tool-ui.js'));
  });
  const request = {} as never;

  it('should find a resource by its uri, a template by its uriTemplate, a prompt by its name', async () => {
    const lists = new OfferedLists({
      resources: [{ uri: 'file:///a', name: 'a' }],
      resourceTemplates: [{ uriTemplate: 'file:///{x}', name: 'x' }],
      prompts: [{ name: 'plain' }],
      logger: console,
      toolsTimeoutMs: 0,
    });
    assert.deepStrictEqual(await lists.resources!.find('file:///a', request), { uri: 'file:///a', name: 'a' });
    assert.deepStrictEqual(await lists.resourceTemplates!.find('file:///{x}', request), {
      uriTemplate: 'file:///{x}',
      name: 'x',
    });
    assert.deepStrictEqual(await lists.prompt('plain', request), { name: 'plain' });
  });

  it("should leave a tool's absent or null fields out of its summary and detail", () => {
    const bare = { name: 'bare', title: null, inputSchema: { type: 'object' } } as never;
    assert.deepStrictEqual(toolViews.toolSummary(bare), { name: 'bare', description: '' });
    assert.deepStrictEqual(toolViews.toolDetail(bare), {
      name: 'bare',
      description: '',
      inputSchema: { type: 'object' },
    });
  });

  it("should leave out the part of a tool's UI that it lacks", () => {
    const uri = 'ui://weather/view.html';
    const withMeta = (ui: unknown) => ({ name: 't', inputSchema: { type: 'object' }, _meta: { ui } }) as never;
    assert.deepStrictEqual(toolUiOf(withMeta({ resourceUri: uri })), { resourceUri: uri });
    assert.deepStrictEqual(toolUiOf(withMeta({ visibility: ['app'] })), { visibility: ['app'] });
  });
});

describe('the tools provider', () => {
  it('should answer 504 naming the time limit when the provider does not answer in time, and warn', async () => {
    const app = await startConsole({ tools: () => new Promise<Tool[]>(() => {}), toolsTimeoutMs: 50 });
    try {
      const answer = await app.request('GET', '/tools');
      assert.equal(answer.status, 504);
      assert.deepEqual(answer.json, { error: 'The tools provider did not answer within 50 ms.' });
      const said = warnings(app, /tools provider/).map((line) => line.text);
      assert.deepEqual(said, ['tool-console: the tools provider did not answer within 50 ms (toolsTimeoutMs)']);
    } finally {
      await app.close();
    }
  });

  it('should leave out a null tool with a warning', async () => {
    const app = await startConsole({
      tools: [null, { name: 'kept', inputSchema: { type: 'object' } }] as never,
    });
    try {
      const answer = await app.request('GET', '/tools');
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, [{ name: 'kept', description: '' }]);
      const said = warnings(app, /ignoring a tool/).map((line) => line.text);
      assert.deepEqual(said, ['tool-console: ignoring a tool without a string name: null']);
    } finally {
      await app.close();
    }
  });

  it("should show a tool's execution in its detail", async () => {
    const app = await startConsole({
      tools: [{ name: 'task', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } }] as never,
    });
    try {
      const answer = await app.request('GET', '/tools/task');
      assert.deepEqual(answer.json.execution, { taskSupport: 'optional' });
    } finally {
      await app.close();
    }
  });
});

describe('which tools a tool UI may call', () => {
  let app: RunningConsole;
  const URI = 'ui://weather/view.html';
  const tool = (name: string, meta?: unknown): Tool => ({
    name,
    inputSchema: { type: 'object' },
    ...(meta !== undefined && { _meta: meta as never }),
  });
  before(async () => {
    app = await startConsole({
      tools: [
        tool('model-only', { ui: { resourceUri: URI, visibility: ['model'] } }),
        tool('app-only', { ui: { visibility: ['app'] } }),
        tool('ui-without-visibility', { ui: { resourceUri: URI } }),
        tool('no-ui'),
      ],
      allowExecute: true,
    });
  });
  after(() => app.close());

  const callAsApp = (name: string) =>
    app.request('POST', callPath(name), { body: '{}', headers: { 'Tool-Caller': 'app' } });

  it('should refuse a tool whose visibility leaves out app', async () => {
    const answer = await callAsApp('model-only');
    assert.equal(answer.status, 403);
    assert.deepEqual(answer.json, {
      error: 'Tool model-only is not available to tool UIs (its visibility is model only).',
    });
  });

  for (const name of ['app-only', 'ui-without-visibility', 'no-ui']) {
    it(`should let a tool UI call ${name}`, async () => {
      const answer = await callAsApp(name);
      assert.equal(answer.status, 200, answer.text);
    });
  }
});

describe('the tool watchers', () => {
  let app: RunningConsole;
  let notifier: ConsoleNotifier | undefined;
  let asked = 0;
  let broken: 'no' | 'throws' | 'rejects' = 'no';
  const tools: Tool[] = [{ name: 'first', inputSchema: { type: 'object' } }];
  before(async () => {
    app = await startConsole({
      tools: () => {
        asked += 1;
        if (broken === 'throws') throw new Error('tool list unreadable');
        if (broken === 'rejects') return Promise.reject(new Error('tool list gone'));
        return tools;
      },
      notifications: (given) => (notifier = given),
    });
  });
  after(() => app.close());

  const watch = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${app.port}/tools`, {
      headers: { Accept: 'text/event-stream', ...headers },
    });
    assert.equal(response.status, 200);
    const reader = new EventReader(response.body!);
    return { reader, cancel: () => reader.cancel() };
  };

  it('should not ask for the tool list when it changes and no page watches', () => {
    asked = 0;
    notifier!.toolsChanged();
    assert.equal(asked, 0);
  });

  it('should pass on a resource update only for a string uri', async () => {
    const { reader, cancel } = await watch();
    try {
      assert.equal((await reader.next())?.event, 'tools-changed');
      notifier!.resourceUpdated(42 as never);
      notifier!.resourceUpdated('file:///a');
      assert.deepEqual(await reader.next(), { event: 'resource-updated', data: { uri: 'file:///a' } });
    } finally {
      await cancel();
    }
  });

  for (const [how, message] of [
    ['throws', 'tool list unreadable'],
    ['rejects', 'tool list gone'],
  ] as const) {
    it(`should log the error when the tool list ${how} while telling a watcher of it`, async () => {
      broken = how;
      try {
        const { cancel } = await watch();
        // Logged before the stream's headers reach us (at once, or a microtask later for the rejection): read the
        // log now rather than wait for a line that a broken console would never write.
        const said = app.logger.lines.filter((line) => line.level === 'error' && line.text.includes(message));
        assert.equal(said.length, 1);
        assert.match(
          said[0]!.text,
          new RegExp(`^tool-console: could not tell of the changed tool list: Error: ${message}`),
        );
        await cancel();
      } finally {
        broken = 'no';
      }
    });
  }
});
