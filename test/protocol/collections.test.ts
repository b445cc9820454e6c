// The collection file (protocol/collections.ts): what parses, where a wrong file is wrong, `--expect` flags both ways,
// `${env.NAME}` filling, and expectations checked against results. The JSON Schema in docs/ must accept and refuse
// the same files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  envNamesOfCall,
  expectationFailure,
  expectationToFlag,
  fillEnv,
  formatProblem,
  parseCollection,
  parseExpectationFlag,
  type CollectionFile,
  type Expectation,
} from '../../protocol/index.js';

const good: CollectionFile = {
  version: 1,
  name: 'smoke',
  server: { url: 'https://mcp.example/mcp', headers: { Authorization: 'Bearer ${env.MCP_TOKEN}' } },
  calls: [
    { name: 'echo', tool: 'echo', arguments: { message: 'hi ${env.USER_NAME}' }, expect: [{ isError: false }] },
    {
      name: 'sum',
      tool: 'get-sum',
      arguments: { a: 2, b: 3 },
      expect: [
        { pointer: '/content/0/text', matches: '5' },
        { pointer: '/structuredContent/result', equals: 5 },
      ],
      server: { stdio: 'npx -y @modelcontextprotocol/server-everything' },
    },
    { name: 'typed', tool: 'structured', arguments: {}, expect: [{ outputSchema: true }] },
  ],
};

const schema = JSON.parse(readFileSync(new URL('../../../docs/collection.schema.json', import.meta.url), 'utf8'));
const validateBySchema = new Ajv2020({ allErrors: true, strict: false }).compile(schema);

/** The problems of a file, as the CLI prints them. */
function problemsOf(file: unknown): string[] {
  const parsed = parseCollection(JSON.stringify(file));
  return parsed.ok ? [] : parsed.problems.map(formatProblem);
}

