// Which JSON Schema draft validates a tool's arguments, seen through keywords the drafts disagree on:
// `dependentRequired` (2019-09 and later), `items` as an array (draft-07 and 2019-09) and `prefixItems` (2020-12).
// Also boolean and broken schemas, tools sharing an `$id`, and the cap on unknown-format warnings.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tool } from '../../server/index.js';
import { startConsole, validatePath, type RunningConsole } from './helpers.js';

const DRAFT = {
  '04': 'http://json-schema.org/draft-04/schema#',
  '07': 'http://json-schema.org/draft-07/schema#',
  '2019': 'https://json-schema.org/draft/2019-09/schema',
  '2020': 'https://json-schema.org/draft/2020-12/schema',
};

const dependent = { dependentRequired: { a: ['b'] } };
const tuple = { type: 'object', properties: { t: { type: 'array', items: [{ type: 'string' }] } } };
const prefixed = { type: 'object', properties: { t: { type: 'array', prefixItems: [{ type: 'string' }] } } };

const tools: Record<string, unknown> = {
  'dependent-04': { $schema: DRAFT['04'], ...dependent },
  'dependent-07': { $schema: DRAFT['07'], ...dependent },
  'dependent-2019': { $schema: DRAFT['2019'], ...dependent },
  'tuple-2019': { $schema: DRAFT['2019'], ...tuple },
  'tuple-2020': { $schema: DRAFT['2020'], ...tuple },
  'prefixed-custom': { $schema: 'https://example.com/my-meta-schema', ...prefixed },
  'prefixed-none': prefixed,
  'prefixed-number-schema': { $schema: 5, ...prefixed },
  always: true,
  never: false,
  'not-a-schema': ['type', 'object'],
  'same-id-a': { $id: 'https://example.com/args', type: 'object', required: ['a'] },
  'same-id-b': { $id: 'https://example.com/args', type: 'object', required: ['b'] },
  'same-id-c': { $id: 'https://example.com/args', type: 'object', required: ['c'] },
  'odd-key': { type: 'object', required: ['a/b~c'] },
};

describe('validation by draft', () => {
  let app: RunningConsole;
  before(async () => {
    const list = Object.entries(tools).map(
      ([name, inputSchema]) => ({ name, description: '', inputSchema }) as unknown as Tool,
    );
    app = await startConsole({ tools: list });
  });
  after(() => app.close());

  async function validate(tool: string, body: unknown) {
    const answer = await app.request('POST', validatePath(tool), {
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(answer.status, 200, answer.text);
    return answer.json;
  }

  it('enforces dependentRequired from 2019-09 on, and ignores it for draft-04 and draft-07', async () => {
    assert.deepEqual(await validate('dependent-2019', { a: 1 }), {
      valid: false,
      errors: [
        { path: '/b', message: 'must have property b when property a is present', keyword: 'dependentRequired' },
      ],
    });
    assert.deepEqual(await validate('dependent-04', { a: 1 }), { valid: true });
    assert.deepEqual(await validate('dependent-07', { a: 1 }), { valid: true });
  });

  it('reads items as a tuple in 2019-09, and calls it a broken schema in 2020-12', async () => {
    assert.equal((await validate('tuple-2019', { t: [1] })).errors[0].path, '/t/0');
    const broken = await validate('tuple-2020', { t: [1] });
    assert.equal(broken.valid, false);
    assert.equal(broken.errors.length, 1);
    assert.equal(broken.errors[0].keyword, 'schema');
    assert.match(broken.errors[0].message, /^Invalid schema: /);
  });

  it('validates with 2020-12 when $schema names no draft it knows, or is missing', async () => {
    for (const tool of ['prefixed-custom', 'prefixed-none', 'prefixed-number-schema']) {
      assert.equal((await validate(tool, { t: [1] })).errors?.[0]?.path, '/t/0', tool);
      assert.deepEqual(await validate(tool, { t: ['x'] }), { valid: true }, tool);
    }
  });

  it('takes boolean schemas at their word', async () => {
    assert.deepEqual(await validate('always', { anything: [1] }), { valid: true });
    assert.deepEqual(await validate('never', {}), {
      valid: false,
      errors: [{ path: '', message: 'boolean schema is false', keyword: 'false schema' }],
    });
  });

  it('says an inputSchema that is not a schema object is invalid', async () => {
    assert.deepEqual(await validate('not-a-schema', {}), {
      valid: false,
      errors: [{ path: '', keyword: 'schema', message: 'Invalid schema: inputSchema must be a JSON Schema object' }],
    });
  });

  it('keeps tools whose schemas share an $id apart', async () => {
    for (let round = 0; round < 2; round++) {
      assert.equal((await validate('same-id-a', {})).errors[0].path, '/a');
      assert.equal((await validate('same-id-b', {})).errors[0].path, '/b');
      assert.equal((await validate('same-id-c', {})).errors[0].path, '/c');
    }
  });

  it('escapes ~ and / in the pointer to a missing property', async () => {
    assert.equal((await validate('odd-key', {})).errors[0].path, '/a~1b~0c');
  });
});

describe('unknown formats', () => {
  it('are mentioned once each, for at most 100 formats', async () => {
    const properties = Object.fromEntries(
      Array.from({ length: 105 }, (_, i) => [`p${i}`, { type: 'string', format: `custom-${i}` }]),
    );
    const app = await startConsole({
      tools: [{ name: 'formats', description: '', inputSchema: { type: 'object', properties } }],
    });
    try {
      for (let round = 0; round < 2; round++) {
        await app.request('POST', validatePath('formats'), {
          body: '{}',
          headers: { 'Content-Type': 'application/json' },
        });
      }
      const warnings = app.logger.lines.filter((line) => line.level === 'warn').map((line) => line.text);
      assert.equal(warnings.length, 100);
      assert.equal(
        warnings[0],
        'tool-console: unknown format "custom-0" ignored in schema at path "#/properties/p0" (reported once)',
      );
    } finally {
      await app.close();
    }
  });
});
