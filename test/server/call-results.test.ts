// What a caller reads for each shape a tool handler returns or throws: the result passed on, or an isError result
// whose text names exactly what was wrong.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ToolCallHandler } from '../../server/index.js';
import { callPath, startConsole, type RunningConsole } from './helpers.js';

class Unreadable {
  toString() {
    return 'custom failure';
  }
}

/** What the handler returns (or throws, for `thrown`), by the `case` argument of the call. */
const RETURNED: Record<string, unknown> = {
  'isError as a string': [[{ type: 'text', text: 'x' }], 'yes'],
  'a numeric trace id': [[], false, 42],
  'an object trace id': [[], false, { id: 1 }],
  '_meta as an array': { content: [], _meta: ['x'] },
  '_meta as a string': { content: [], _meta: 'x' },
  'structuredContent as a string': { content: [], structuredContent: 'x' },
  'content as an object': { content: { type: 'text' } },
  'a numeric content type': [[{ type: 'text', text: 'a' }, { type: 7 }], false],
  'a one-element array': [[]],
  'a bare boolean': true,
  null: null,
  'isError as a string in an object': { content: [], isError: 'no' },
};

const THROWN: Record<string, unknown> = {
  'an Error without a message but with fields': Object.assign(new Error(''), { code: 'E_X' }),
  'an object whose message is a number': { message: 42 },
  'an object whose message is empty': { message: '', code: 'E_Y' },
  'an object with only a toString': new Unreadable(),
};

describe('the result of a call', () => {
  let app: RunningConsole;
  const handleCall: ToolCallHandler = (_name, args) => {
    const which = String(args.case);
    if (which in THROWN) throw THROWN[which];
    return RETURNED[which] as never;
  };
  before(async () => {
    app = await startConsole({ allowExecute: true, handleCall });
  });
  after(() => app.close());

  async function call(which: string) {
    const answer = await app.request('POST', callPath('get_weather'), {
      body: JSON.stringify({ case: which }),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(answer.status, 500, answer.text);
    assert.equal(answer.json.isError, true);
    return answer.json.content[0].text as string;
  }

  const malformed: [string, string][] = [
    ['isError as a string', 'isError is not a boolean'],
    ['isError as a string in an object', 'isError is not a boolean'],
    ['a numeric trace id', 'its trace id is not a string'],
    ['an object trace id', 'its trace id is not a string'],
    ['_meta as an array', '_meta is not an object'],
    ['_meta as a string', '_meta is not an object'],
    ['structuredContent as a string', 'structuredContent is not an object'],
    ['content as an object', 'its content is not an array'],
    ['a numeric content type', 'content[1] is not a content object with a string "type"'],
    ['a one-element array', 'expected [content, isError, traceId?] or a CallToolResult object'],
    ['a bare boolean', 'expected [content, isError, traceId?] or a CallToolResult object'],
    ['null', 'expected [content, isError, traceId?] or a CallToolResult object'],
  ];
  for (const [which, reason] of malformed) {
    it(`names what is wrong with ${which}`, async () => {
      assert.equal(await call(which), `The tool handler returned a malformed result: ${reason}.`);
    });
  }

  const described: [string, string][] = [
    ['an Error without a message but with fields', 'Error'],
    ['an object whose message is a number', '{"message":42}'],
    ['an object whose message is empty', '{"message":"","code":"E_Y"}'],
    ['an object with only a toString', 'custom failure'],
  ];
  for (const [which, text] of described) {
    it(`describes ${which} thrown by the handler as "${text}"`, async () => {
      assert.equal(await call(which), text);
    });
  }
});

describe('trace ids and isError in a tuple', () => {
  it('omits _meta for an empty or null trace id, and reads a missing isError as false', async () => {
    const results: Record<string, unknown> = {
      empty: [[{ type: 'text', text: 'a' }], false, ''],
      null: [[{ type: 'text', text: 'a' }], false, null],
      traced: [[{ type: 'text', text: 'a' }], false, 'abc'],
      object: { content: [{ type: 'text', text: 'a' }] },
    };
    const app = await startConsole({
      allowExecute: true,
      handleCall: (_name, args) => results[String(args.which)] as never,
    });
    try {
      const answers = await Promise.all(
        Object.keys(results).map((which) =>
          app.request('POST', callPath('get_weather'), {
            body: JSON.stringify({ which }),
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      );
      assert.deepEqual(
        answers.map((answer) => [answer.status, answer.json]),
        [
          [200, { content: [{ type: 'text', text: 'a' }], isError: false }],
          [200, { content: [{ type: 'text', text: 'a' }], isError: false }],
          [200, { content: [{ type: 'text', text: 'a' }], isError: false, _meta: { _trace_id: 'abc' } }],
          [200, { content: [{ type: 'text', text: 'a' }], isError: false }],
        ],
      );
    } finally {
      await app.close();
    }
  });
});
