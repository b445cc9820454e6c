// F2: GET /tools and GET /tools/{name}, and the three shapes of tools provider.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tool } from '../../server/index.js';
import { deleteTool, startConsole, weatherTool, type RunningConsole } from './helpers.js';

const oddNames = ['a/b', 'ns.tool', 'with space', 'météo ☀️', '100%', '?#&'];
const richTool: Tool = {
  name: 'rich',
  title: 'Rich tool',
  description: 'Has every optional field.',
  inputSchema: { type: 'object' },
  outputSchema: { type: 'object', properties: { n: { type: 'number' } } },
  annotations: { destructiveHint: true },
};
const nullsTool = {
  name: 'nulls',
  description: 'Optional fields set to null.',
  inputSchema: { type: 'object' },
  title: null,
  outputSchema: null,
  annotations: null,
};

describe('GET /tools with a static list', () => {
  let app: RunningConsole;
  before(async () => {
    const tools = [
      weatherTool,
      deleteTool,
      richTool,
      nullsTool,
      ...oddNames.map((name) => ({ name, description: name, inputSchema: {} })),
    ];
    app = await startConsole({ tools });
  });
  after(() => app.close());

  it('returns every tool summary with its fields, as JSON', async () => {
    const answer = await app.request('GET', '/tools');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.equal(answer.headers['x-content-type-options'], 'nosniff');
    assert.deepEqual(answer.json.slice(0, 3), [
      {
        name: 'get_weather',
        description: 'Fetch current weather for a city.',
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
      { name: 'delete_record', description: 'Delete a record by ID.' },
      {
        name: 'rich',
        description: 'Has every optional field.',
        title: 'Rich tool',
        annotations: { destructiveHint: true },
      },
    ]);
    assert.equal(answer.json.length, 4 + oddNames.length);
  });

  it('omits absent or null optional fields instead of sending null', async () => {
    const answer = await app.request('GET', '/tools');
    const nulls = answer.json.find((tool: Tool) => tool.name === 'nulls');
    assert.deepEqual(nulls, { name: 'nulls', description: 'Optional fields set to null.' });
    assert.ok(!answer.text.includes(':null'));
    assert.ok(!('annotations' in answer.json[1]));
  });

  it('answers HEAD with the headers and no body', async () => {
    const answer = await app.request('HEAD', '/tools');
    assert.equal(answer.status, 200);
    assert.equal(answer.text, '');
    assert.ok(Number(answer.headers['content-length']) > 0);
  });

  it('GET /tools/{name} returns the detail with inputSchema', async () => {
    const answer = await app.request('GET', '/tools/get_weather');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.deepEqual(answer.json, weatherTool);
  });

  it('includes title and outputSchema when present, omits them when null', async () => {
    assert.deepEqual((await app.request('GET', '/tools/rich')).json, richTool);
    const nulls = await app.request('GET', '/tools/nulls');
    assert.deepEqual(nulls.json, {
      name: 'nulls',
      description: 'Optional fields set to null.',
      inputSchema: { type: 'object' },
    });
  });

  it('answers 404 with the exact error for an unknown tool', async () => {
    const answer = await app.request('GET', '/tools/nope');
    assert.equal(answer.status, 404);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.deepEqual(answer.json, { error: 'Tool not found: nope' });
  });

  it('finds tools whose names contain /, dots, spaces and Unicode, as one encoded segment', async () => {
    for (const name of oddNames) {
      const answer = await app.request('GET', `/tools/${encodeURIComponent(name)}`);
      assert.equal(answer.status, 200, name);
      assert.equal(answer.json.name, name);
    }
    assert.deepEqual((await app.request('GET', '/tools/a%2Fb%20c')).json, { error: 'Tool not found: a/b c' });
  });

  it('does not mistake a raw slash for part of a name', async () => {
    const answer = await app.request('GET', '/tools/a/b');
    assert.equal(answer.status, 404);
    assert.deepEqual(answer.json, { error: 'Not found.' });
  });

  it('never resolves names through the prototype chain', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const answer = await app.request('GET', `/tools/${name}`);
      assert.equal(answer.status, 404, name);
      assert.deepEqual(answer.json, { error: `Tool not found: ${name}` });
    }
  });
});

describe('tools providers', () => {
  it('calls a sync provider on every request and shows each answer', async () => {
    let calls = 0;
    const app = await startConsole({
      tools: () => {
        calls += 1;
        return calls === 1 ? [weatherTool] : [weatherTool, deleteTool];
      },
    });
    try {
      assert.equal((await app.request('GET', '/tools')).json.length, 1);
      assert.equal((await app.request('GET', '/tools')).json.length, 2);
      assert.equal((await app.request('GET', '/tools/delete_record')).status, 200);
      assert.equal(calls, 3);
    } finally {
      await app.close();
    }
  });

  it('resolves an async provider, called on every request', async () => {
    let calls = 0;
    const app = await startConsole({
      tools: async () => {
        calls += 1;
        await new Promise((resolve) => setImmediate(resolve));
        return [weatherTool];
      },
    });
    try {
      assert.deepEqual(
        (await app.request('GET', '/tools')).json.map((tool: Tool) => tool.name),
        ['get_weather'],
      );
      assert.equal((await app.request('GET', '/tools/get_weather')).json.inputSchema.required[0], 'city');
      assert.equal((await app.request('GET', '/tools/delete_record')).status, 404);
      assert.equal(calls, 3);
    } finally {
      await app.close();
    }
  });

  it('notices a tool replaced in a new array and a tool appended to the same array', async () => {
    let tools: Tool[] = [weatherTool];
    const app = await startConsole({ tools: () => tools });
    try {
      assert.equal((await app.request('GET', '/tools/get_weather')).status, 200);
      tools = [{ ...weatherTool, description: 'Changed.' }];
      assert.equal((await app.request('GET', '/tools/get_weather')).json.description, 'Changed.');
      tools.push(deleteTool);
      assert.equal((await app.request('GET', '/tools')).json.length, 2);
    } finally {
      await app.close();
    }
  });

  it('answers a generic 500 when the provider fails, logs why, and keeps serving', async () => {
    let fail = true;
    const app = await startConsole({
      tools: () => {
        if (fail) throw new Error('database password is hunter2');
        return [weatherTool];
      },
    });
    try {
      const answer = await app.request('GET', '/tools');
      assert.equal(answer.status, 500);
      assert.deepEqual(answer.json, { error: 'Internal Server Error' });
      assert.match(app.logger.text('error'), /hunter2/);
      fail = false;
      assert.equal((await app.request('GET', '/tools')).status, 200);
    } finally {
      await app.close();
    }
  });

  it('answers a generic 500 when the provider returns something other than an array', async () => {
    const app = await startConsole({ tools: (() => ({ tools: [] })) as never });
    try {
      const answer = await app.request('GET', '/tools');
      assert.equal(answer.status, 500);
      assert.deepEqual(answer.json, { error: 'Internal Server Error' });
      assert.match(app.logger.text('error'), /expected an array/);
    } finally {
      await app.close();
    }
  });

  it('skips tools without a string name and keeps the first of duplicate names, with a warning', async () => {
    const app = await startConsole({
      tools: [{ description: 'x' } as Tool, weatherTool, { ...weatherTool, description: 'dup' }],
    });
    try {
      const answer = await app.request('GET', '/tools');
      assert.deepEqual(
        answer.json.map((tool: Tool) => tool.description),
        [weatherTool.description],
      );
      assert.match(app.logger.text('warn'), /without a string name/);
      assert.match(app.logger.text('warn'), /second tool named "get_weather"/);
    } finally {
      await app.close();
    }
  });
});
