// What POST /tools/{name}/validate reports at the edges of its rules: which draft a `$schema` picks (custom meta-schema
// URIs included), whose message a schema broken under every draft gets, where "every error" turns into "the first
// error" (1,000 values) and where the list is cut (50 errors), and `uniqueItems` as JSON Schema defines it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tool } from '../../server/index.js';
import { ArgumentValidator } from '../../server/core/calls/validation.js';
import { startConsole, validatePath, type RunningConsole } from './helpers.js';

const twoStrings = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
const names = (count: number) => Array.from({ length: count }, (_, i) => `field${i}`);
const uniqueList = { type: 'object', properties: { list: { type: 'array', uniqueItems: true } } };

const schemas: Record<string, unknown> = {
  // A custom meta-schema whose URI names a draft: validated with that draft, as any other custom URI is.
  'custom-2020-12': {
    $schema: 'https://example.com/schemas/2020-12/tool-arguments',
    type: 'object',
    properties: { t: { type: 'array', prefixItems: [{ type: 'string' }] } },
  },
  'custom-2019-09': {
    $schema: 'https://example.com/schemas/2019-09/tool-arguments',
    type: 'object',
    dependentRequired: { a: ['b'] },
  },
  // Tuple `items` (not 2020-12) together with dependentRequired (not draft-07): only 2019-09 itself reads both.
  'tuple-and-dependent-2019': {
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    type: 'object',
    properties: { t: { type: 'array', items: [{ type: 'string' }] } },
    dependentRequired: { a: ['b'] },
  },
  // Broken for 2020-12 (tuple `items`) and for draft-07 (`dependencies` must be an object): 2020-12's word counts.
  'broken-everywhere': { type: 'array', items: [{ type: 'string' }], dependencies: 5 },
  'two-strings': twoStrings,
  'fifty-required': { type: 'object', required: names(50) },
  'fifty-one-required': { type: 'object', required: names(51) },
  'unique-list': uniqueList,
  'unique-off': { type: 'object', properties: { list: { type: 'array', uniqueItems: false } } },
  'unique-anything': { type: 'object', properties: { value: { uniqueItems: true } } },
};

describe('validation reports', () => {
  let app: RunningConsole;
  before(async () => {
    const tools = Object.entries(schemas).map(([name, inputSchema]) => ({ name, inputSchema }) as unknown as Tool);
    app = await startConsole({ tools });
  });
  after(() => app.close());

  async function validate(tool: string, body: unknown) {
    const answer = await app.request('POST', validatePath(tool), { body: JSON.stringify(body) });
    assert.equal(answer.status, 200, answer.text);
    return answer.json;
  }

  it('validates with the draft a custom meta-schema URI names, instead of calling the schema broken', async () => {
    assert.deepEqual(await validate('custom-2020-12', { t: [1] }), {
      valid: false,
      errors: [{ path: '/t/0', keyword: 'type', message: 'must be string' }],
    });
    assert.deepEqual(await validate('custom-2019-09', { a: 1 }), {
      valid: false,
      errors: [
        { path: '/b', keyword: 'dependentRequired', message: 'must have property b when property a is present' },
      ],
    });
  });

  it('reads a 2019-09 schema with both its tuple items and its dependentRequired', async () => {
    assert.deepEqual(await validate('tuple-and-dependent-2019', { a: 1, t: [2] }), {
      valid: false,
      errors: [
        { path: '/t/0', keyword: 'type', message: 'must be string' },
        { path: '/b', keyword: 'dependentRequired', message: 'must have property b when property a is present' },
      ],
    });
  });

  it("gives a schema no draft can compile 2020-12's reason", async () => {
    assert.deepEqual(await validate('broken-everywhere', []), {
      valid: false,
      errors: [
        {
          path: '',
          keyword: 'schema',
          message: 'Invalid schema: schema is invalid: data/items must be object,boolean',
        },
      ],
    });
  });

  it('lists every error of arguments of 1,000 values, and only the first of 1,001', async () => {
    // The object, a, b, pad and pad's items: 4 + 996 values.
    const atLimit = { a: 1, b: 2, pad: Array(996).fill(0) };
    assert.deepEqual(await validate('two-strings', atLimit), {
      valid: false,
      errors: [
        { path: '/a', keyword: 'type', message: 'must be string' },
        { path: '/b', keyword: 'type', message: 'must be string' },
      ],
    });
    assert.deepEqual(await validate('two-strings', { ...atLimit, pad: Array(997).fill(0) }), {
      valid: false,
      errors: [{ path: '/a', keyword: 'type', message: 'must be string' }],
      truncated: true,
    });
  });

  it('lists 50 errors whole, and says when it cut the list at 50', async () => {
    const fifty = await validate('fifty-required', {});
    assert.deepEqual(Object.keys(fifty), ['valid', 'errors']);
    assert.deepEqual(
      fifty.errors.map((error: { path: string }) => error.path),
      names(50).map((name) => `/${name}`),
    );
    const cut = await validate('fifty-one-required', {});
    assert.equal(cut.truncated, true);
    assert.equal(cut.errors.length, 50);
  });

  it('calls items equal by value, arrays and objects apart, and ignores uniqueItems: false', async () => {
    assert.deepEqual(await validate('unique-list', { list: [{ a: 1, b: [2] }, 3, { b: [2], a: 1 }] }), {
      valid: false,
      errors: [
        {
          path: '/list',
          keyword: 'uniqueItems',
          message: 'must NOT have duplicate items (items ## 0 and 2 are identical)',
        },
      ],
    });
    for (const list of [
      [[1], { 0: 1 }],
      [[1], [2]],
      [
        [1, 23],
        [12, 3],
      ],
      [{ a: 1 }, { a: 2 }],
      ['1', 1],
    ]) {
      assert.deepEqual(await validate('unique-list', { list }), { valid: true }, JSON.stringify(list));
    }
    assert.deepEqual(await validate('unique-off', { list: [1, 1] }), { valid: true });
    assert.deepEqual(await validate('unique-anything', { value: 'aa' }), { valid: true });
  });
});

describe('ArgumentValidator, given what no tool list holds', () => {
  it('calls a null schema no schema at all', () => {
    const validator = new ArgumentValidator({ info() {}, warn() {}, error() {} });
    assert.deepEqual(validator.validate(null, {}, 1), {
      valid: false,
      errors: [{ path: '', keyword: 'schema', message: 'Invalid schema: inputSchema must be a JSON Schema object' }],
    });
  });
});
