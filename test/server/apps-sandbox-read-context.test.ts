// The reader's ctx in a streamed read (server/core/sandbox/resource-read.ts), through both adapters: progress and
// log lines reach the page as events, its form, model and URL questions are asked and answered as a call's are, and
// a URL question the reader reports complete closes on its own.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ResourceReadContext } from '../../server/index.js';
import { EventReader } from '../support/event-stream.js';
import { ADAPTERS, startAdapter, type AdapterConsole } from './apps-harness.js';
import { postJson } from './helpers.js';

const requestedSchema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
const messages = [{ role: 'user' as const, content: { type: 'text' as const, text: 'Describe the resource.' } }];
const modelReply = {
  role: 'assistant',
  content: { type: 'text', text: 'A page.' },
  model: 'human',
  stopReason: 'endTurn',
};

/** Uses every voice of its ctx in turn, and answers what each question was answered. */
async function readResource(uri: string, _req: unknown, ctx: ResourceReadContext) {
  ctx.progress!(1, 4, 'opening');
  ctx.log!('info', { opened: uri }, 'reader');
  const form = await ctx.elicit!({ message: 'Whose resource?', requestedSchema });
  const model = await ctx.sample!({ messages, maxTokens: 20 });
  const link = ctx.elicit!({
    mode: 'url',
    message: 'Sign in.',
    url: 'https://auth.example/start',
    elicitationId: 'e-9',
  });
  // The sign-in finished elsewhere: the reader says so, and the question closes answered.
  ctx.elicitationComplete!('e-9');
  const text = JSON.stringify({ form, model, link: await link });
  return { contents: [{ uri, mimeType: 'application/json', text }] };
}

for (const adapter of ADAPTERS) {
  describe(`the reader's ctx in a streamed read (${adapter})`, () => {
    let app: AdapterConsole;
    before(async () => {
      app = await startAdapter(adapter, { allowExecute: true, readResource, callTimeoutMs: 2_000 });
    });
    after(() => app.close());

    const post = (path: string, body: unknown, headers?: Record<string, string>) =>
      postJson(app.port, path, body, headers);

    /** The next event, which must be a question of `kind`; answered with `answer`. */
    async function answerQuestion(reader: EventReader, kind: string, answer: unknown) {
      const event = await reader.next();
      assert.equal(event?.event, 'request');
      const question = event.data as { id: string; kind: string; params: Record<string, unknown> };
      assert.equal(question.kind, kind);
      const answered = await post(`/resources/requests/${encodeURIComponent(question.id)}`, answer);
      assert.equal(answered.status, 204);
      return question;
    }

    it('should stream its progress and log, ask its questions, and end with what they were answered', async () => {
      const response = await post('/resources/read', { uri: 'doc:1' }, { Accept: 'text/event-stream' });
      assert.equal(response.status, 200);
      const reader = new EventReader(response.body!);
      assert.deepEqual(await reader.next(), {
        event: 'progress',
        data: { progress: 1, total: 4, message: 'opening' },
      });
      assert.deepEqual(await reader.next(), {
        event: 'log',
        data: { level: 'info', logger: 'reader', data: { opened: 'doc:1' } },
      });
      const form = await answerQuestion(reader, 'elicitation', { action: 'accept', content: { name: 'Ada' } });
      assert.equal(form.params.message, 'Whose resource?');
      const sampled = await answerQuestion(reader, 'sampling', { action: 'accept', result: modelReply });
      assert.deepEqual(sampled.params.messages, messages);
      const link = await reader.next();
      assert.equal(link?.event, 'request');
      const { id, params } = link.data as { id: string; params: Record<string, unknown> };
      assert.equal(params.url, 'https://auth.example/start');
      assert.deepEqual(await reader.next(), { event: 'request-closed', data: { id, reason: 'completed' } });
      const result = (await reader.rest()).at(-1)!;
      assert.equal(result.event, 'result');
      const { status, result: body } = result.data as { status: number; result: { contents: { text: string }[] } };
      assert.equal(status, 200);
      assert.deepEqual(JSON.parse(body.contents[0]!.text), {
        form: { action: 'accept', content: { name: 'Ada' } },
        model: { action: 'accept', result: modelReply },
        link: { action: 'accept' },
      });
    });
  });
}
