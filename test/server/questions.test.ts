// Questions back to the user (ctx.elicit) through both adapters: the `request` event, answers through
// POST /tools/{name}/requests/{id} with every status the README promises, and questions that close with their call.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createAdaptorServer } from '@hono/node-server';
import { createFetchHandler } from '../../server/fetch.js';
import {
  createServer,
  type CallContext,
  type ElicitAnswer,
  type Tool,
  type ToolConsoleOptions,
} from '../../server/index.js';
import { EventReader } from '../support/event-stream.js';
import { close, listen } from '../support/listen.js';
import { recordingLogger } from './helpers.js';

const tools: Tool[] = ['ask', 'ask-url', 'ask-twice', 'ask-model'].map((name) => ({
  name,
  inputSchema: { type: 'object' },
}));
const requestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, title: 'Your name' },
    age: { type: 'integer', minimum: 0, default: 30 },
  },
  required: ['name'],
};
const said = (answer: ElicitAnswer) => ({ content: [{ type: 'text', text: JSON.stringify(answer) }] });

interface Harness {
  port: number;
  /** Resolves with what the tool's signal said when it fired. */
  aborted: Promise<unknown>;
  close(): Promise<void>;
}

async function start(adapter: 'node' | 'fetch', extra: Partial<ToolConsoleOptions<unknown>> = {}): Promise<Harness> {
  let reportAbort: (reason: unknown) => void = () => {};
  const aborted = new Promise((resolve) => (reportAbort = resolve));
  const handleCall = async (name: string, _args: unknown, _req: unknown, ctx: CallContext) => {
    ctx.signal.addEventListener('abort', () => reportAbort((ctx.signal.reason as Error).message));
    if (name === 'ask') {
      const first = await ctx.elicit({ message: 'Who are you?', requestedSchema });
      // A user who declines is asked once more, so the call is still running when the first answer comes again.
      if (first.action === 'decline') await ctx.elicit({ message: 'Sure?', requestedSchema: { type: 'object' } });
      return said(first);
    }
    if (name === 'ask-url') {
      const answer = await ctx.elicit({
        mode: 'url',
        message: 'Sign in, please.',
        url: 'https://auth.example/start',
        elicitationId: 'e-1',
      });
      // The web page reports back (here at once): the page's question closes.
      ctx.elicitationComplete('e-1');
      return said(answer);
    }
    if (name === 'ask-model') {
      const messages = [{ role: 'user' as const, content: { type: 'text', text: 'Say hi' } }];
      // `secret` is not MCP's: it must not reach the page.
      return said((await ctx.sample({ messages, maxTokens: 50, systemPrompt: 'Be brief.', secret: 'x' })) as never);
    }
    // ask-twice: the first question is withdrawn by the tool before anyone answers.
    const withdraw = new AbortController();
    const first = ctx.elicit({ message: 'First?', requestedSchema: { type: 'object' } }, { signal: withdraw.signal });
    withdraw.abort();
    return said(await first);
  };
  const options = { tools, handleCall, allowExecute: true, logger: recordingLogger(), ...extra };
  const server: Server =
    adapter === 'node'
      ? createServer(options as ToolConsoleOptions)
      : (createAdaptorServer({ fetch: createFetchHandler(options as ToolConsoleOptions<Request>) }) as Server);
  const port = await listen(server);
  return { port, aborted, close: () => close(server) };
}

function post(port: number, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Starts a streamed call and reads up to its first question. */
async function callUntilQuestion(port: number, tool: string, signal?: AbortSignal) {
  const response = await fetch(`http://127.0.0.1:${port}/tools/${tool}/call`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: '{}',
    signal,
  });
  const reader = new EventReader(response.body!);
  const question = await reader.next();
  assert.equal(question?.event, 'request');
  const { id, kind, params } = question!.data as { id: string; kind: string; params: Record<string, unknown> };
  return { reader, id, kind, params, answerPath: `/tools/${tool}/requests/${encodeURIComponent(id)}` };
}

const resultOf = async (reader: EventReader) => {
  const events = await reader.rest();
  return events.at(-1)!.data as { status: number; result: { content: { text: string }[] } };
};

