// A tools provider that throws, rejects, hangs or returns garbage: discovery answers a clear JSON error (its detail
// goes to the log, not the client; a hang gets a 504 naming the time limit), bad entries are skipped with a warning,
// and the next request is served normally.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tool } from '../../server/index.js';
import { callPath, startConsole, validatePath, weatherTool, type RunningConsole } from '../server/helpers.js';
import { assertStillServing, inspectingLogger, linesSince } from './still-serving.js';

/** What the provider does on its next call; anything but a function result is returned as the tool list. */
const FAILING: Record<string, () => unknown> = {
  'throws an Error': () => {
    throw new Error('catalog offline: secret-host:5432');
  },
  'throws a string': () => {
    throw 'catalog offline';
  },
  'rejects with null': () => Promise.reject(null),
  'returns undefined': () => undefined,
  'returns an object': () => ({ tools: [weatherTool] }),
  'returns a string': () => 'get_weather',
  'resolves to a number': () => Promise.resolve(3),
};

const TOOLS_TIMEOUT_MS = 150;

/** Every route that needs the tool list. */
const ROUTES_NEEDING_TOOLS: [method: string, path: string][] = [
  ['GET', '/tools'],
  ['GET', '/tools/get_weather'],
  ['POST', callPath('get_weather')],
  ['POST', validatePath('get_weather')],
];

const GARBAGE_ENTRIES: unknown[] = [null, 7, 'get_weather', {}, { name: 42, inputSchema: {} }, { name: ['x'] }];

describe('faulty tools providers', () => {
  let app: RunningConsole;
  const logger = inspectingLogger();
  let next: () => unknown = () => [weatherTool];
  before(async () => {
    const tools = () => {
      const behaviour = next;
      next = () => [weatherTool]; // one fault per request: the following request sees a healthy provider
      return behaviour() as readonly Tool[];
    };
    app = await startConsole({ tools, allowExecute: true, logger, toolsTimeoutMs: TOOLS_TIMEOUT_MS });
  });
  after(() => app.close());

  for (const [label, behaviour] of Object.entries(FAILING)) {
    it(`answers a generic 500 JSON error, logging why, when the provider ${label}`, async () => {
      for (const path of ['/tools', '/tools/get_weather']) {
        next = behaviour;
        const mark = logger.lines.length;
        const answer = await app.request('GET', path);
        assert.equal(answer.status, 500, path);
        assert.equal(answer.headers['content-type'], 'application/json');
        // The provider's own words may name internal hosts: they stay in the log.
        assert.deepEqual(answer.json, { error: 'Internal Server Error' });
        assert.notEqual(linesSince(logger, mark, 'error'), '', `${path}: the reason is logged`);
      }
      await assertStillServing(app);
    });
  }

  for (const [method, path] of ROUTES_NEEDING_TOOLS) {
    const label = `answers ${method} ${path} with 504 and a JSON error naming the limit when the provider never answers`;
    it(label, { timeout: 10_000 }, async () => {
      next = () => new Promise(() => {});
      const mark = logger.lines.length;
      const answer = await app.request(method, path, { body: method === 'POST' ? '{"city":"Oslo"}' : undefined });
      assert.equal(answer.status, 504, answer.text);
      assert.equal(answer.headers['content-type'], 'application/json');
      assert.deepEqual(answer.json, { error: `The tools provider did not answer within ${TOOLS_TIMEOUT_MS} ms.` });
      assert.match(linesSince(logger, mark, 'warn'), /tools provider did not answer within 150 ms \(toolsTimeoutMs\)/);
      await assertStillServing(app);
    });
  }

  it('ignores a provider that rejects after its time limit, without crashing or logging it as a failure', async () => {
    let rejectLate!: (reason: unknown) => void;
    next = () => new Promise((_resolve, reject) => (rejectLate = reject));
    const mark = logger.lines.length;
    assert.equal((await app.request('GET', '/tools')).status, 504);
    rejectLate(new Error('too late'));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(linesSince(logger, mark, 'error'), '');
    await assertStillServing(app);
  });

  it('serves a provider that answers from a callback, well within the limit', async () => {
    next = () => new Promise((resolve) => setImmediate(() => resolve([weatherTool])));
    const answer = await app.request('GET', '/tools');
    assert.equal(answer.status, 200);
    assert.deepEqual(
      answer.json.map((tool: Tool) => tool.name),
      ['get_weather'],
    );
  });

  it('skips entries without a string name, with a warning, and serves the rest', async () => {
    next = () => [...GARBAGE_ENTRIES, weatherTool];
    const mark = logger.lines.length;
    const answer = await app.request('GET', '/tools');
    assert.equal(answer.status, 200);
    assert.deepEqual(
      answer.json.map((tool: Tool) => tool.name),
      ['get_weather'],
    );
    assert.equal(linesSince(logger, mark, 'warn').match(/without a string name/g)?.length, GARBAGE_ENTRIES.length);
    await assertStillServing(app);
  });

  it('keeps the first of duplicate names, with a warning', async () => {
    const impostor = { ...weatherTool, description: 'impostor' };
    next = () => [weatherTool, impostor, impostor];
    const mark = logger.lines.length;
    const answer = await app.request('GET', '/tools');
    assert.deepEqual(
      answer.json.map((tool: Tool) => tool.description),
      [weatherTool.description],
    );
    assert.match(linesSince(logger, mark, 'warn'), /second tool named "get_weather"/);
    await assertStillServing(app);
  });

  it('serves a tool without an inputSchema with an empty object schema, and runs it', async () => {
    const bare = { name: 'bare', description: 'no schema' } as unknown as Tool;
    next = () => [bare];
    const detail = await app.request('GET', '/tools/bare');
    assert.equal(detail.status, 200);
    assert.deepEqual(detail.json.inputSchema, { type: 'object' });
    next = () => [bare];
    assert.equal((await app.request('POST', '/tools/bare/call', { body: '{}' })).status, 200);
  });
});
