// F3: POST /tools/{name}/call — preconditions, status mapping, _meta, handler forms and handler failures.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { CallContext, ToolCallHandler } from '../../server/index.js';
import { callPath, startConsole, type RunningConsole } from './helpers.js';

const text = (value: string) => ({ type: 'text' as const, text: value });

describe('POST /tools/{name}/call', () => {
  let app: RunningConsole;
  let seen: { name: string; args: unknown; req?: IncomingMessage; ctx?: CallContext } | undefined;
  // One handler whose behaviour the test picks through the arguments.
  const handleCall: ToolCallHandler = async (name, args, req, ctx) => {
    seen = { name, args, req, ctx };
    switch (args.mode) {
      case 'error':
        return [[text('logical failure')], true, 'trace-2'];
      case 'throw':
        throw new Error('disk on fire');
      case 'throw-string':
        throw 'a bare string'; // eslint-disable-line no-throw-literal -- hosts do this
      case 'empty-trace':
        return [[text('x')], false, ''];
      case 'null-trace':
        return [[text('x')], false, null];
      case 'result-object':
        return { content: [text('passed through')], structuredContent: { temperature: 21 }, _meta: { source: 'mcp' } };
      case 'result-object-error':
        return { content: [text('upstream failed')], isError: true };
      default:
        return [[text(`hello ${JSON.stringify(args)}`)], false, 'trace-1'];
    }
  };
  before(async () => {
    app = await startConsole({ allowExecute: true, handleCall });
  });
  after(() => app.close());
  const call = (body: string, name = 'get_weather') =>
    app.request('POST', callPath(name), { body, headers: { 'Content-Type': 'application/json' } });

  it('answers 200 with content, isError false and the trace id in _meta', async () => {
    const answer = await call('{"city":"Oslo"}');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.deepEqual(answer.json, {
      content: [text('hello {"city":"Oslo"}')],
      isError: false,
      _meta: { _trace_id: 'trace-1' },
    });
    assert.equal(seen?.name, 'get_weather');
  });

  it('answers 500 with isError true when the handler reports a logical error', async () => {
    const answer = await call('{"mode":"error"}');
    assert.equal(answer.status, 500);
    assert.deepEqual(answer.json, {
      content: [text('logical failure')],
      isError: true,
      _meta: { _trace_id: 'trace-2' },
    });
  });

  it('answers 404 with the exact error for an unknown tool', async () => {
    const answer = await call('{}', 'nope');
    assert.equal(answer.status, 404);
    assert.deepEqual(answer.json, { error: 'Tool not found: nope' });
  });

  it('treats a body that is not JSON (or not an object) as {} and runs the tool', async () => {
    for (const body of ['{not json', '', '[1,2]', '42', 'null']) {
      seen = undefined as typeof seen; // keeps TypeScript from narrowing `seen` to undefined for good
      const answer = await call(body);
      assert.equal(answer.status, 200, body);
      assert.deepEqual(seen?.args, {}, body);
    }
  });

  it('answers 500 with the exception message in a text item when the handler throws', async () => {
    const answer = await call('{"mode":"throw"}');
    assert.equal(answer.status, 500);
    assert.deepEqual(answer.json, { content: [text('disk on fire')], isError: true });
    assert.match(app.logger.text('error'), /disk on fire/);
  });

  it('describes a thrown non-Error value', async () => {
    const answer = await call('{"mode":"throw-string"}');
    assert.equal(answer.status, 500);
    assert.deepEqual(answer.json, { content: [text('a bare string')], isError: true });
  });

  it('omits _meta when the trace id is empty or null', async () => {
    for (const mode of ['empty-trace', 'null-trace']) {
      const answer = await call(JSON.stringify({ mode }));
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, { content: [text('x')], isError: false }, mode);
      assert.ok(!answer.text.includes('_meta'));
    }
  });

  it('passes a returned CallToolResult through, structuredContent and _meta included', async () => {
    const answer = await call('{"mode":"result-object"}');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, {
      content: [text('passed through')],
      isError: false,
      structuredContent: { temperature: 21 },
      _meta: { source: 'mcp' },
    });
    const failed = await call('{"mode":"result-object-error"}');
    assert.equal(failed.status, 500);
    assert.deepEqual(failed.json, { content: [text('upstream failed')], isError: true });
  });

  it('gives the handler the request and a live AbortSignal', async () => {
    await app.request('POST', callPath('get_weather'), { body: '{}', headers: { 'X-Who': 'tester' } });
    assert.equal(seen?.req?.headers['x-who'], 'tester');
    assert.ok(seen?.ctx?.signal instanceof AbortSignal);
    assert.equal(seen?.ctx?.signal.aborted, false);
  });

  it('rejects other methods with 405 and Allow', async () => {
    const answer = await app.request('GET', callPath('get_weather'));
    assert.equal(answer.status, 405);
    assert.equal(answer.headers.allow, 'POST, OPTIONS');
    assert.equal(answer.headers['content-type'], 'application/json');
  });
});

