// A tool without an inputSchema (absent or null) is shown with {"type":"object"} and takes any object: its detail,
// validation and call agree. A schema that is present but not a JSON Schema is still reported as broken.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tool } from '../../server/index.js';
import { callPath, startConsole, validatePath, type RunningConsole } from './helpers.js';

const tools = [
  { name: 'no-schema', description: 'A tool that declares no inputSchema' },
  { name: 'null-schema', description: 'A tool whose inputSchema is null', inputSchema: null },
  { name: 'string-schema', description: 'A tool whose inputSchema is not a schema', inputSchema: 'object' },
] as unknown as Tool[];

const SCHEMALESS = ['no-schema', 'null-schema'];

describe('a tool without inputSchema', () => {
  let app: RunningConsole;
  const received: unknown[] = [];
  before(async () => {
    app = await startConsole({
      tools,
      allowExecute: true,
      handleCall: async (_name, args) => {
        received.push(args);
        return [[{ type: 'text', text: 'ran' }], false];
      },
    });
  });
  after(() => app.close());

  for (const name of SCHEMALESS) {
    it(`${name}: the detail shows {"type":"object"}`, async () => {
      const detail = await app.request('GET', `/tools/${name}`);
      assert.equal(detail.status, 200);
      assert.deepEqual(detail.json.inputSchema, { type: 'object' });
    });

    it(`${name}: any object validates as valid, with no errors key`, async () => {
      for (const body of ['{}', '{"city":"Oslo","days":[1,2],"nested":{"deep":null}}']) {
        const answer = await app.request('POST', validatePath(name), { body });
        assert.equal(answer.status, 200);
        assert.equal(answer.text, '{"valid":true}', body);
      }
    });

    it(`${name}: arguments that are not an object are invalid, as the shown schema says`, async () => {
      const answer = await app.request('POST', validatePath(name), { body: '[1,2]' });
      assert.equal(answer.status, 200);
      assert.equal(answer.json.valid, false);
      assert.deepEqual(
        answer.json.errors.map((error: { keyword: string }) => error.keyword),
        ['type'],
      );
    });

    it(`${name}: a call passes its arguments through`, async () => {
      received.length = 0;
      const answer = await app.request('POST', callPath(name), { body: '{"anything":true}' });
      assert.equal(answer.status, 200);
      assert.deepEqual(received, [{ anything: true }]);
    });
  }

  it('reports a present inputSchema that is not a JSON Schema as broken, and shows it as it is', async () => {
    const detail = await app.request('GET', '/tools/string-schema');
    assert.equal(detail.json.inputSchema, 'object');
    const answer = await app.request('POST', validatePath('string-schema'), { body: '{}' });
    assert.equal(answer.status, 200);
    assert.equal(answer.json.valid, false);
    assert.equal(answer.json.errors[0].keyword, 'schema');
  });
});
