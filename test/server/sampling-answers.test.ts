// Sampling questions, at their edges: a handler's ctx.sample argument that is not an MCP CreateMessageRequest is a
// TypeError naming what is wrong, and a user's reply that is not a CreateMessageResult is a 400 naming what is wrong
// (the question stays open for a better one). Every well-formed reply reaches the tool as it was sent.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServer, type CallContext, type CallResult, type SampleRequest, type Tool } from '../../server/index.js';
import { EventReader } from '../support/event-stream.js';
import { close, listen } from '../support/listen.js';
import { recordingLogger } from './helpers.js';

const tools: Tool[] = ['misuse', 'ask-model'].map((name) => ({ name, inputSchema: { type: 'object' } }));
const user = { role: 'user', content: { type: 'text', text: 'Say hi' } };

/** Arguments ctx.sample refuses, each with the TypeError's message. */
const MISUSES: [unknown, string][] = [
  [null, 'takes {messages, maxTokens, systemPrompt?, ...} (MCP CreateMessageRequest params)'],
  [[user], 'takes {messages, maxTokens, systemPrompt?, ...} (MCP CreateMessageRequest params)'],
  [{ maxTokens: 10 }, 'needs messages: [{role: "user" | "assistant", content}]'],
  [{ messages: user, maxTokens: 10 }, 'needs messages: [{role: "user" | "assistant", content}]'],
  [{ messages: [user, 'hi'], maxTokens: 10 }, 'needs messages: [{role: "user" | "assistant", content}]'],
  [
    { messages: [user, { ...user, role: 'system' }], maxTokens: 10 },
    'needs messages: [{role: "user" | "assistant", content}]',
  ],
  [{ messages: [user] }, 'needs maxTokens (a number)'],
  [{ messages: [user], maxTokens: '10' }, 'needs maxTokens (a number)'],
  [{ messages: [user], maxTokens: Number.POSITIVE_INFINITY }, 'needs maxTokens (a number)'],
];

