// What a call answers for each kind of value a handler throws: the error result's text is the value's own message,
// never "[object Object]" nor "undefined", whatever the value.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { callPath, startConsole, type RunningConsole } from './helpers.js';

class Unnamed extends Error {
  override name = 'UnnamedFailure';
}

/** What each tool throws, and the text its error result must carry. */
const thrown: Record<string, { value: () => unknown; text: string }> = {
  error: { value: () => new Error('disk full'), text: 'disk full' },
  'error-without-message': { value: () => new Unnamed(), text: 'UnnamedFailure' },
  string: { value: () => 'plain words', text: 'plain words' },
  'error-like': { value: () => ({ message: 'from another realm', code: 7 }), text: 'from another realm' },
  'plain-object': { value: () => ({ code: 7, reason: 'quota' }), text: '{"code":7,"reason":"quota"}' },
  number: { value: () => 42, text: '42' },
  // Nothing JSON can write (toJSON answers undefined): its own toString speaks for it.
  'json-less': {
    value: () => ({ toJSON: () => undefined, toString: () => 'described by toString' }),
    text: 'described by toString',
  },
  'empty-json': { value: () => ({ toString: () => 'only a toString' }), text: 'only a toString' },
  unprintable: {
    value: () => ({
      toJSON() {
        throw new Error('no JSON');
      },
    }),
    text: 'The tool handler failed with a value that cannot be described.',
  },
};

describe('values a tool handler throws', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({
      tools: Object.keys(thrown).map((name) => ({ name, inputSchema: { type: 'object' } })),
      allowExecute: true,
      handleCall: (name) => {
        throw thrown[name]!.value();
      },
    });
  });
  after(() => app.close());

  for (const [name, { text }] of Object.entries(thrown)) {
    it(`answers 500 with ${JSON.stringify(text)} for ${name}`, async () => {
      const answer = await app.request('POST', callPath(name), { body: '{}' });
      assert.deepEqual([answer.status, answer.json], [500, { content: [{ type: 'text', text }], isError: true }]);
    });
  }
});
