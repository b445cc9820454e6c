// POST /resources/subscribe and /resources/unsubscribe in detail: the body they refuse (with the shape it must have),
// and the messages that tell the two apart: the 504's, and the log line of a subscriber that failed or took too long.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startConsole, type RunningConsole } from './helpers.js';

const BAD_BODY = 'The body must be {"uri": "<resource URI>"}.';

/** A subscriber that does what the URI says: fail, never finish, or subscribe. */
function subscriber(uri: string): void | Promise<void> {
  if (uri === 'file:///crash') throw new Error(`the watcher is gone (${uri})`);
  if (uri === 'file:///wait') return new Promise<never>(() => {});
}

describe('resource subscriptions in detail', () => {
  let app: RunningConsole;
  const given: string[] = [];
  before(async () => {
    app = await startConsole({
      allowExecute: true,
      callTimeoutMs: 100,
      subscribeResource: (uri) => (given.push(`+${uri}`), subscriber(uri)),
      unsubscribeResource: (uri) => (given.push(`-${uri}`), subscriber(uri)),
    });
  });
  after(() => app.close());
  const post = (path: string, uri: unknown) => app.request('POST', path, { body: JSON.stringify({ uri }) });

  it('should refuse a body without a URI, or with an empty one, with 400 and the shape it must have', async () => {
    for (const path of ['/resources/subscribe', '/resources/unsubscribe']) {
      for (const uri of ['', 7, undefined]) {
        const answer = await post(path, uri);
        assert.deepEqual([answer.status, answer.json], [400, { error: BAD_BODY }], `${path} ${JSON.stringify(uri)}`);
      }
    }
    assert.deepEqual(given, []);
  });

  it('should say which of the two did not finish in time, in the answer and in the log', async () => {
    const subscribing = await post('/resources/subscribe', 'file:///wait');
    assert.deepEqual(
      [subscribing.status, subscribing.json],
      [504, { error: 'The subscription did not finish within 100 ms.' }],
    );
    // Each line is logged before the answer is written.
    assert.equal(
      app.logger.lines.at(-1)!.text,
      'tool-console: subscribing to a resource took longer than 100 ms (callTimeoutMs)',
    );
    const ending = await post('/resources/unsubscribe', 'file:///wait');
    assert.deepEqual(
      [ending.status, ending.json],
      [504, { error: 'Ending the subscription did not finish within 100 ms.' }],
    );
    assert.equal(
      app.logger.lines.at(-1)!.text,
      'tool-console: unsubscribing from a resource took longer than 100 ms (callTimeoutMs)',
    );
  });

  it('should log which of the two failed', async () => {
    for (const [path, doing] of [
      ['/resources/subscribe', 'subscribing to'],
      ['/resources/unsubscribe', 'unsubscribing from'],
    ]) {
      const answer = await post(path, 'file:///crash');
      assert.deepEqual([answer.status, answer.json], [502, { error: 'the watcher is gone (file:///crash)' }]);
      const { text } = app.logger.lines.at(-1)!;
      assert.ok(text.startsWith(`tool-console: ${doing} a resource failed: Error: the watcher is gone`), text);
    }
    assert.deepEqual(given.slice(-2), ['+file:///crash', '-file:///crash']);
  });
});
