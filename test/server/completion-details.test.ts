// POST /completion in detail: the bodies it refuses (each with the message that says what a body must be), the
// context it hands the completer exactly as given, which of the completer's `total` and `hasMore` reach the page, the
// 100-value cut at its edge, the completer's signal, and the log lines that name what failed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CompletionRequest } from '../../server/index.js';
import { startConsole, type RunningConsole } from './helpers.js';

const BAD_BODY =
  'The body must be {"ref": {"type": "ref/prompt", "name": "<prompt>"} or {"type": "ref/resource", "uri": ' +
  '"<URI template>"}, "argument": {"name": "<argument>", "value": "<typed so far>"}, "context"?: {"arguments": ' +
  '{"<argument>": "<value>"}}}.';

const prompt = { type: 'ref/prompt', name: 'team' };
const argument = { name: 'who', value: '' };

/** What the completer answers for the argument's value: a JSON text of its result, or a way to fail. */
function completer(request: CompletionRequest, _req: unknown, { signal }: { signal: AbortSignal }) {
  const { value } = request.argument;
  if (value === 'crash') throw new Error('the index is gone');
  if (value === 'junk') return { values: 'Ada' } as never;
  if (value === 'wait') return new Promise<never>((_resolve, reject) => signal.addEventListener('abort', reject));
  if (value.startsWith('count:')) {
    return { values: Array.from({ length: Number(value.slice(6)) }, (_, index) => `v${index}`) };
  }
  return JSON.parse(value);
}

describe('POST /completion in detail', () => {
  let app: RunningConsole;
  const seen: { request: CompletionRequest; signal: AbortSignal }[] = [];
  before(async () => {
    app = await startConsole({
      allowExecute: true,
      callTimeoutMs: 100,
      complete: (request, req, options) => (
        seen.push({ request, signal: options.signal }),
        completer(request, req, options)
      ),
    });
  });
  after(() => app.close());
  const complete = (body: unknown) => app.request('POST', '/completion', { body: JSON.stringify(body) });
  const answered = (result: unknown) =>
    complete({ ref: prompt, argument: { name: 'who', value: JSON.stringify(result) } });

  it('should refuse every body that is not a completion request with 400 and the shape it must have', async () => {
    const bodies = [
      null,
      'text',
      { ref: prompt },
      { ref: prompt, argument: { name: 1, value: '' } },
      { ref: prompt, argument: { value: '' } },
      { ref: null, argument },
      { ref: { type: 'ref/prompt', name: 1 }, argument },
      { ref: { type: 'ref/prompt' }, argument },
      { ref: { type: 'ref/tool', uri: 'file:///{x}' }, argument },
      { ref: { type: 'ref/resource', uri: 7 }, argument },
      { ref: { type: 'ref/resource' }, argument },
      { ref: prompt, argument, context: 'Sales' },
      { ref: prompt, argument, context: { arguments: { department: 'Sales', size: 3 } } },
    ];
    for (const body of bodies) {
      const answer = await complete(body);
      assert.deepEqual([answer.status, answer.json], [400, { error: BAD_BODY }], JSON.stringify(body));
    }
    assert.equal(seen.length, 0);
  });

  it('should hand the completer a context as given: none for null, empty for one without arguments', async () => {
    const forms: [unknown, unknown][] = [
      [null, undefined],
      [{}, {}],
      [{ arguments: {} }, { arguments: {} }],
      [{ arguments: { department: 'Sales' } }, { arguments: { department: 'Sales' } }],
    ];
    for (const [context, given] of forms) {
      const answer = await complete({ ref: prompt, argument: { name: 'who', value: '{"values":["Ada"]}' }, context });
      assert.deepEqual(
        [answer.status, answer.json],
        [200, { completion: { values: ['Ada'] } }],
        JSON.stringify(context),
      );
      assert.deepEqual(seen.at(-1)!.request.context, given, JSON.stringify(context));
    }
  });

  it('should pass on a total that is a whole number of at least 0 and a boolean hasMore, and drop the rest', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { total: 0, hasMore: false },
        { total: 0, hasMore: false },
      ],
      [
        { total: 12, hasMore: true },
        { total: 12, hasMore: true },
      ],
      [{ total: -1, hasMore: 'yes' }, {}],
      [{ total: 2.5, hasMore: 1 }, {}],
      [{ total: '3', hasMore: null }, {}],
    ];
    for (const [given, kept] of cases) {
      const answer = await answered({ values: ['Ada'], ...given });
      assert.deepEqual(answer.json, { completion: { values: ['Ada'], ...kept } }, JSON.stringify(given));
    }
  });

  it('should say there are more only when it cuts values off, past 100', async () => {
    const hundred = await complete({ ref: prompt, argument: { name: 'who', value: 'count:100' } });
    assert.equal(hundred.json.completion.values.length, 100);
    assert.equal(hundred.json.completion.hasMore, undefined);
    const more = await complete({ ref: prompt, argument: { name: 'who', value: 'count:101' } });
    assert.equal(more.json.completion.values.length, 100);
    assert.equal(more.json.completion.values.at(-1), 'v99');
    assert.equal(more.json.completion.hasMore, true);
  });

  it('should give the completer a signal that fires when the time limit ends it', async () => {
    const answer = await complete({ ref: prompt, argument: { name: 'who', value: 'wait' } });
    assert.deepEqual([answer.status, answer.json], [504, { error: 'The completion did not finish within 100 ms.' }]);
    const { signal } = seen.at(-1)!;
    assert.equal(signal.aborted, true);
    assert.equal((signal.reason as DOMException).name, 'TimeoutError');
    assert.deepEqual(app.logger.lines.at(-1), {
      level: 'warn',
      text: 'tool-console: completing an argument took longer than 100 ms (callTimeoutMs)',
    });
  });

  it('should log what failed: the completer crashing, or answering without values', async () => {
    const crashed = await complete({ ref: prompt, argument: { name: 'who', value: 'crash' } });
    assert.deepEqual([crashed.status, crashed.json], [502, { error: 'the index is gone' }]);
    // Each line is logged before the answer is written.
    assert.match(
      app.logger.lines.at(-1)!.text,
      /^tool-console: completing an argument failed: Error: the index is gone/,
    );
    const junk = await complete({ ref: prompt, argument: { name: 'who', value: 'junk' } });
    assert.equal(junk.status, 502);
    assert.deepEqual(app.logger.lines.at(-1), {
      level: 'warn',
      text: 'tool-console: the completer returned no {values: [...]}: [object Object]',
    });
  });
});