describe('collection files', () => {
  it('reads a good file as it is, and the JSON Schema accepts it', () => {
    const parsed = parseCollection(JSON.stringify(good));
    assert.deepEqual(parsed, { ok: true, collection: good });
    assert.equal(validateBySchema(good), true, JSON.stringify(validateBySchema.errors));
  });

  it('says where a file is wrong, and the JSON Schema refuses the same files', () => {
    const cases: [unknown, string][] = [
      [
        { ...good, calls: [...good.calls.slice(0, 2), { ...good.calls[2], expect: [{ pointer: 'x', equals: 1 }] }] },
        'calls/2/expect/0: pointer must start with /',
      ],
      [{ ...good, version: 2 }, 'version: must be 1'],
      [{ version: 1 }, 'calls: must be an array of calls'],
      [{ version: 1, calls: [{ name: 'a', tool: '', arguments: {} }] }, 'calls/0/tool: must be a non-empty string'],
      [
        { version: 1, calls: [{ name: 'a', tool: 't', arguments: [] }] },
        "calls/0/arguments: must be an object (the tool's arguments)",
      ],
      [
        { version: 1, calls: [{ name: 'a', tool: 't', arguments: {}, expect: [{ pointer: '/a' }] }] },
        'calls/0/expect/0: give either "equals" or "matches"',
      ],
      [
        { version: 1, calls: [{ name: 'a', tool: 't', arguments: {}, expect: [{ isError: true }] }] },
        'calls/0/expect/0/isError: must be false',
      ],
      [
        { version: 1, calls: [{ name: 'a', tool: 't', arguments: {}, server: { url: 'ftp://x' } }] },
        'calls/0/server/url: must be an http:// or https:// URL',
      ],
      [
        { version: 1, calls: [{ name: 'a', tool: 't', arguments: {}, extra: 1 }] },
        'calls/0/extra: unknown field (expected one of name, tool, arguments, expect, server)',
      ],
    ];
    for (const [file, problem] of cases) {
      assert.deepEqual(problemsOf(file), [problem]);
      assert.equal(validateBySchema(file), false, `the schema accepts ${JSON.stringify(file)}`);
    }
  });

  it('refuses what only the parser can see: bad JSON, duplicate names, a broken pattern, variables out of place', () => {
    const parsed = parseCollection('{"version": 1, "calls": [');
    assert.equal(parsed.ok, false);
    assert.match(
      formatProblem((parsed as { problems: { path: string; message: string }[] }).problems[0]!),
      /^not JSON: /,
    );
    const call = { name: 'a', tool: 't', arguments: {} };
    assert.deepEqual(problemsOf({ version: 1, calls: [call, call] }), [
      'calls/1/name: "a" is already the name of calls/0',
    ]);
    assert.match(
      problemsOf({ version: 1, calls: [{ ...call, expect: [{ pointer: '/a', matches: '(' }] }] })[0]!,
      /^calls\/0\/expect\/0\/matches: not a regular expression/,
    );
    assert.deepEqual(problemsOf({ version: 1, server: { stdio: 'server --key ${env.KEY}' }, calls: [] }), [
      'server/stdio: variables (${env.NAME}) are filled only in arguments and header values',
    ]);
  });

  it('fills ${env.NAME} in arguments and headers, names the missing ones, and keeps $${ literal', () => {
    assert.deepEqual(envNamesOfCall(good.calls[0]!, good.server), ['USER_NAME', 'MCP_TOKEN']);
    const env: Record<string, string> = { USER_NAME: 'Ada' };
    const filled = fillEnv(
      { message: 'hi ${env.USER_NAME}', raw: '$${env.USER_NAME}', n: [1, '${env.NOPE}'] },
      (name) => env[name],
    );
    assert.deepEqual(filled, { value: { message: 'hi Ada', raw: '${env.USER_NAME}', n: [1, ''] }, missing: ['NOPE'] });
  });

  it('writes every expectation as a --expect flag and reads it back', () => {
    const expectations: Expectation[] = [
      { pointer: '/structuredContent/sum', equals: 5 },
      { pointer: '/structuredContent/who', equals: { name: 'x' } },
      { pointer: '/content/0/text', matches: '^Echo: .*' },
      { outputSchema: true },
      { isError: false },
    ];
    for (const expectation of expectations)
      assert.deepEqual(parseExpectationFlag(expectationToFlag(expectation)), expectation);
    assert.deepEqual(parseExpectationFlag('/content/0/text=hello'), { pointer: '/content/0/text', equals: 'hello' });
    assert.match((parseExpectationFlag('content=1') as { error: string }).error, /expected \/pointer=<json>/);
  });

  it('checks results against expectations with a message that says what differed', () => {
    const result = {
      content: [{ type: 'text', text: 'The sum is 5' }],
      structuredContent: { sum: 5, who: { a: 1, b: 2 } },
    };
    assert.equal(expectationFailure({ pointer: '/structuredContent/sum', equals: 5 }, result), undefined);
    assert.equal(expectationFailure({ pointer: '/structuredContent/who', equals: { b: 2, a: 1 } }, result), undefined);
    assert.equal(
      expectationFailure({ pointer: '/structuredContent/sum', equals: 6 }, result),
      '/structuredContent/sum: expected 6, got 5',
    );
    assert.equal(
      expectationFailure({ pointer: '/content/1/text', equals: 'x' }, result),
      '/content/1/text: nothing there',
    );
    assert.equal(expectationFailure({ pointer: '/content/0/text', matches: 'sum is \\d' }, result), undefined);
    assert.equal(
      expectationFailure({ pointer: '/content/0/text', matches: '^7' }, result),
      '/content/0/text: "The sum is 5" does not match /^7/',
    );
    assert.equal(expectationFailure({ isError: false }, { ...result, isError: true }), 'isError is true: The sum is 5');
    assert.equal(expectationFailure({ outputSchema: true }, result, []), undefined);
    assert.equal(expectationFailure({ outputSchema: true }, result), 'the tool has no outputSchema to match');
    assert.equal(
      expectationFailure({ outputSchema: true }, result, ['/sum: must be string']),
      'does not match the outputSchema: /sum: must be string',
    );
  });
});