describe('sampling questions at their edges', () => {
  let port: number;
  let server: ReturnType<typeof createServer>;
  before(async () => {
    const handleCall = async (name: string, _args: unknown, _req: unknown, ctx: CallContext): Promise<CallResult> => {
      if (name === 'misuse') {
        const messages = MISUSES.map(([request]) => {
          try {
            void ctx.sample(request as SampleRequest);
            return 'accepted';
          } catch (error) {
            return `${(error as Error).name}: ${(error as Error).message}`;
          }
        });
        // Both roles, several messages: a well-formed request is asked (and cancelled: nobody streams this call).
        const asked = await ctx.sample({ messages: [user, { ...user, role: 'assistant' }], maxTokens: 5 } as never);
        return { content: [{ type: 'text', text: JSON.stringify({ messages, asked }) }] };
      }
      const answer = await ctx.sample({ messages: [user], maxTokens: 50 } as never);
      return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
    };
    server = createServer({ tools, handleCall, allowExecute: true, logger: recordingLogger() });
    port = await listen(server);
  });
  after(() => close(server));

  it('should refuse a ctx.sample argument that is not a CreateMessageRequest, naming what is wrong', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/tools/misuse/call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    const { messages, asked } = JSON.parse((await response.json()).content[0].text);
    assert.deepEqual(
      messages,
      MISUSES.map(([, message]) => `TypeError: tool-console: ctx.sample ${message}`),
    );
    assert.deepEqual(asked, { action: 'cancel' });
  });

  /** Starts `ask-model` streamed and answers its question with each body in turn; the statuses and the tool's answer. */
  async function reply(...bodies: unknown[]) {
    const response = await fetch(`http://127.0.0.1:${port}/tools/ask-model/call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: '{}',
    });
    const reader = new EventReader(response.body!);
    const { id } = (await reader.next())!.data as { id: string };
    const answers: { status: number; error?: string }[] = [];
    for (const body of bodies) {
      const answered = await fetch(`http://127.0.0.1:${port}/tools/ask-model/requests/${id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      answers.push(answered.status === 204 ? { status: 204 } : { status: answered.status, ...(await answered.json()) });
    }
    const events = await reader.rest();
    const result = events.at(-1)!.data as { result: { content: { text: string }[] } };
    return { answers, toolGot: JSON.parse(result.result.content[0]!.text) };
  }

  const good = { role: 'assistant', content: { type: 'text', text: 'Hi!' }, model: 'human' };
  const refusal = (what: string) => ({ status: 400, error: `The reply is not a CreateMessageResult: ${what}.` });

  it('should refuse a reply that is not a CreateMessageResult, naming what is wrong, and keep the question open', async () => {
    const bad: [unknown, string][] = [
      [{ action: 'accept' }, '"result" must be an object'],
      [{ action: 'accept', result: [good] }, '"result" must be an object'],
      [{ action: 'accept', result: { ...good, model: 7 } }, 'it must name its model'],
      [
        { action: 'accept', result: { ...good, content: 'Hi!' } },
        'its content must be a text, image or audio block, or a list of them',
      ],
      [
        { action: 'accept', result: { ...good, content: [] } },
        'its content must be a text, image or audio block, or a list of them',
      ],
      [
        { action: 'accept', result: { ...good, content: [good.content, { type: 'text' }] } },
        'its content must be a text, image or audio block, or a list of them',
      ],
      [
        { action: 'accept', result: { ...good, content: { type: 'html', text: '<b>' } } },
        'its content must be a text, image or audio block, or a list of them',
      ],
      [
        { action: 'accept', result: { ...good, content: { type: 'image', data: 'iVBOR' } } },
        'its content must be a text, image or audio block, or a list of them',
      ],
      [
        { action: 'accept', result: { ...good, content: { type: 'audio', mimeType: 'audio/wav' } } },
        'its content must be a text, image or audio block, or a list of them',
      ],
      [
        { action: 'accept', result: { ...good, content: { type: 'text', text: 5 } } },
        'its content must be a text, image or audio block, or a list of them',
      ],
      [{ action: 'accept', result: { ...good, stopReason: 1 } }, 'stopReason must be a string'],
    ];
    const { answers, toolGot } = await reply(...bad.map(([body]) => body), { action: 'accept', result: good });
    assert.deepEqual(answers, [...bad.map(([, what]) => refusal(what)), { status: 204 }]);
    assert.deepEqual(toolGot, { action: 'accept', result: good });
  });

  it('should pass every well-formed reply on as it was sent: text, image, audio, a list of them, a stop reason', async () => {
    const image = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };
    const audio = { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' };
    for (const result of [
      { ...good, content: image },
      { ...good, content: audio },
      { ...good, content: [good.content, image, audio], stopReason: 'endTurn' },
    ]) {
      const { answers, toolGot } = await reply({ action: 'accept', result });
      assert.deepEqual(answers, [{ status: 204 }]);
      assert.deepEqual(toolGot, { action: 'accept', result });
    }
  });

  it('should pass on only the fields MCP defines for a result and its blocks, dropping what else the reply holds', async () => {
    const annotations = { audience: ['user'] };
    const { answers, toolGot } = await reply({
      action: 'accept',
      extra: 'top',
      result: {
        ...good,
        stopReason: 'endTurn',
        _meta: { note: 'kept' },
        injected: { role: 'system' },
        content: [
          { type: 'text', text: 'Hi!', annotations, html: '<img src=x onerror=alert(1)>' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png', text: 'not an image field', uri: 'file:///' },
        ],
      },
    });
    assert.deepEqual(answers, [{ status: 204 }]);
    assert.deepEqual(toolGot, {
      action: 'accept',
      result: {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Hi!', annotations },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        ],
        model: 'human',
        stopReason: 'endTurn',
        _meta: { note: 'kept' },
      },
    });
  });

  it('should pass a decline and a cancel on without a result, whatever else the body holds', async () => {
    for (const action of ['decline', 'cancel']) {
      const { answers, toolGot } = await reply({ action, result: good });
      assert.deepEqual(answers, [{ status: 204 }]);
      assert.deepEqual(toolGot, { action });
    }
  });
});
