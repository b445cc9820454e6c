// Questions while a prompt is got (POST /prompts/{name}/get with Accept: text/event-stream), through both adapters:
// the getter's ctx.elicit and ctx.sample reach the page as `request` events, answers go to
// POST /prompts/{name}/requests/{id} with the statuses of a call's answers, and the stream ends with a `result`
// event holding the status and body the plain answer would have had. A plain caller's questions are cancelled at once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { PromptContext, PromptSummary } from '../../server/index.js';
import { EventReader } from '../support/event-stream.js';
import { ADAPTERS, startAdapter, type AdapterConsole } from './apps-harness.js';
import { postJson } from './helpers.js';

const prompts: PromptSummary[] = [{ name: 'greet / asking' }, { name: 'plain' }];
const requestedSchema = { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] };

/** Asks for a name, then greets whoever answered (or says what the user did instead). */
async function getPrompt(name: string, _args: Record<string, string>, _req: unknown, ctx: PromptContext) {
  if (name === 'plain') throw Object.assign(new Error('no such luck'), { status: 400 });
  const answer = await ctx.elicit({ message: 'Whom shall I greet?', requestedSchema });
  const text = answer.action === 'accept' ? `Hello ${String(answer.content?.name)}` : `(${answer.action})`;
  return { messages: [{ role: 'user', content: { type: 'text', text } }] };
}

const getPath = (name: string) => `/prompts/${encodeURIComponent(name)}/get`;

for (const adapter of ADAPTERS) {
  describe(`questions while getting a prompt (${adapter})`, () => {
    let app: AdapterConsole;
    before(async () => {
      app = await startAdapter(adapter, { allowExecute: true, prompts, getPrompt, callTimeoutMs: 2_000 });
    });
    after(() => app.close());

    const post = (path: string, body: unknown, headers?: Record<string, string>) =>
      postJson(app.port, path, body, headers);

    async function getUntilQuestion(name: string) {
      const response = await post(getPath(name), { arguments: {} }, { Accept: 'text/event-stream' });
      assert.equal(response.status, 200);
      assert.match(String(response.headers.get('content-type')), /^text\/event-stream/);
      const reader = new EventReader(response.body!);
      const first = await reader.next();
      assert.equal(first?.event, 'request');
      const { id, kind, params } = first!.data as { id: string; kind: string; params: Record<string, unknown> };
      return { reader, id, kind, params, answerPath: `/prompts/${encodeURIComponent(name)}/requests/${id}` };
    }

    it('should stream the question, take the answer and end with the messages as the result', async () => {
      const asked = await getUntilQuestion('greet / asking');
      assert.equal(asked.kind, 'elicitation');
      assert.deepEqual(asked.params, { mode: 'form', message: 'Whom shall I greet?', requestedSchema });
      const wrong = await post(asked.answerPath, { action: 'accept', content: { name: '' } });
      assert.equal(wrong.status, 400, 'content against the requested schema');
      assert.equal(((await wrong.json()) as { errors: { path: string }[] }).errors[0]!.path, '/name');
      assert.equal((await post(asked.answerPath, { action: 'accept', content: { name: 'Ada' } })).status, 204);
      const events = await asked.reader.rest();
      assert.deepEqual(events.at(-1), {
        event: 'result',
        data: { status: 200, result: { messages: [{ role: 'user', content: { type: 'text', text: 'Hello Ada' } }] } },
      });
      const late = await post(asked.answerPath, { action: 'cancel' });
      assert.equal(late.status, 404, 'the question has gone with its request');
    });

    it("should answer 404 for a question of another prompt or a tool's route, and 415 for a body not JSON", async () => {
      const asked = await getUntilQuestion('greet / asking');
      assert.equal((await post(`/prompts/plain/requests/${asked.id}`, { action: 'cancel' })).status, 404);
      assert.equal((await post(`/tools/weather/requests/${asked.id}`, { action: 'cancel' })).status, 404);
      const text = await fetch(`http://127.0.0.1:${app.port}${asked.answerPath}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: '{"action":"decline"}',
      });
      assert.equal(text.status, 415);
      assert.equal((await post(asked.answerPath, { action: 'decline' })).status, 204);
      const result = (await asked.reader.rest()).at(-1)!.data as {
        result: { messages: { content: { text: string } }[] };
      };
      assert.equal(result.result.messages[0]!.content.text, '(decline)');
    });

    it("should end the stream with the getter's failure as the result, and cancel a plain caller's question", async () => {
      const failed = await post(getPath('plain'), {}, { Accept: 'text/event-stream' });
      const events = await new EventReader(failed.body!).rest();
      assert.deepEqual(events, [{ event: 'result', data: { status: 400, result: { error: 'no such luck' } } }]);
      const plain = await post(getPath('greet / asking'), {});
      assert.equal(plain.status, 200);
      assert.deepEqual(await plain.json(), {
        messages: [{ role: 'user', content: { type: 'text', text: '(cancel)' } }],
      });
    });
  });
}

describe('questions while getting a prompt, execution off', () => {
  it('should refuse an answer with 403 like a call', async () => {
    const app = await startAdapter('node', { prompts, getPrompt });
    try {
      const answer = await app.request('POST', '/prompts/plain/requests/x', { body: '{"action":"cancel"}' });
      assert.equal(answer.status, 403);
      assert.deepEqual(answer.json, { error: 'Tool execution is disabled.' });
    } finally {
      await app.close();
    }
  });
});
