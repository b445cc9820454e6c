// GET /prompts, GET /prompts/{name} and POST /prompts/{name}/get through both adapters: the list and one prompt's
// arguments, then getting its messages with every guard of a call in the call's order (403 Origin, 415, 403 execution
// off, 404 unknown prompt, 413, 400, 401), the getter's failures (its status, else 502) and its time limit (504).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { HostActionContext, ListPageRequest, PromptSummary } from '../../server/index.js';
import { ADAPTERS, startAdapter, type AdapterConsole } from './apps-harness.js';

const greet: PromptSummary = {
  name: 'greet / hello',
  title: 'Greeting',
  description: 'Says hello.',
  arguments: [{ name: 'who', description: 'Whom to greet', required: true }, { name: 'tone' }],
};
const later: PromptSummary = { name: 'on-page-two' };

/** Two pages of prompts, so a lookup has to follow the cursor. */
const prompts = (page: ListPageRequest) =>
  page.cursor === undefined ? { prompts: [greet], nextCursor: 'two' } : { prompts: [later] };

const getPath = (name: string) => `/prompts/${encodeURIComponent(name)}/get`;

/** A getter that does what the prompt's name says, and remembers what it got. */
function scriptedGetter() {
  const seen: { name: string; args: Record<string, string>; ctx: HostActionContext }[] = [];
  let reportAbort: (reason: unknown) => void = () => {};
  const aborted = () => new Promise<unknown>((resolve) => (reportAbort = resolve));
  const getter = (name: string, args: Record<string, string>, _req: unknown, ctx: HostActionContext) => {
    seen.push({ name, args, ctx });
    if (args.tone === 'refuse') throw Object.assign(new Error('tone must be kind'), { status: 400 });
    if (args.tone === 'crash') return Promise.reject(new Error('the template engine crashed'));
    if (args.tone === 'nothing') return { text: 'no messages' };
    if (args.tone === 'wait') {
      return new Promise(() => ctx.signal.addEventListener('abort', () => reportAbort(ctx.signal.reason)));
    }
    return {
      description: 'A greeting',
      messages: [{ role: 'user', content: { type: 'text', text: `Hi ${args.who}` } }],
    };
  };
  return { getter, seen, aborted };
}

