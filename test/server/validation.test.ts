// POST /tools/{name}/validate: ajv with the draft each schema names, JSON Pointer paths, and answers that never run
// the tool.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tool } from '../../server/index.js';
import { startConsole, validatePath, weatherTool, type RunningConsole } from './helpers.js';

const tool = (name: string, inputSchema: Tool['inputSchema']): Tool => ({ name, description: name, inputSchema });

const tools: Tool[] = [
  weatherTool,
  tool('strict', {
    type: 'object',
    properties: {
      city: { type: 'string' },
      unit: { enum: ['c', 'f'] },
      email: { type: 'string', format: 'email' },
      address: { type: 'object', properties: { zip: { type: 'string', pattern: '^[0-9]{5}$' } }, required: ['zip'] },
      'a/b~c': { type: 'integer' },
    },
    required: ['city'],
    additionalProperties: false,
  }),
  tool('draft-07', {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
    definitions: { unused: { type: 'string' } },
  }),
  tool('2019-09', {
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    type: 'object',
    properties: { a: { type: 'string' } },
    dependentRequired: { a: ['b'] },
  }),
  tool('2020-12', {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
      node: { $ref: '#/$defs/node' },
    },
    $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } }, additionalProperties: false } },
  }),
  tool('no-draft-legacy-items', {
    type: 'object',
    properties: { pair: { type: 'array', items: [{ type: 'string' }] } },
  }),
  tool('draft-04', {
    $schema: 'http://json-schema.org/draft-04/schema#',
    type: 'object',
    properties: { n: { type: 'number' } },
  }),
  tool('unknown-formats', {
    type: 'object',
    properties: {
      blob: { type: 'string', format: 'json' },
      n: { type: 'string', format: 'cidrv4' },
      m: { type: 'string', format: 'cidrv4' },
    },
  }),
  tool('broken', { type: 'object', properties: { a: { type: 'no-such-type' } } }),
  tool('dangling-ref', { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }),
  tool('not-a-schema', 'just a string' as never),
];

describe('POST /tools/{name}/validate', () => {
  let app: RunningConsole;
  let handlerCalls = 0;
  before(async () => {
    app = await startConsole({
      tools,
      allowExecute: false, // validation is not gated by allowExecute...
      authHook: () => {}, // ...nor by the auth hook
      handleCall: async () => {
        handlerCalls += 1;
        return [[], false];
      },
    });
  });
  after(() => app.close());
  const validate = (name: string, body: unknown) =>
    app.request('POST', validatePath(name), { body: typeof body === 'string' ? body : JSON.stringify(body) });

  it('answers {"valid": true} with no errors key for valid arguments', async () => {
    const answer = await validate('get_weather', { city: 'Oslo' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.equal(answer.text, '{"valid":true}');
  });

  it('points a missing required field at the field itself', async () => {
    const answer = await validate('get_weather', {});
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, {
      valid: false,
      errors: [{ path: '/city', keyword: 'required', message: "must have required property 'city'" }],
    });
  });

  it('reports every error with JSON Pointer paths, escaping ~ and /', async () => {
    const answer = await validate('strict', {
      city: 3,
      unit: 'k',
      email: 'nope',
      address: { zip: 'abc' },
      'a/b~c': 1.5,
      extra: true,
    });
    const byPath = Object.fromEntries(
      answer.json.errors.map((error: { path: string; keyword: string }) => [error.path, error.keyword]),
    );
    assert.deepEqual(byPath, {
      '/city': 'type',
      '/unit': 'enum',
      '/email': 'format',
      '/address/zip': 'pattern',
      '/a~1b~0c': 'type',
      '/extra': 'additionalProperties',
    });
    assert.match(answer.json.errors.find((error: { path: string }) => error.path === '/unit').message, /"c", "f"/);
    assert.equal((await validate('strict', { address: {}, city: 'x' })).json.errors[0].path, '/address/zip');
  });

  it('compiles each schema with the draft its $schema names', async () => {
    assert.equal((await validate('draft-07', { pair: ['a', 1] })).text, '{"valid":true}');
    assert.equal((await validate('draft-07', { pair: [1, 1] })).json.errors[0].path, '/pair/0');
    assert.equal((await validate('2019-09', { a: 'x' })).json.errors[0].keyword, 'dependentRequired');
    assert.equal((await validate('2019-09', { a: 'x' })).json.errors[0].path, '/b');
    assert.equal((await validate('2020-12', { pair: ['a', 'b'] })).json.errors[0].path, '/pair/1');
    assert.equal(
      (await validate('2020-12', { node: { child: { child: { x: 1 } } } })).json.errors[0].path,
      '/node/child/child/x',
    );
    assert.equal((await validate('draft-04', { n: 'x' })).json.errors[0].path, '/n');
  });

  it('accepts a schema without $schema written for either draft', async () => {
    assert.equal((await validate('no-draft-legacy-items', { pair: [1] })).json.errors[0].path, '/pair/0');
    assert.equal((await validate('no-draft-legacy-items', { pair: ['a'] })).text, '{"valid":true}');
  });

  it('ignores unknown formats and mentions each one once, not on every request', async () => {
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await validate('unknown-formats', { blob: '{', n: 'x', m: 'y' })).text, '{"valid":true}');
    }
    const warnings = app.logger.lines.filter((line) => line.level === 'warn' && /unknown format/.test(line.text));
    assert.deepEqual(
      warnings.map((line) => /unknown format "([^"]+)"/.exec(line.text)?.[1]),
      ['json', 'cidrv4'],
    );
  });

  it('answers 400 with a format error for a body that is not JSON', async () => {
    for (const body of ['{nope', '']) {
      const answer = await validate('get_weather', body);
      assert.equal(answer.status, 400);
      assert.equal(answer.headers['content-type'], 'application/json');
      assert.equal(answer.json.valid, false);
      assert.equal(answer.json.errors.length, 1);
      assert.deepEqual(
        { ...answer.json.errors[0], message: undefined },
        { path: '', keyword: 'format', message: undefined },
      );
      assert.match(answer.json.errors[0].message, /^Invalid JSON: /);
    }
  });

  it('answers 200 with one schema error for a schema that does not compile', async () => {
    for (const name of ['broken', 'dangling-ref', 'not-a-schema']) {
      const answer = await validate(name, { a: 1 });
      assert.equal(answer.status, 200, name);
      assert.equal(answer.json.valid, false);
      assert.equal(answer.json.errors.length, 1);
      assert.equal(answer.json.errors[0].path, '');
      assert.equal(answer.json.errors[0].keyword, 'schema');
      assert.match(answer.json.errors[0].message, /^Invalid schema: /);
    }
  });

  it('answers 404 for an unknown tool and 405 for other methods', async () => {
    const answer = await validate('nope', {});
    assert.equal(answer.status, 404);
    assert.deepEqual(answer.json, { error: 'Tool not found: nope' });
    const wrong = await app.request('GET', validatePath('get_weather'));
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.allow, 'POST, OPTIONS');
  });

  it('never runs the tool handler, for valid or invalid arguments', async () => {
    const before = handlerCalls;
    assert.equal((await validate('get_weather', { city: 'Oslo' })).json.valid, true);
    assert.equal((await validate('get_weather', {})).json.valid, false);
    assert.equal(handlerCalls, before);
  });
});
