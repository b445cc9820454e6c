// POST /prompts/{name}/get in detail: a body without arguments (absent or null) gets the prompt with none, messages
// that are not JSON are a 502 that says so, a failing prompt list is the answer (the getter never runs), and the log
// names the prompt whose getter failed, took too long or returned no messages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ListPageRequest } from '../../server/index.js';
import { startConsole, type RunningConsole } from './helpers.js';

const getPath = (name: string) => `/prompts/${encodeURIComponent(name)}/get`;

/** A getter that does what the prompt's name says, and remembers the arguments it got. */
function getter(seen: Record<string, string>[]) {
  return (name: string, args: Record<string, string>) => {
    seen.push(args);
    if (name === 'crash') throw new Error('the template engine crashed');
    if (name === 'wait') return new Promise<never>(() => {});
    if (name === 'nothing') return { text: 'no messages' };
    // A BigInt is no JSON: JSON.stringify throws on it.
    if (name === 'bigint') return { messages: [{ role: 'user', content: { type: 'text', text: 'n' }, n: 10n }] };
    return { messages: [{ role: 'user', content: { type: 'text', text: `Hi ${args.who ?? 'you'}` } }] };
  };
}

describe('POST /prompts/{name}/get in detail', () => {
  let app: RunningConsole;
  const seen: Record<string, string>[] = [];
  before(async () => {
    app = await startConsole({
      allowExecute: true,
      callTimeoutMs: 100,
      prompts: ['greet', 'crash', 'wait', 'nothing', 'bigint'].map((name) => ({ name })),
      getPrompt: getter(seen) as never,
    });
  });
  after(() => app.close());
  const get = (name: string, body: string) => app.request('POST', getPath(name), { body });

  it('should get a prompt with no arguments for a body without them, or with null', async () => {
    for (const body of ['{}', '{"arguments": null}']) {
      const answer = await get('greet', body);
      assert.equal(answer.status, 200, body);
      assert.equal(answer.json.messages[0].content.text, 'Hi you', body);
      assert.deepEqual(seen.at(-1), {}, body);
    }
  });

  it('should answer 502 for messages that are not JSON, and log which prompt sent them', async () => {
    const answer = await get('bigint', '{}');
    assert.deepEqual(
      [answer.status, answer.json],
      [502, { error: 'The prompt getter returned messages that are not JSON.' }],
    );
    // Each line is logged before the answer is written.
    assert.match(
      app.logger.lines.at(-1)!.text,
      /^tool-console: the messages of prompt "bigint" are not JSON: TypeError: .*BigInt/,
    );
  });

  it('should log the prompt whose getter failed, took too long, or returned no messages', async () => {
    assert.equal((await get('crash', '{}')).status, 502);
    assert.match(
      app.logger.lines.at(-1)!.text,
      /^tool-console: getting prompt "crash" failed: Error: the template engine crashed/,
    );
    assert.equal((await get('wait', '{}')).status, 504);
    assert.equal(
      app.logger.lines.at(-1)!.text,
      'tool-console: getting prompt "wait" took longer than 100 ms (callTimeoutMs)',
    );
    assert.equal((await get('nothing', '{}')).status, 502);
    assert.equal(
      app.logger.lines.at(-1)!.text,
      'tool-console: the prompt getter returned no messages for "nothing": [object Object]',
    );
  });
});

describe('POST /prompts/{name}/get when the prompt list fails', () => {
  it("should answer the list's failure, and never run the getter", async () => {
    let got = 0;
    const app = await startConsole({
      allowExecute: true,
      prompts: (_page: ListPageRequest) => ({ items: [] }) as never,
      getPrompt: () => (got++, { messages: [] }),
    });
    try {
      const answer = await app.request('POST', getPath('greet'), { body: '{}' });
      assert.deepEqual(
        [answer.status, answer.json],
        [502, { error: 'The prompts provider returned no {"prompts": [...]}.' }],
      );
      assert.equal(got, 0);
    } finally {
      await app.close();
    }
  });
});