for (const adapter of ADAPTERS) {
  describe(`prompts (${adapter})`, () => {
    let app: AdapterConsole;
    let scripted: ReturnType<typeof scriptedGetter>;
    before(async () => {
      scripted = scriptedGetter();
      app = await startAdapter(adapter, {
        allowExecute: true,
        prompts,
        getPrompt: scripted.getter,
        callTimeoutMs: 200,
      });
    });
    after(() => app.close());
    const get = (name: string, body: string, headers: Record<string, string> = {}) =>
      app.request('POST', getPath(name), { body, headers });

    it('should list the prompts with their arguments, one page per request', async () => {
      assert.deepEqual((await app.request('GET', '/prompts')).json, { prompts: [greet], nextCursor: 'two' });
      assert.deepEqual((await app.request('GET', '/prompts?cursor=two')).json, { prompts: [later] });
    });

    it('should answer one prompt by its percent-encoded name, found on any page, with an ETag', async () => {
      const answer = await app.request('GET', `/prompts/${encodeURIComponent(greet.name)}`);
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, greet);
      assert.match(String(answer.headers.etag), /^"/);
      assert.deepEqual((await app.request('GET', '/prompts/on-page-two/')).json, later);
      const missing = await app.request('GET', '/prompts/nope');
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.json, { error: 'Prompt not found: nope' });
    });

    it("should answer the getter's messages, having given it the arguments and a live signal", async () => {
      const answer = await get(greet.name, JSON.stringify({ arguments: { who: 'Ada' } }));
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, {
        description: 'A greeting',
        messages: [{ role: 'user', content: { type: 'text', text: 'Hi Ada' } }],
      });
      const { name, args, ctx } = scripted.seen.at(-1)!;
      assert.equal(name, greet.name);
      assert.deepEqual(args, { who: 'Ada' });
      assert.ok(ctx.signal instanceof AbortSignal);
      assert.deepEqual((await get('on-page-two', '{}')).json.messages[0].content.text, 'Hi undefined');
    });

    it('should answer 404 for a prompt it does not list, before reading the body', async () => {
      const count = scripted.seen.length;
      const answer = await get('nope', '{not json');
      assert.equal(answer.status, 404);
      assert.deepEqual(answer.json, { error: 'Prompt not found: nope' });
      assert.equal(scripted.seen.length, count);
    });

    it('should answer 400 for a body whose arguments are not strings', async () => {
      for (const body of ['{not json', '[]', '{"arguments": [1]}', '{"arguments": {"who": 1}}']) {
        const answer = await get(greet.name, body);
        assert.equal(answer.status, 400, body);
        assert.match(answer.json.error, /^(Invalid JSON|The body must be \{"arguments")/, body);
      }
    });

    it("should answer the getter's own status, else 502, and 502 for a result without messages", async () => {
      const refused = await get(greet.name, JSON.stringify({ arguments: { tone: 'refuse' } }));
      assert.equal(refused.status, 400);
      assert.deepEqual(refused.json, { error: 'tone must be kind' });
      const crashed = await get(greet.name, JSON.stringify({ arguments: { tone: 'crash' } }));
      assert.equal(crashed.status, 502);
      assert.deepEqual(crashed.json, { error: 'the template engine crashed' });
      const empty = await get(greet.name, JSON.stringify({ arguments: { tone: 'nothing' } }));
      assert.equal(empty.status, 502);
      assert.deepEqual(empty.json, { error: 'The prompt getter returned no {"messages": [...]}.' });
    });

    it('should answer 504 past callTimeoutMs, and fire the signal', async () => {
      const aborted = scripted.aborted();
      const answer = await get(greet.name, JSON.stringify({ arguments: { tone: 'wait' } }));
      assert.equal(answer.status, 504);
      assert.deepEqual(answer.json, { error: 'The prompt did not finish within 200 ms.' });
      assert.equal(((await aborted) as DOMException).name, 'TimeoutError');
    });
  });

  describe(`POST /prompts/{name}/get guards (${adapter})`, () => {
    const start = (options: Record<string, unknown>) =>
      startAdapter(adapter, { prompts: [greet], getPrompt: () => ({ messages: [] }), ...options });

    it('should refuse a foreign Origin (403), then a body not sent as JSON (415), then execution off (403)', async () => {
      const app = await start({ allowExecute: false });
      try {
        const foreign = await app.request('POST', getPath('nope'), {
          body: '{}',
          headers: { Origin: 'https://evil.example' },
        });
        assert.equal(foreign.status, 403);
        assert.match(foreign.json.error, /^Cross-origin request refused/);
        const typed = await app.request('POST', getPath('nope'), {
          body: '{}',
          headers: { 'Content-Type': 'text/plain' },
        });
        assert.equal(typed.status, 415);
        const off = await app.request('POST', getPath('nope'), { body: '{}' });
        assert.equal(off.status, 403);
        assert.deepEqual(off.json, { error: 'Tool execution is disabled.' });
      } finally {
        await app.close();
      }
    });

    it('should answer 404 without a getter, and 413 for a body over maxBodyBytes', async () => {
      const without = await start({ allowExecute: true, getPrompt: undefined });
      const small = await start({ allowExecute: true, maxBodyBytes: 16 });
      try {
        const none = await without.request('POST', getPath(greet.name), { body: '{}' });
        assert.equal(none.status, 404);
        assert.deepEqual(none.json, { error: 'This console gets no prompts (it has no getPrompt).' });
        const big = await small.request('POST', getPath(greet.name), {
          body: JSON.stringify({ arguments: { who: 'x'.repeat(40) } }),
        });
        assert.equal(big.status, 413);
        assert.deepEqual(big.json, { error: 'Request body exceeds 16 bytes.', limitBytes: 16 });
      } finally {
        await without.close();
        await small.close();
      }
    });

    it('should answer exactly 401 when the auth hook refuses, and never run the getter', async () => {
      let got = 0;
      const app = await start({
        allowExecute: true,
        authHook: (_req: unknown, next: (error?: unknown) => void) => next(new Error('token s3cret refused')),
        getPrompt: () => (got++, { messages: [] }),
      });
      try {
        const answer = await app.request('POST', getPath(greet.name), { body: '{}' });
        assert.equal(answer.status, 401);
        assert.equal(answer.text, '{"error":"Unauthorized"}');
        assert.equal(got, 0);
      } finally {
        await app.close();
      }
    });
  });
}