describe('allowExecute', () => {
  it('is off by default: 403 with the exact body, checked before the tool exists', async () => {
    let called = false;
    const app = await startConsole({
      handleCall: async () => {
        called = true;
        return [[], false];
      },
    });
    try {
      for (const name of ['get_weather', 'nope']) {
        const answer = await app.request('POST', callPath(name), { body: '{}' });
        assert.equal(answer.status, 403);
        assert.deepEqual(answer.json, { error: 'Tool execution is disabled.' });
      }
      assert.equal(called, false);
    } finally {
      await app.close();
    }
  });
});

describe('the order of the preconditions (403, 404, then the body)', () => {
  const tooLarge = JSON.stringify({ pad: 'x'.repeat(100) }); // over the 64-byte limit below

  it('answers 404 for an unknown tool before reading its body, however large', async () => {
    const app = await startConsole({ allowExecute: true, maxBodyBytes: 64 });
    try {
      const unknown = await app.request('POST', callPath('nope'), { body: tooLarge });
      assert.equal(unknown.status, 404);
      assert.deepEqual(unknown.json, { error: 'Tool not found: nope' });
      const known = await app.request('POST', callPath('get_weather'), { body: tooLarge });
      assert.equal(known.status, 413);
      assert.deepEqual(known.json, { error: 'Request body exceeds 64 bytes.', limitBytes: 64 });
    } finally {
      await app.close();
    }
  });

  it('answers 403 before looking at the tool or the body when execution is off', async () => {
    const app = await startConsole({ maxBodyBytes: 64 });
    try {
      for (const name of ['get_weather', 'nope']) {
        const answer = await app.request('POST', callPath(name), { body: tooLarge });
        assert.equal(answer.status, 403, name);
        assert.deepEqual(answer.json, { error: 'Tool execution is disabled.' });
      }
    } finally {
      await app.close();
    }
  });
});

describe('handler forms', () => {
  const forms: [string, ToolCallHandler][] = [
    ['(name, args)', async (name: string, args: Record<string, unknown>) => [[text(`${name}:${args.n}`)], false]],
    [
      '(name, args, req)',
      async (name: string, args: Record<string, unknown>, req: IncomingMessage) => [
        [text(`${name}:${args.n}:${req.method}`)],
        false,
      ],
    ],
    [
      '(name, args, req, ctx)',
      async (name, args, req, ctx) => [[text(`${name}:${args.n}:${req.method}:${ctx.signal.aborted}`)], false],
    ],
    ['a sync function', ((name: string) => [[text(name)], false]) as ToolCallHandler],
  ];
  const expected = ['get_weather:1', 'get_weather:1:POST', 'get_weather:1:POST:false', 'get_weather'];
  forms.forEach(([label, handleCall], index) => {
    it(`accepts ${label}`, async () => {
      const app = await startConsole({ allowExecute: true, handleCall });
      try {
        const answer = await app.request('POST', callPath('get_weather'), { body: '{"n":1}' });
        assert.equal(answer.status, 200);
        assert.deepEqual(answer.json.content, [text(expected[index]!)]);
      } finally {
        await app.close();
      }
    });
  });
});
