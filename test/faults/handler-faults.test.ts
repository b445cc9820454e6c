// Tool handlers that misbehave in every way a host's code can: throwing values that are not Errors, returning
// garbage or results JSON cannot express, hanging. Each gets a clear isError result, the reason is logged, and the
// next request is served normally.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ToolCallHandler } from '../../server/index.js';
import { callPath, startConsole, type RunningConsole } from '../server/helpers.js';
import { assertStillServing, inspectingLogger, linesSince } from './still-serving.js';

const cycle: Record<string, unknown> = { type: 'text', text: 'loop' };
cycle.again = cycle;

const throwingToString = {
  toString: () => {
    throw new Error('no description');
  },
};

/** What each mode throws: the value, and the text the result must carry. */
const THROWN: Record<string, [value: unknown, text: string | RegExp]> = {
  'a string': ['plain string failure', 'plain string failure'],
  null: [null, 'null'],
  undefined: [undefined, 'undefined'],
  'a number': [42, '42'],
  'a symbol': [Symbol('odd'), 'Symbol(odd)'],
  'a plain object': [{ code: 'E_BAD', detail: 'bad input' }, /E_BAD/],
  'an object with a message': [{ message: 'looks like an error' }, 'looks like an error'],
  'an object whose toString throws': [throwingToString, /cannot be described/],
  'an Error without a message': [new RangeError(), 'RangeError'],
};

/** What each mode returns, none of it a valid result. */
const RETURNED: Record<string, unknown> = {
  'nothing (undefined)': undefined,
  'a bare number': 7,
  'a bare string': 'done',
  'an empty array': [],
  'a four-element array': [[], false, 'trace', 'extra'],
  'content that is a string': { content: 'text' },
  'content items that are null': [[null], false],
  'content items without a type': { content: [{ text: 'x' }] },
  'structuredContent that is an array': { content: [], structuredContent: [1] },
};

/** Results that are well shaped but cannot be turned into JSON. */
const UNSERIALISABLE: Record<string, unknown> = {
  'a cyclic content item': [[cycle], false],
  'a BigInt in structuredContent': { content: [], structuredContent: { big: 10n } },
  'a toJSON that throws': [
    [
      {
        type: 'text',
        text: 'x',
        toJSON: () => {
          throw new Error('toJSON refused');
        },
      },
    ],
    false,
  ],
};

describe('faulty tool handlers', () => {
  let app: RunningConsole;
  const logger = inspectingLogger();
  const handleCall: ToolCallHandler = async (_name, args) => {
    const mode = String(args.mode);
    if (mode in THROWN) throw THROWN[mode]![0];
    if (mode in RETURNED) return RETURNED[mode] as never;
    if (mode in UNSERIALISABLE) return UNSERIALISABLE[mode] as never;
    if (mode === 'hang') return new Promise(() => {});
    return [[{ type: 'text', text: 'fine' }], false];
  };
  before(async () => {
    app = await startConsole({ allowExecute: true, handleCall, callTimeoutMs: 150, logger });
  });
  after(() => app.close());

  async function callWith(mode: string) {
    const mark = logger.lines.length;
    const answer = await app.request('POST', callPath('get_weather'), { body: JSON.stringify({ mode }) });
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.equal(answer.json.isError, true, answer.text);
    assert.equal(answer.json.content.length, 1);
    assert.equal(answer.json.content[0].type, 'text');
    return { answer, text: answer.json.content[0].text as string, mark };
  }

  for (const [label, [, expected]] of Object.entries(THROWN)) {
    it(`answers 500 with the thrown value described when a handler throws ${label}`, async () => {
      const { answer, text, mark } = await callWith(label);
      assert.equal(answer.status, 500);
      if (typeof expected === 'string') assert.equal(text, expected);
      else assert.match(text, expected);
      assert.match(linesSince(logger, mark, 'error'), /get_weather.*threw/);
      await assertStillServing(app);
    });
  }

  for (const label of Object.keys(RETURNED)) {
    it(`answers 500 "malformed result" when a handler returns ${label}`, async () => {
      const { answer, text, mark } = await callWith(label);
      assert.equal(answer.status, 500);
      assert.match(text, /^The tool handler returned a malformed result: .+\.$/);
      assert.match(linesSince(logger, mark, 'error'), /malformed result/);
      await assertStillServing(app);
    });
  }

  for (const label of Object.keys(UNSERIALISABLE)) {
    it(`answers 500 "could not be serialised" when a handler returns ${label}`, async () => {
      const { answer, text, mark } = await callWith(label);
      assert.equal(answer.status, 500);
      assert.match(text, /^The tool result could not be serialised to JSON: /);
      assert.match(linesSince(logger, mark, 'error'), /not serialisable/);
      await assertStillServing(app);
    });
  }

  it('answers 504 when a handler hangs forever, logs the timeout, and keeps serving', async () => {
    const { answer, text, mark } = await callWith('hang');
    assert.equal(answer.status, 504);
    assert.equal(text, 'The tool call timed out after 150 ms.');
    assert.match(linesSince(logger, mark, 'warn'), /timed out/);
    await assertStillServing(app);
  });
});
