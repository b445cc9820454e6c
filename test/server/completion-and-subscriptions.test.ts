// POST /completion and POST /resources/subscribe|unsubscribe through both adapters: what the host's completer and
// subscriber get and what their answers become (at most 100 suggestions; 204), every guard of a resource read in its
// order (403 Origin, 415, 403 execution off, 404 not offered, 413, 400, 401), failures and time limits; and the
// updates a subscription brings reaching a page that watches (`resource-updated`).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CompletionRequest, ConsoleNotifier } from '../../server/index.js';
import { EventReader } from '../support/event-stream.js';
import { ADAPTERS, startAdapter, type AdapterConsole } from './apps-harness.js';

const departments = Array.from({ length: 150 }, (_, index) => `Dept ${index}`);

function completer(request: CompletionRequest) {
  const { argument, context } = request;
  if (argument.value === 'fail') throw Object.assign(new Error('no index for that'), { status: 422 });
  if (argument.value === 'wait') return new Promise<never>(() => {});
  if (argument.value === 'junk') return { values: 'Ada' } as never;
  if (argument.name === 'department') return { values: departments.filter((name) => name.startsWith(argument.value)) };
  return { values: [`${context?.arguments?.department ?? '?'}: Ada`, 7 as never], total: 1, hasMore: false };
}

const promptRef = (argument: string, value: string, context?: Record<string, string>) =>
  JSON.stringify({
    ref: { type: 'ref/prompt', name: 'team' },
    argument: { name: argument, value },
    ...(context && { context: { arguments: context } }),
  });

