// The wire, read back: what the server's encoders write, the page's decoders read as the same data, event by event
// (protocol/call-events.ts), and a streamed call through a real server reaches the page's client (elements/api.ts)
// as exactly what its handler said.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  decodeCallEvent,
  decodeToolsEvent,
  encodeCallEvent,
  encodeToolsEvent,
  jsonText,
  type CallEventMap,
  type CallResult,
  type JsonText,
  type OutputCheck,
  type ToolsEventMap,
} from '../../protocol/index.js';
import { ToolApi, type CallEvent } from '../../elements/api.js';
import type { CallContext } from '../../server/index.js';
import { startConsole, type RunningConsole } from '../server/helpers.js';

/** One event through the wire: the server's text, parsed as the page parses it, then the page's decoder. */
function throughCallWire<K extends Exclude<keyof CallEventMap, 'result'>>(name: K, data: CallEventMap[K]) {
  const encode = encodeCallEvent[name] as (data: CallEventMap[K]) => string;
  return decodeCallEvent[name](JSON.parse(encode(data)));
}

function throughToolsWire<K extends keyof ToolsEventMap>(name: K, data: ToolsEventMap[K]) {
  const encode = encodeToolsEvent[name] as (data: ToolsEventMap[K]) => string;
  return decodeToolsEvent[name](JSON.parse(encode(data)));
}

describe('the wire: encoders and decoders', () => {
  it('should read back every call event as it was sent', () => {
    const sent: { [K in Exclude<keyof CallEventMap, 'result' | 'request'>]: CallEventMap[K] } = {
      progress: { progress: 3, total: 10, message: 'three of ten' },
      log: { level: 'warning', logger: 'db', data: { rows: [1, 2] } },
      task: { taskId: 't-1', status: 'working', statusMessage: 'queued' },
      'request-closed': { id: 'q-1', reason: 'completed' },
    };
    for (const [name, data] of Object.entries(sent)) {
      assert.deepEqual(throughCallWire(name as keyof typeof sent, data as never), data, name);
    }
  });

  it('should read a question in the page reading of it', () => {
    const form = { mode: 'form', message: 'Name?', requestedSchema: { type: 'object' } } as const;
    assert.deepEqual(throughCallWire('request', { id: 'q-1', kind: 'elicitation', params: form }), {
      id: 'q-1',
      params: form,
    });
    const url = { mode: 'url', message: 'Sign in', url: 'https://example.com/', elicitationId: 'e-1' } as const;
    assert.deepEqual(throughCallWire('request', { id: 'q-2', kind: 'elicitation', params: url }), {
      id: 'q-2',
      params: url,
    });
    const sampling = { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 50 };
    assert.deepEqual(throughCallWire('request', { id: 'q-3', kind: 'sampling', params: sampling }), {
      id: 'q-3',
      params: {
        mode: 'sampling',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
        maxTokens: 50,
      },
    });
  });

  it('should send log data JSON cannot express as its string form', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    assert.deepEqual(throughCallWire('log', { level: 'info', data: cycle }), {
      level: 'info',
      data: '[object Object]',
    });
    assert.deepEqual(throughCallWire('log', { level: 'info', data: undefined }), { level: 'info', data: null });
  });

  it('should splice the serialised answer and check into the result event as they are', () => {
    const result = { content: [{ type: 'text', text: 'done' }] } satisfies CallResult;
    const check: OutputCheck = { valid: false, errors: [{ path: '/a', message: 'must be string', keyword: 'type' }] };
    const text = encodeCallEvent.result({
      status: 200,
      result: jsonText<CallResult>(result),
      outputCheck: jsonText<OutputCheck>(check),
    });
    assert.equal(text, `{"status":200,"result":${JSON.stringify(result)},"outputCheck":${JSON.stringify(check)}}`);
    assert.deepEqual(decodeCallEvent.result(JSON.parse(text)), { status: 200, result, outputCheck: check });
    const plain = encodeCallEvent.result({
      status: 504,
      result: '{"content":[]}' as JsonText<CallResult>,
      outputCheck: undefined,
    });
    assert.equal(plain, '{"status":504,"result":{"content":[]}}');
  });

  it('should read back every event of a watched list', () => {
    assert.deepEqual(throughToolsWire('tools-changed', { etag: '"abc"' }), { etag: '"abc"' });
    assert.deepEqual(throughToolsWire('tools', [{ name: 'echo', description: '' }]), [
      { name: 'echo', description: '' },
    ]);
    assert.deepEqual(throughToolsWire('log', { level: 'notice', data: 'hello' }), { level: 'notice', data: 'hello' });
  });

  it('should skip data that is not the event it claims to be', () => {
    assert.equal(decodeCallEvent.progress({ progress: 'half' }), undefined);
    assert.equal(decodeCallEvent.log({ data: 1 }), undefined);
    assert.equal(decodeCallEvent.task({ taskId: 1, status: 'working' }), undefined);
    assert.equal(decodeCallEvent.request({ id: 'q', kind: 'telepathy', params: {} }), undefined);
    assert.equal(decodeCallEvent['request-closed']({ reason: 'completed' }), undefined);
    assert.equal(decodeToolsEvent['tools-changed']({ etag: 7 }), undefined);
    assert.equal(decodeToolsEvent.tools({ tools: [] }), undefined);
  });
});

describe('the wire: a streamed call from a real server to the page client', () => {
  let running: RunningConsole;

  before(async () => {
    running = await startConsole({
      allowExecute: true,
      tools: [{ name: 'report', description: 'Reports, asks, answers', inputSchema: { type: 'object' } }],
      handleCall: async (_name: string, _args: unknown, _req: unknown, ctx: CallContext) => {
        ctx.progress(1, 2, 'half way');
        ctx.log('notice', { rows: 2 }, 'db');
        ctx.task({ taskId: 'task-1', status: 'working', statusMessage: 'on it' });
        const answer = await ctx.elicit({
          message: 'Your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
        });
        const name = answer.action === 'accept' ? String(answer.content?.name) : answer.action;
        return { content: [{ type: 'text', text: `Hello, ${name}` }] };
      },
    });
  });

  after(() => running.close());

  it('should hand the page every event the handler sent, then the result', async () => {
    const api = new ToolApi('tools', `http://127.0.0.1:${running.port}/`);
    const events: CallEvent[] = [];
    const signal = AbortSignal.timeout(5_000);
    const outcome = await api.call('report', {}, signal, (event) => {
      events.push(event);
      if (event.type === 'request') {
        void api.answer('report', event.question.id, { action: 'accept', content: { name: 'Ada' } }, signal);
      }
    });
    assert.equal(outcome.status, 200);
    assert.deepEqual(outcome.result, { content: [{ type: 'text', text: 'Hello, Ada' }], isError: false });
    const question = events.find((event) => event.type === 'request');
    assert.deepEqual(events, [
      { type: 'progress', progress: { progress: 1, total: 2, message: 'half way' } },
      { type: 'log', log: { level: 'notice', logger: 'db', data: { rows: 2 } } },
      { type: 'task', task: { taskId: 'task-1', status: 'working', statusMessage: 'on it' } },
      {
        type: 'request',
        question: {
          id: question?.type === 'request' ? question.question.id : 'missing',
          params: {
            mode: 'form',
            message: 'Your name?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
          },
        },
      },
    ]);
  });
});