for (const adapter of ['node', 'fetch'] as const) {
  describe(`questions back to the user (${adapter} adapter)`, () => {
    let harness: Harness;
    before(async () => (harness = await start(adapter)));
    after(() => harness.close());

    it('should send a form question as a request event and give the tool the accepted content', async () => {
      const asked = await callUntilQuestion(harness.port, 'ask');
      assert.equal(asked.kind, 'elicitation');
      assert.deepEqual(asked.params, { mode: 'form', message: 'Who are you?', requestedSchema });
      const answered = await post(harness.port, asked.answerPath, {
        action: 'accept',
        content: { name: 'Ada', age: 36 },
      });
      assert.equal(answered.status, 204);
      const { status, result } = await resultOf(asked.reader);
      assert.equal(status, 200);
      assert.deepEqual(JSON.parse(result.content[0].text), { action: 'accept', content: { name: 'Ada', age: 36 } });
    });

    it('should refuse content that does not match the schema with 400 and JSON Pointer errors, and keep the question open', async () => {
      const asked = await callUntilQuestion(harness.port, 'ask');
      const wrong = await post(harness.port, asked.answerPath, { action: 'accept', content: { age: -1 } });
      assert.equal(wrong.status, 400);
      const body = (await wrong.json()) as { error: string; errors: { path: string; keyword: string }[] };
      assert.equal(body.error, 'The answer does not match the requested schema.');
      assert.deepEqual(body.errors.map((error) => [error.path, error.keyword]).sort(), [
        ['/age', 'minimum'],
        ['/name', 'required'],
      ]);
      assert.equal((await post(harness.port, asked.answerPath, { action: 'decline' })).status, 204);
      const sure = (await asked.reader.next())!.data as { id: string; params: { message: string } };
      assert.equal(sure.params.message, 'Sure?');
      const again = await post(harness.port, asked.answerPath, { action: 'cancel' });
      assert.equal(again.status, 409);
      assert.deepEqual(await again.json(), { error: 'This question has been answered already.' });
      assert.equal((await post(harness.port, `/tools/ask/requests/${sure.id}`, { action: 'accept' })).status, 204);
      assert.deepEqual(JSON.parse((await resultOf(asked.reader)).result.content[0].text), { action: 'decline' });
    });

    it('should refuse a malformed answer with 400, an unknown id or another tool with 404, and a text body with 415', async () => {
      const asked = await callUntilQuestion(harness.port, 'ask');
      const malformed = await post(harness.port, asked.answerPath, { action: 'maybe' });
      assert.equal(malformed.status, 400);
      assert.match(((await malformed.json()) as { error: string }).error, /"action": "accept"/);
      assert.equal((await post(harness.port, asked.answerPath, '{"action":')).status, 400);
      assert.equal((await post(harness.port, '/tools/ask/requests/nope', { action: 'cancel' })).status, 404);
      const elsewhere = asked.answerPath.replace('/tools/ask/', '/tools/ask-url/');
      assert.equal((await post(harness.port, elsewhere, { action: 'cancel' })).status, 404);
      const text = await post(harness.port, asked.answerPath, '{"action":"cancel"}', { 'Content-Type': 'text/plain' });
      assert.equal(text.status, 415);
      // None of those answered it: the real answer still lands.
      assert.equal((await post(harness.port, asked.answerPath, { action: 'cancel' })).status, 204);
      assert.deepEqual(JSON.parse((await resultOf(asked.reader)).result.content[0].text), { action: 'cancel' });
      const late = await post(harness.port, asked.answerPath, { action: 'cancel' });
      assert.equal(late.status, 404, 'a question whose call has ended is gone');
    });

    it('should send a URL question, pass on the consent, and close it when the page is done', async () => {
      const asked = await callUntilQuestion(harness.port, 'ask-url');
      assert.deepEqual(asked.params, {
        mode: 'url',
        message: 'Sign in, please.',
        url: 'https://auth.example/start',
        elicitationId: 'e-1',
      });
      // Content is no part of a URL-mode answer (MCP): what a client sends with it goes no further.
      const answer = { action: 'accept', content: { password: 'hunter2' }, extra: true };
      assert.equal((await post(harness.port, asked.answerPath, answer)).status, 204);
      const events = await asked.reader.rest();
      assert.deepEqual(events[0], { event: 'request-closed', data: { id: asked.id, reason: 'completed' } });
      assert.deepEqual(
        JSON.parse((events.at(-1)!.data as { result: { content: { text: string }[] } }).result.content[0].text),
        {
          action: 'accept',
        },
      );
    });

    it("should put a sampling request to the user and give the tool the user's reply, refusing one that is not a CreateMessageResult", async () => {
      const asked = await callUntilQuestion(harness.port, 'ask-model');
      assert.equal(asked.kind, 'sampling');
      assert.deepEqual(asked.params, {
        messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
        maxTokens: 50,
        systemPrompt: 'Be brief.',
      });
      const result = {
        role: 'assistant',
        content: { type: 'text', text: 'Hi!' },
        model: 'human',
        stopReason: 'endTurn',
      };
      const wrong = await post(harness.port, asked.answerPath, {
        action: 'accept',
        result: { ...result, role: 'user' },
      });
      assert.equal(wrong.status, 400);
      assert.deepEqual(await wrong.json(), {
        error: 'The reply is not a CreateMessageResult: its role must be "assistant".',
      });
      const nameless = await post(harness.port, asked.answerPath, {
        action: 'accept',
        result: { ...result, model: ' ' },
      });
      assert.equal(nameless.status, 400);
      assert.equal((await post(harness.port, asked.answerPath, { action: 'accept', result })).status, 204);
      assert.deepEqual(JSON.parse((await resultOf(asked.reader)).result.content[0].text), { action: 'accept', result });
    });

    it('should close a question the tool withdraws, answering it cancel', async () => {
      const asked = await callUntilQuestion(harness.port, 'ask-twice');
      const events = await asked.reader.rest();
      assert.deepEqual(events[0], { event: 'request-closed', data: { id: asked.id, reason: 'cancelled' } });
      assert.deepEqual(
        JSON.parse((events.at(-1)!.data as { result: { content: { text: string }[] } }).result.content[0].text),
        {
          action: 'cancel',
        },
      );
    });

    it('should answer cancel at once to a caller that does not stream', async () => {
      const plain = await post(harness.port, '/tools/ask/call', {});
      assert.equal(plain.status, 200);
      assert.deepEqual(JSON.parse(((await plain.json()) as { content: { text: string }[] }).content[0].text), {
        action: 'cancel',
      });
    });

    it('should end the call when its client goes away mid-question', async () => {
      const abort = new AbortController();
      const asked = await callUntilQuestion(harness.port, 'ask', abort.signal);
      abort.abort();
      assert.equal(await harness.aborted, 'The client disconnected.');
      assert.equal((await post(harness.port, asked.answerPath, { action: 'cancel' })).status, 404);
    });
  });

  describe(`answers, guarded like calls (${adapter} adapter)`, () => {
    it('should refuse with 403 when execution is off and 401 when the auth hook denies', async () => {
      const off = await start(adapter, { allowExecute: false });
      let asking = true;
      const guarded = await start(adapter, {
        authHook: (_req: unknown, next: (error?: unknown) => void) => (asking ? next() : next(new Error('no'))),
      });
      try {
        const forbidden = await post(off.port, '/tools/ask/requests/x', { action: 'cancel' });
        assert.equal(forbidden.status, 403);
        const asked = await callUntilQuestion(guarded.port, 'ask');
        asking = false;
        const denied = await post(guarded.port, asked.answerPath, { action: 'cancel' });
        assert.equal(denied.status, 401);
        assert.deepEqual(await denied.json(), { error: 'Unauthorized' });
        asking = true;
        assert.equal((await post(guarded.port, asked.answerPath, { action: 'cancel' })).status, 204);
        await resultOf(asked.reader);
      } finally {
        await Promise.all([off.close(), guarded.close()]);
      }
    });
  });
}