for (const adapter of ADAPTERS) {
  describe(`POST /completion (${adapter})`, () => {
    let app: AdapterConsole;
    const seen: CompletionRequest[] = [];
    before(async () => {
      app = await startAdapter(adapter, {
        allowExecute: true,
        callTimeoutMs: 150,
        complete: (request: CompletionRequest) => (seen.push(request), completer(request)),
      });
    });
    after(() => app.close());
    const complete = (body: string) => app.request('POST', '/completion', { body });

    it('should answer at most 100 suggestions, saying there are more', async () => {
      const answer = await complete(promptRef('department', 'Dept'));
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, { completion: { values: departments.slice(0, 100), hasMore: true } });
    });

    it('should hand the completer the reference, the argument and the context, and keep only strings', async () => {
      const answer = await complete(promptRef('name', 'A', { department: 'Sales' }));
      assert.deepEqual(answer.json, { completion: { values: ['Sales: Ada'], total: 1, hasMore: false } });
      assert.deepEqual(seen.at(-1), {
        ref: { type: 'ref/prompt', name: 'team' },
        argument: { name: 'name', value: 'A' },
        context: { arguments: { department: 'Sales' } },
      });
      const template = JSON.stringify({
        ref: { type: 'ref/resource', uri: 'file:///{x}' },
        argument: { name: 'x', value: '' },
      });
      assert.equal((await complete(template)).status, 200);
      assert.deepEqual(seen.at(-1)!.ref, { type: 'ref/resource', uri: 'file:///{x}' });
    });

    it('should answer 400 for a body that is not a completion request', async () => {
      const bodies = [
        '{not json',
        '{}',
        JSON.stringify({ ref: { type: 'ref/tool', name: 'x' }, argument: { name: 'a', value: '' } }),
        JSON.stringify({ ref: { type: 'ref/prompt', name: 'x' }, argument: { name: 'a' } }),
        JSON.stringify({
          ref: { type: 'ref/prompt', name: 'x' },
          argument: { name: 'a', value: '' },
          context: { arguments: { b: 1 } },
        }),
      ];
      for (const body of bodies) assert.equal((await complete(body)).status, 400, body);
    });

    it("should answer the completer's status, 502 for no values, 504 past callTimeoutMs", async () => {
      const failed = await complete(promptRef('department', 'fail'));
      assert.equal(failed.status, 422);
      assert.deepEqual(failed.json, { error: 'no index for that' });
      const junk = await complete(promptRef('department', 'junk'));
      assert.equal(junk.status, 502);
      assert.deepEqual(junk.json, { error: 'The completer returned no {"values": [...]}.' });
      const late = await complete(promptRef('department', 'wait'));
      assert.equal(late.status, 504);
      assert.deepEqual(late.json, { error: 'The completion did not finish within 150 ms.' });
    });
  });

  describe(`POST /completion and subscriptions guards (${adapter})`, () => {
    const ok = () => ({ values: [] });
    const paths = ['/completion', '/resources/subscribe', '/resources/unsubscribe'];
    const body = (path: string) => (path === '/completion' ? promptRef('a', '') : '{"uri":"file:///a"}');
    const offering = { complete: ok, subscribeResource: () => {}, unsubscribeResource: () => {} };

    it('should refuse a foreign Origin (403), a body not sent as JSON (415), then execution off (403)', async () => {
      const app = await startAdapter(adapter, { allowExecute: false, ...offering });
      try {
        for (const path of paths) {
          const foreign = await app.request('POST', path, {
            body: body(path),
            headers: { Origin: 'https://evil.example' },
          });
          assert.equal(foreign.status, 403, path);
          assert.match(foreign.json.error, /^Cross-origin request refused/);
          const typed = await app.request('POST', path, {
            body: body(path),
            headers: { 'Content-Type': 'text/plain' },
          });
          assert.equal(typed.status, 415, path);
          const off = await app.request('POST', path, { body: body(path) });
          assert.deepEqual([off.status, off.json], [403, { error: 'Tool execution is disabled.' }], path);
        }
      } finally {
        await app.close();
      }
    });

    it('should answer 404 for what the console does not offer, then 413, 400 and 401 in that order', async () => {
      const bare = await startAdapter(adapter, { allowExecute: true });
      const guarded = await startAdapter(adapter, {
        allowExecute: true,
        maxBodyBytes: 160,
        authHook: (_req: unknown, next: (error?: unknown) => void) => next(new Error('no')),
        ...offering,
      });
      try {
        assert.deepEqual((await bare.request('POST', '/completion', { body: '{' })).json, {
          error: 'This console offers no completion.',
        });
        for (const path of paths.slice(1)) {
          const none = await bare.request('POST', path, { body: '{' });
          assert.deepEqual(
            [none.status, none.json],
            [404, { error: 'This console offers no resource subscriptions.' }],
          );
        }
        for (const path of paths) {
          assert.equal((await guarded.request('POST', path, { body: `"${'x'.repeat(200)}"` })).status, 413, path);
          assert.equal((await guarded.request('POST', path, { body: '{"uri": 1}' })).status, 400, path);
          const refused = await guarded.request('POST', path, { body: body(path) });
          assert.deepEqual([refused.status, refused.text], [401, '{"error":"Unauthorized"}'], path);
        }
      } finally {
        await bare.close();
        await guarded.close();
      }
    });
  });

  describe(`resource subscriptions (${adapter})`, () => {
    it('should subscribe with 204, and bring the updates the host reports to every watching page', async () => {
      let notifier: ConsoleNotifier | undefined;
      const calls: string[] = [];
      const app = await startAdapter(adapter, {
        allowExecute: true,
        notifications: (given: ConsoleNotifier) => (notifier = given),
        subscribeResource: async (uri: string) => void calls.push(`+${uri}`),
        unsubscribeResource: (uri: string) => {
          if (uri === 'file:///gone') throw Object.assign(new Error('not subscribed'), { status: 404 });
          calls.push(`-${uri}`);
        },
      });
      try {
        const response = await fetch(`http://127.0.0.1:${app.port}/tools`, {
          headers: { Accept: 'text/event-stream' },
        });
        const events = new EventReader(response.body!);
        assert.equal((await events.next())?.event, 'tools-changed');
        const subscribed = await app.request('POST', '/resources/subscribe', { body: '{"uri":"file:///a.md"}' });
        assert.equal(subscribed.status, 204);
        assert.equal(subscribed.text, '');
        notifier!.resourceUpdated('file:///a.md');
        notifier!.resourcesChanged();
        notifier!.promptsChanged();
        assert.deepEqual(await events.next(), { event: 'resource-updated', data: { uri: 'file:///a.md' } });
        assert.deepEqual(await events.next(), { event: 'resources-changed', data: {} });
        assert.deepEqual(await events.next(), { event: 'prompts-changed', data: {} });
        assert.equal(
          (await app.request('POST', '/resources/unsubscribe', { body: '{"uri":"file:///a.md"}' })).status,
          204,
        );
        const gone = await app.request('POST', '/resources/unsubscribe', { body: '{"uri":"file:///gone"}' });
        assert.deepEqual([gone.status, gone.json], [404, { error: 'not subscribed' }]);
        assert.deepEqual(calls, ['+file:///a.md', '-file:///a.md']);
        await events.cancel();
      } finally {
        await app.close();
      }
    });
  });
}
