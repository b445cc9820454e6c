// The Tool-Output-Check header at its limits: a field of 300 characters stays whole and a longer one is cut, a verdict
// of exactly 4,096 characters goes out whole and a longer one loses errors from the end, a result of more than 1,000
// values gets its first error only, a check that throws leaves the answer without the header (and says so in the log),
// and values JSON writes as null count as null for uniqueItems.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CallResult, Tool } from '../../server/index.js';
import { OUTPUT_CHECK_HEADER } from '../../protocol/index.js';
import { callPath, startConsole, type RunningConsole } from './helpers.js';

const header = OUTPUT_CHECK_HEADER.toLowerCase();
const MAX_HEADER_CHARS = 4096;

/** The length of `value` as ASCII JSON: every character past U+007E written as a six-character `\uXXXX`. */
const asciiJsonLength = (value: unknown) => JSON.stringify(value).replace(/[\u007f-\uffff]/g, '\\uXXXX').length;

/** Keys whose type errors make a verdict of exactly `chars` characters (each key at most 299 characters). */
function keysForVerdictOf(chars: number): string[] {
  const keys = ['a', 'b', 'c', 'd'].map((letter) => `${letter}${'é'.repeat(150)}`);
  const verdict = (names: string[]) => ({
    valid: false,
    errors: names.map((name) => ({ path: `/${name}`, message: 'must be string', keyword: 'type' })),
  });
  let missing = chars - asciiJsonLength(verdict(keys));
  for (let index = 0; missing > 0; index++) {
    const pad = Math.min(missing, 148);
    keys[index] += 'x'.repeat(pad);
    missing -= pad;
  }
  assert.equal(asciiJsonLength(verdict(keys)), chars, 'the keys were padded to the size asked for');
  return keys;
}

const numbersUnder = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, 1]));
const fitting = keysForVerdictOf(MAX_HEADER_CHARS);
const overflowing = keysForVerdictOf(MAX_HEADER_CHARS + 1);
const key299 = 'k'.repeat(299);
const key300 = 'k'.repeat(300);
const twoStrings = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };

/** Each tool's outputSchema and the structuredContent it returns. */
const cases: Record<string, { schema: unknown; structured: Record<string, unknown> }> = {
  'fits-the-header': { schema: { additionalProperties: { type: 'string' } }, structured: numbersUnder(fitting) },
  'one-char-too-many': { schema: { additionalProperties: { type: 'string' } }, structured: numbersUnder(overflowing) },
  'path-of-300': { schema: { additionalProperties: false }, structured: { [key299]: 1 } },
  'path-of-301': { schema: { additionalProperties: false }, structured: { [key300]: 1 } },
  'values-1000': { schema: twoStrings, structured: { a: 1, b: 2, pad: Array(996).fill(0) } },
  'values-1001': { schema: twoStrings, structured: { a: 1, b: 2, pad: Array(997).fill(0) } },
  'null-and-undefined': {
    schema: { properties: { list: { type: 'array', uniqueItems: true } } },
    structured: { list: [null, undefined] },
  },
  // JSON writes the point through toJSON, but the check reads the schema's `x`, whose getter throws.
  'unreadable-field': {
    schema: { properties: { point: { type: 'object', properties: { x: { type: 'number' } } } } },
    structured: {
      point: {
        toJSON: () => ({ x: 1 }),
        get x(): number {
          throw new Error('x cannot be read');
        },
      },
    },
  },
};

describe('the output check header at its limits', () => {
  let app: RunningConsole;
  before(async () => {
    const tools = Object.entries(cases).map(([name, { schema }]): Tool => ({
      name,
      inputSchema: { type: 'object' },
      outputSchema: schema as never,
    }));
    app = await startConsole({
      tools,
      allowExecute: true,
      handleCall: (name): CallResult => ({ content: [], structuredContent: cases[name]!.structured }),
    });
  });
  after(() => app.close());

  async function verdictOf(tool: string) {
    const answer = await app.request('POST', callPath(tool), { body: '{}' });
    assert.equal(answer.status, 200, answer.text);
    const value = answer.headers[header];
    assert.equal(typeof value, 'string', `${tool}: no ${OUTPUT_CHECK_HEADER} header`);
    return { text: value as string, verdict: JSON.parse(value as string) };
  }

  it('sends a verdict of exactly 4,096 characters whole', async () => {
    const { text, verdict } = await verdictOf('fits-the-header');
    assert.equal(text.length, MAX_HEADER_CHARS);
    assert.deepEqual(verdict, {
      valid: false,
      errors: fitting.map((key) => ({ path: `/${key}`, message: 'must be string', keyword: 'type' })),
    });
  });

  it('drops errors from the end of a longer verdict until it fits, and says it did', async () => {
    const { text, verdict } = await verdictOf('one-char-too-many');
    assert.ok(text.length <= MAX_HEADER_CHARS, `${text.length} characters`);
    assert.deepEqual(verdict, {
      valid: false,
      errors: overflowing.slice(0, 3).map((key) => ({ path: `/${key}`, message: 'must be string', keyword: 'type' })),
      truncated: true,
    });
  });

  it('keeps a path of 300 characters whole and cuts a longer one', async () => {
    assert.equal((await verdictOf('path-of-300')).verdict.errors[0].path, `/${key299}`);
    assert.equal((await verdictOf('path-of-301')).verdict.errors[0].path, `/${key300.slice(0, 299)}...`);
  });

  it('lists every error of a result of 1,000 values, and only the first of 1,001', async () => {
    const both = [
      { path: '/a', message: 'must be string', keyword: 'type' },
      { path: '/b', message: 'must be string', keyword: 'type' },
    ];
    assert.deepEqual((await verdictOf('values-1000')).verdict, { valid: false, errors: both });
    assert.deepEqual((await verdictOf('values-1001')).verdict, {
      valid: false,
      errors: both.slice(0, 1),
      truncated: true,
    });
  });

  it('counts undefined in a list as the null JSON writes for it', async () => {
    assert.deepEqual((await verdictOf('null-and-undefined')).verdict, {
      valid: false,
      errors: [
        {
          path: '/list',
          message: 'must NOT have duplicate items (items ## 0 and 1 are identical)',
          keyword: 'uniqueItems',
        },
      ],
    });
  });

  it('answers with the result and no header when the check itself fails, and logs why', async () => {
    const answer = await app.request('POST', callPath('unreadable-field'), { body: '{}' });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, { content: [], isError: false, structuredContent: { point: { x: 1 } } });
    assert.equal(answer.headers[header], undefined);
    assert.match(
      app.logger.text('error'),
      /^tool-console: the result of "unreadable-field" could not be checked: Error: x cannot be read\n/,
    );
  });
});
