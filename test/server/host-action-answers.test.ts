// How a host action (here a resource read and a prompt get) turns its body and the host's work into an answer: a body
// that is not JSON gets the action's own 400, a reader's failure is logged under what it was reading, the console
// failing to put the host's answer into words is a 500 that points at the log, and a time limit is a 504 that says
// which limit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startConsole, type RunningConsole } from './helpers.js';

describe('a host action, from its body to its answer', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({
      allowExecute: true,
      callTimeoutMs: 150,
      readResource: (uri) => {
        if (uri === 'fail:') throw new Error('the disk is gone');
        return { contents: [{ uri, text: 'hello' }] };
      },
      prompts: [{ name: 'unreadable' }, { name: 'slow' }],
      getPrompt: (name) =>
        name === 'slow'
          ? new Promise(() => {})
          : {
              get messages(): never {
                throw new Error('messages cannot be read');
              },
            },
    });
  });
  after(() => app.close());

  const errorsSince = (before: number) =>
    app.logger.lines.slice(before).map((line) => `${line.level}: ${line.text.split('\n')[0]}`);

  it("answers a body that is not JSON with the action's own 400", async () => {
    const answer = await app.request('POST', '/resources/read', { body: '{"uri": ' });
    assert.deepEqual([answer.status, answer.json], [400, { error: 'The body must be {"uri": "<resource URI>"}.' }]);
  });

  it('logs a failure under what the host was doing, named from the body', async () => {
    const before = app.logger.lines.length;
    const answer = await app.request('POST', '/resources/read', { body: '{"uri": "fail:"}' });
    assert.deepEqual([answer.status, answer.json], [502, { error: 'the disk is gone' }]);
    assert.deepEqual(errorsSince(before), ['warn: tool-console: reading "fail:" failed: Error: the disk is gone']);
  });

  it("answers 500 when the console cannot put the host's answer into words, and logs why", async () => {
    const before = app.logger.lines.length;
    const answer = await app.request('POST', '/prompts/unreadable/get', { body: '{}' });
    assert.deepEqual([answer.status, answer.json], [500, { error: 'The console failed to answer; its log says why.' }]);
    assert.deepEqual(errorsSince(before), [
      'error: tool-console: getting prompt "unreadable" failed inside the console: Error: messages cannot be read',
    ]);
  });

  it('answers 504 naming the limit when the host takes too long, and logs it', async () => {
    const before = app.logger.lines.length;
    const answer = await app.request('POST', '/prompts/slow/get', { body: '{}' });
    assert.deepEqual([answer.status, answer.json], [504, { error: 'The prompt did not finish within 150 ms.' }]);
    assert.deepEqual(errorsSince(before), [
      'warn: tool-console: getting prompt "slow" took longer than 150 ms (callTimeoutMs)',
    ]);
  });
});
