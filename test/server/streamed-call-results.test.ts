// The `result` event that ends a streamed call (Accept: text/event-stream) carries what the plain answer would: its
// status, its body, and the output check the plain answer sends in its header, for tools that declare an outputSchema.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CallResult, Tool } from '../../server/index.js';
import { EventReader } from '../support/event-stream.js';
import { callPath, startConsole, type RunningConsole } from './helpers.js';

const answerSchema = { type: 'object', properties: { answer: { type: 'number' } }, required: ['answer'] };
const checked = (name: string): Tool => ({ name, inputSchema: { type: 'object' }, outputSchema: answerSchema });

const results: Record<string, CallResult> = {
  matches: { content: [], structuredContent: { answer: 42 } },
  mismatches: { content: [], structuredContent: { answer: 'forty-two' } },
  unchecked: { content: [{ type: 'text', text: 'plain' }] },
  'error-result': { content: [{ type: 'text', text: 'broken' }], isError: true },
};

describe('the result event of a streamed call', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({
      tools: [checked('matches'), checked('mismatches'), checked('error-result'), { name: 'unchecked' }],
      allowExecute: true,
      handleCall: (name) => results[name]!,
    });
  });
  after(() => app.close());

  /** The events of a streamed call of `tool`. */
  async function streamed(tool: string) {
    const answer = await app.request('POST', callPath(tool), { body: '{}', headers: { Accept: 'text/event-stream' } });
    assert.equal(answer.status, 200);
    assert.match(String(answer.headers['content-type']), /^text\/event-stream/);
    return new EventReader(new Response(answer.text).body!).rest();
  }

  it('carries the output check of a result that matches its schema', async () => {
    assert.deepEqual(await streamed('matches'), [
      {
        event: 'result',
        data: { status: 200, result: { ...results.matches, isError: false }, outputCheck: { valid: true } },
      },
    ]);
  });

  it('carries the errors of a result that does not', async () => {
    assert.deepEqual(await streamed('mismatches'), [
      {
        event: 'result',
        data: {
          status: 200,
          result: { ...results.mismatches, isError: false },
          outputCheck: { valid: false, errors: [{ path: '/answer', message: 'must be number', keyword: 'type' }] },
        },
      },
    ]);
  });

  it('carries no check for a tool without an outputSchema, nor for an error result', async () => {
    assert.deepEqual(await streamed('unchecked'), [
      { event: 'result', data: { status: 200, result: { ...results.unchecked, isError: false } } },
    ]);
    assert.deepEqual(await streamed('error-result'), [
      { event: 'result', data: { status: 500, result: results['error-result'] } },
    ]);
  });
});
