// Questions while a resource is read (POST /resources/read with Accept: text/event-stream), through both adapters:
// the reader's ctx.elicit reaches the page as a `request` event, answers go to POST /resources/requests/{id} with the
// statuses of a call's answers, and the stream ends with a `result` event holding the status and body the plain
// answer would have had. A plain caller's questions (a tool UI's read among them) are cancelled at once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ResourceReadContext } from '../../server/index.js';
import { EventReader } from '../support/event-stream.js';
import { ADAPTERS, startAdapter, type AdapterConsole } from './apps-harness.js';
import { postJson } from './helpers.js';

const requestedSchema = { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] };

/** `ask:` asks for a name, then answers a greeting for whoever answered; `fail:` fails with a 404. */
async function readResource(uri: string, _req: unknown, ctx: ResourceReadContext) {
  if (uri === 'fail:') throw Object.assign(new Error('no such resource'), { status: 404 });
  const answer = await ctx.elicit!({ message: 'Whom shall I greet?', requestedSchema });
  const text =
    answer.action === 'accept' ? `Hello ${String(answer.content?.name)}` : `(${answer.action}, ${ctx.caller})`;
  return { contents: [{ uri, mimeType: 'text/plain', text }] };
}

for (const adapter of ADAPTERS) {
  describe(`questions while reading a resource (${adapter})`, () => {
    let app: AdapterConsole;
    before(async () => {
      app = await startAdapter(adapter, { allowExecute: true, readResource, callTimeoutMs: 2_000 });
    });
    after(() => app.close());

    const post = (path: string, body: unknown, headers?: Record<string, string>) =>
      postJson(app.port, path, body, headers);
    const streamRead = (uri: string) => post('/resources/read', { uri }, { Accept: 'text/event-stream' });

    async function readUntilQuestion(uri: string) {
      const response = await streamRead(uri);
      assert.equal(response.status, 200);
      assert.match(String(response.headers.get('content-type')), /^text\/event-stream/);
      const reader = new EventReader(response.body!);
      const first = await reader.next();
      assert.equal(first?.event, 'request');
      const { id, kind, params } = first!.data as { id: string; kind: string; params: Record<string, unknown> };
      return { reader, id, kind, params, answerPath: `/resources/requests/${encodeURIComponent(id)}` };
    }

    it('should stream the question, take the answer and end with the contents as the result', async () => {
      const asked = await readUntilQuestion('ask:');
      assert.equal(asked.kind, 'elicitation');
      assert.deepEqual(asked.params, { mode: 'form', message: 'Whom shall I greet?', requestedSchema });
      const wrong = await post(asked.answerPath, { action: 'accept', content: { name: '' } });
      assert.equal(wrong.status, 400, 'content against the requested schema');
      assert.equal((await post(asked.answerPath, { action: 'accept', content: { name: 'Ada' } })).status, 204);
      const events = await asked.reader.rest();
      assert.deepEqual(events.at(-1), {
        event: 'result',
        data: { status: 200, result: { contents: [{ uri: 'ask:', mimeType: 'text/plain', text: 'Hello Ada' }] } },
      });
      const late = await post(asked.answerPath, { action: 'cancel' });
      assert.equal(late.status, 404, 'the question has gone with its read');
    });

    it("should answer 404 for a read's question on a prompt's or a tool's route, and 415 for a body not JSON", async () => {
      const asked = await readUntilQuestion('ask:');
      assert.equal((await post(`/prompts/x/requests/${asked.id}`, { action: 'cancel' })).status, 404);
      assert.equal((await post(`/tools/x/requests/${asked.id}`, { action: 'cancel' })).status, 404);
      assert.equal((await post('/resources/requests/nothing-asked', { action: 'cancel' })).status, 404);
      const text = await fetch(`http://127.0.0.1:${app.port}${asked.answerPath}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: '{"action":"decline"}',
      });
      assert.equal(text.status, 415);
      assert.equal((await post(asked.answerPath, { action: 'decline' })).status, 204);
      const result = (await asked.reader.rest()).at(-1)!.data as { result: { contents: { text: string }[] } };
      assert.equal(result.result.contents[0]!.text, '(decline, user)');
    });

    it("should end the stream with the reader's failure as the result, and cancel a plain caller's question", async () => {
      const failed = await streamRead('fail:');
      const events = await new EventReader(failed.body!).rest();
      assert.deepEqual(events, [{ event: 'result', data: { status: 404, result: { error: 'no such resource' } } }]);
      const plain = await post('/resources/read', { uri: 'ask:' }, { 'Tool-Caller': 'app' });
      assert.equal(plain.status, 200);
      assert.match(String(plain.headers.get('content-type')), /^application\/json/);
      assert.equal(((await plain.json()) as { contents: { text: string }[] }).contents[0]!.text, '(cancel, app)');
    });

    it('should answer the guards before any stream starts, as plain JSON', async () => {
      const bad = await post('/resources/read', { uri: '' }, { Accept: 'text/event-stream' });
      assert.equal(bad.status, 400);
      assert.deepEqual(await bad.json(), { error: 'The body must be {"uri": "<resource URI>"}.' });
    });
  });
}

describe('questions while reading a resource, execution off', () => {
  it('should refuse an answer with 403 like a call', async () => {
    const app = await startAdapter('node', { readResource });
    try {
      const answer = await app.request('POST', '/resources/requests/x', { body: '{"action":"cancel"}' });
      assert.equal(answer.status, 403);
      assert.deepEqual(answer.json, { error: 'Tool execution is disabled.' });
    } finally {
      await app.close();
    }
  });
});
