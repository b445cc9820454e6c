// The handler's ctx when it is misused, and when nobody streams the call: every argument that is not what MCP
// defines is a TypeError naming what is wrong (the host's developer reads it in the call's error result), and a call
// answered as plain JSON takes progress, log lines and task statuses silently, and has every question cancelled.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServer, type CallContext, type CallResult, type Tool } from '../../server/index.js';
import { EventReader } from '../support/event-stream.js';
import { close, listen } from '../support/listen.js';
import { recordingLogger } from './helpers.js';

type Misuse = [what: string, use: (ctx: CallContext) => unknown, message: string];

const form = { message: 'Who?', requestedSchema: { type: 'object' } };
const MISUSES: Misuse[] = [
  [
    'progress as text',
    (ctx) => ctx.progress('half' as never),
    'ctx.progress(progress, total?, message?) takes finite numbers',
  ],
  [
    'infinite progress',
    (ctx) => ctx.progress(Infinity),
    'ctx.progress(progress, total?, message?) takes finite numbers',
  ],
  [
    'a total as text',
    (ctx) => ctx.progress(1, '2' as never),
    'ctx.progress(progress, total?, message?) takes finite numbers',
  ],
  ['a total of NaN', (ctx) => ctx.progress(1, NaN), 'ctx.progress(progress, total?, message?) takes finite numbers'],
  [
    'a message that is a number',
    (ctx) => ctx.progress(1, 2, 3 as never),
    'the message of ctx.progress must be a string',
  ],
  [
    'an unknown log level',
    (ctx) => ctx.log('loud' as never, 'x'),
    "ctx.log's level must be one of debug, info, notice, warning, error, critical, alert, emergency",
  ],
  ['a logger that is a number', (ctx) => ctx.log('info', 'x', 7 as never), 'the logger of ctx.log must be a string'],
  [
    'a task without an id',
    (ctx) => ctx.task({ status: 'working' } as never),
    'ctx.task takes {taskId, status, statusMessage?} (strings)',
  ],
  [
    'a task without a status',
    (ctx) => ctx.task({ taskId: 't' } as never),
    'ctx.task takes {taskId, status, statusMessage?} (strings)',
  ],
  [
    'a question that is a string',
    (ctx) => ctx.elicit('Who?' as never),
    'ctx.elicit takes {message, requestedSchema} or {mode: "url", message, url}',
  ],
  [
    'a question without a message',
    (ctx) => ctx.elicit({ requestedSchema: {} } as never),
    'ctx.elicit needs a message (a string)',
  ],
  [
    'a form question without a schema',
    (ctx) => ctx.elicit({ message: 'Who?' } as never),
    'ctx.elicit needs a requestedSchema (a JSON Schema object)',
  ],
  [
    'a form question whose schema is an array',
    (ctx) => ctx.elicit({ mode: 'form', message: 'Who?', requestedSchema: [] } as never),
    'ctx.elicit needs a requestedSchema (a JSON Schema object)',
  ],
  [
    'a URL question without a url',
    (ctx) => ctx.elicit({ mode: 'url', message: 'Sign in' } as never),
    'ctx.elicit in URL mode needs a url (a string)',
  ],
  [
    'a URL question with a numeric id',
    (ctx) => ctx.elicit({ mode: 'url', message: 'Sign in', url: 'https://a.example', elicitationId: 1 } as never),
    'ctx.elicit takes an elicitationId string',
  ],
  [
    'a question of another mode',
    (ctx) => ctx.elicit({ mode: 'voice', message: 'Who?' } as never),
    'ctx.elicit has no mode "voice" (form or url)',
  ],
];

const tools: Tool[] = ['misuse', 'quiet', 'url'].map((name) => ({ name, inputSchema: { type: 'object' } }));

describe("the handler's ctx, misused or unheard", () => {
  let port: number;
  let server: ReturnType<typeof createServer>;
  before(async () => {
    const handleCall = async (name: string, _args: unknown, _req: unknown, ctx: CallContext): Promise<CallResult> => {
      const text = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] });
      if (name === 'misuse') {
        return text(
          MISUSES.map(([, use]) => {
            try {
              void use(ctx);
              return 'accepted';
            } catch (error) {
              return `${(error as Error).name}: ${(error as Error).message}`;
            }
          }),
        );
      }
      if (name === 'url') {
        // A URL question whose flow is reported done before the user answered: the page's question closes, and the
        // tool hears `accept` (the flow is done) instead of waiting out its time limit.
        // A question withdrawn before it was asked is never sent.
        const withdrawn = await ctx.elicit(form, { signal: AbortSignal.abort() });
        if (withdrawn.action !== 'cancel') throw new Error('a withdrawn question was answered');
        const asked = ctx.elicit({
          mode: 'url',
          message: 'Sign in',
          url: 'https://auth.example/a',
          elicitationId: 'e-9',
        });
        ctx.elicitationComplete('unknown-id');
        ctx.elicitationComplete('e-9');
        return text(await asked);
      }
      // quiet: well-formed calls of everything, on a call nobody streams.
      ctx.progress(1, 2, 'half');
      ctx.log('info', { step: 1 }, 'quiet');
      ctx.task({ taskId: 't-1', status: 'working', statusMessage: 7 as never });
      ctx.elicitationComplete('e-1');
      const asked = await ctx.elicit({
        mode: 'url',
        message: 'Sign in',
        url: 'https://auth.example/a',
        elicitationId: 'e-1',
      });
      return text({ asked, form: await ctx.elicit(form) });
    };
    server = createServer({ tools, handleCall, allowExecute: true, logger: recordingLogger() });
    port = await listen(server);
  });
  after(() => close(server));

  const call = (name: string, accept?: string) =>
    fetch(`http://127.0.0.1:${port}/tools/${name}/call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(accept ? { Accept: accept } : {}) },
      body: '{}',
    });

  it('should refuse each misuse with a TypeError naming what is wrong, on a streamed call', async () => {
    const events = await new EventReader((await call('misuse', 'text/event-stream')).body!).rest();
    const result = events.at(-1)!.data as { result: { content: { text: string }[] } };
    assert.deepEqual(
      JSON.parse(result.result.content[0]!.text),
      MISUSES.map(([, , message]) => `TypeError: tool-console: ${message}`),
    );
    // Nothing a misuse tried reached the stream.
    assert.deepEqual(events.slice(0, -1), []);
  });

  it('should take progress, logs and task statuses silently, and cancel questions, when nobody streams', async () => {
    const answer = await call('quiet');
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse((await answer.json()).content[0].text), {
      asked: { action: 'cancel' },
      form: { action: 'cancel' },
    });
  });

  it("should close the page's URL question when its flow is done, and tell the tool it was accepted; never send a withdrawn one", async () => {
    const events = await new EventReader((await call('url', 'text/event-stream')).body!).rest();
    const [request, closed, result] = events;
    assert.equal(request!.event, 'request');
    const { id, params } = request!.data as { id: string; params: unknown };
    assert.deepEqual(params, { mode: 'url', message: 'Sign in', url: 'https://auth.example/a', elicitationId: 'e-9' });
    assert.deepEqual(closed, { event: 'request-closed', data: { id, reason: 'completed' } });
    assert.deepEqual(result, {
      event: 'result',
      data: { status: 200, result: { content: [{ type: 'text', text: '{"action":"accept"}' }], isError: false } },
    });
    assert.equal(events.length, 3);
  });
});
