// POST /resources/read through both adapters: every guard of a call in the call's order, what the reader gets (the
// URI, the request, a signal, who asks), what its answers and failures become, its time limit and a client that leaves.
import assert from 'node:assert/strict';
import { IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createServer, type ResourceReadContext } from '../../server/index.js';
import { APP_MIME_TYPE } from '../../protocol/index.js';
import { ADAPTERS, startAdapter, type AdapterConsole } from './apps-harness.js';
import { callThenHangUp } from './helpers.js';

const READ = '/resources/read';
const BAD_BODY = { error: 'The body must be {"uri": "<resource URI>"}.' };
const APP_HTML = {
  contents: [{ uri: 'ui://ok', mimeType: APP_MIME_TYPE, text: '<p>hi</p>', _meta: { ui: { csp: {} } } }],
  _meta: { 'com.example/read': 1 },
};

const fail = (message: string, status?: unknown) => Object.assign(new Error(message), { status });
const body = (uri: unknown) => JSON.stringify({ uri });

/** A reader that does what the URI says, and remembers how it was called. */
function scriptedReader() {
  const seen: { uri: string; req: unknown; ctx: ResourceReadContext }[] = [];
  let reportAbort: (reason: unknown) => void = () => {};
  const aborted = () => new Promise<unknown>((resolve) => (reportAbort = resolve));
  const reader = (uri: string, req: unknown, ctx: ResourceReadContext) => {
    seen.push({ uri, req, ctx });
    const [verb, arg] = uri.split(':');
    switch (verb) {
      case 'sync':
        return { contents: [{ uri, text: 'at once' }] };
      case 'status':
        throw fail(`refused with ${arg}`, arg === 'text' ? '404' : Number(arg));
      case 'plain-error':
        return Promise.reject(new Error('the disk is on fire'));
      case 'string':
        throw 'a bare string'; // eslint-disable-line no-throw-literal -- hosts do this
      case 'returns':
        return Promise.resolve({ undefined, array: [], string: { contents: 'x' }, null: { contents: null } }[arg!]);
      case 'bigint':
        return Promise.resolve({ contents: [{ uri, size: 1n }] });
      case 'wait':
        return new Promise(() => {
          ctx.signal.addEventListener('abort', () => reportAbort(ctx.signal.reason));
        });
      default:
        return Promise.resolve(APP_HTML);
    }
  };
  return { reader, seen, aborted };
}

for (const adapter of ADAPTERS) {
  describe(`POST /resources/read (${adapter})`, () => {
    let app: AdapterConsole;
    let scripted: ReturnType<typeof scriptedReader>;
    before(async () => {
      scripted = scriptedReader();
      app = await startAdapter(adapter, { allowExecute: true, readResource: scripted.reader, callTimeoutMs: 300 });
    });
    after(() => app.close());
    const read = (payload: string, headers: Record<string, string> = {}) =>
      app.request('POST', READ, { body: payload, headers });

    it("should answer the reader's ReadResourceResult as it is, with status 200", async () => {
      const answer = await read(body('ui://ok'));
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-type'], 'application/json');
      assert.deepEqual(answer.json, APP_HTML);
    });

    it('should give the reader the URI, the request, a live signal and the person as the caller', async () => {
      await read(body('sync:one'));
      const { uri, req, ctx } = scripted.seen.at(-1)!;
      assert.equal(uri, 'sync:one');
      assert.ok(adapter === 'node' ? req instanceof IncomingMessage : req instanceof Request);
      assert.ok(ctx.signal instanceof AbortSignal && !ctx.signal.aborted);
      assert.equal(ctx.caller, 'user');
      assert.deepEqual((await read(body('sync:two'))).json, { contents: [{ uri: 'sync:two', text: 'at once' }] });
    });

    it('should tell the reader a tool UI asks only for Tool-Caller: app (any case), and the person otherwise', async () => {
      const cases: [string, 'user' | 'app'][] = [
        ['app', 'app'],
        ['APP', 'app'],
        [' App ', 'app'],
        ['user', 'user'],
        ['model', 'user'],
        ['apps', 'user'],
        ['', 'user'],
      ];
      for (const [value, caller] of cases) {
        assert.equal((await read(body('sync:x'), { 'Tool-Caller': value })).status, 200);
        assert.equal(scripted.seen.at(-1)!.ctx.caller, caller, JSON.stringify(value));
      }
    });

    it('should answer 400 with one message for a body that is not {"uri": "<non-empty string>"}', async () => {
      const before = scripted.seen.length;
      for (const payload of ['{not json', '', 'null', '[]', '"ui://x"', '{}', body(''), body(42), body(['ui://x'])]) {
        const answer = await read(payload);
        assert.equal(answer.status, 400, payload);
        assert.deepEqual(answer.json, BAD_BODY, payload);
      }
      assert.equal(scripted.seen.length, before, 'the reader never ran');
    });

    it("should answer a thrown error's own status (400 to 599) with its message", async () => {
      for (const status of [400, 403, 404, 418, 503, 599]) {
        const answer = await read(body(`status:${status}`));
        assert.equal(answer.status, status);
        assert.deepEqual(answer.json, { error: `refused with ${status}` });
      }
    });

    it('should answer 502 with the message of a failure that gives no usable status', async () => {
      const cases: [string, string][] = [
        ['status:200', 'refused with 200'],
        ['status:600', 'refused with 600'],
        ['status:404.5', 'refused with 404.5'],
        ['status:text', 'refused with text'],
        ['plain-error:', 'the disk is on fire'],
        ['string:', 'a bare string'],
      ];
      for (const [uri, message] of cases) {
        const answer = await read(body(uri));
        assert.equal(answer.status, 502, uri);
        assert.deepEqual(answer.json, { error: message }, uri);
      }
      assert.match(app.logger.text('warn'), /reading "plain-error:" failed/);
    });

    it('should answer 502 when the reader returns no {contents: [...]}, or contents JSON cannot hold', async () => {
      for (const what of ['undefined', 'array', 'string', 'null']) {
        const answer = await read(body(`returns:${what}`));
        assert.equal(answer.status, 502, what);
        assert.deepEqual(answer.json, { error: 'The resource reader returned no contents.' }, what);
      }
      const answer = await read(body('bigint:'));
      assert.equal(answer.status, 502);
      assert.deepEqual(answer.json, { error: 'The resource reader returned contents that are not JSON.' });
      // The host's log says which resource, and what came back or why it would not go.
      const warnings = app.logger.text('warn');
      assert.match(
        warnings,
        /^tool-console: the resource reader returned no contents for "returns:string": \[object Object\]$/m,
      );
      assert.match(warnings, /^tool-console: the contents of "bigint:" are not JSON: TypeError: .*BigInt/m);
    });

    it('should answer 504 when the read outlives callTimeoutMs, and fire its signal', async () => {
      const aborted = scripted.aborted();
      const answer = await read(body('wait:timeout'));
      assert.equal(answer.status, 504);
      assert.deepEqual(answer.json, { error: 'The resource read did not finish within 300 ms.' });
      const reason = (await aborted) as DOMException;
      assert.equal(reason.name, 'TimeoutError');
      assert.equal(reason.message, 'The resource read timed out after 300 ms.');
    });

    it('should fire the signal when the client goes away mid-read', async () => {
      const aborted = scripted.aborted();
      const count = scripted.seen.length;
      const request = callThenHangUp(app.port, READ, body('wait:hang-up'));
      while (scripted.seen.length === count) await new Promise((resolve) => setTimeout(resolve, 5));
      request.hangUp();
      assert.equal(((await aborted) as DOMException).name, 'AbortError');
    });

    it('should answer 405 to other methods', async () => {
      const get = await app.request('GET', READ);
      assert.equal(get.status, 405);
      assert.equal(get.headers.allow, 'POST, OPTIONS');
    });
  });

  describe(`POST /resources/read guards (${adapter})`, () => {
    const reader = () => Promise.resolve(APP_HTML);
    const start = (options: Record<string, unknown>) => startAdapter(adapter, { readResource: reader, ...options });

    it("should refuse a foreign page's request (403) before anything else, then a body not sent as JSON (415)", async () => {
      const app = await start({ allowExecute: false, readResource: undefined });
      try {
        const foreign = await app.request('POST', READ, {
          body: body('ui://ok'),
          headers: { Origin: 'https://evil.example' },
        });
        assert.equal(foreign.status, 403);
        assert.match(foreign.json.error, /^Cross-origin request refused: https:\/\/evil\.example/);
        const typed = await app.request('POST', READ, {
          body: body('ui://ok'),
          headers: { 'Content-Type': 'text/plain' },
        });
        assert.equal(typed.status, 415);
      } finally {
        await app.close();
      }
    });

    it('should answer 403 when execution is off, before saying it has no reader', async () => {
      const app = await start({ allowExecute: false, readResource: undefined });
      try {
        const answer = await app.request('POST', READ, { body: '{not json' });
        assert.equal(answer.status, 403);
        assert.deepEqual(answer.json, { error: 'Tool execution is disabled.' });
      } finally {
        await app.close();
      }
    });

    it('should answer 404 without a readResource option, whatever the body', async () => {
      const app = await start({ allowExecute: true, readResource: undefined });
      try {
        const answer = await app.request('POST', READ, { body: '{not json' });
        assert.equal(answer.status, 404);
        assert.deepEqual(answer.json, { error: 'This console reads no resources.' });
      } finally {
        await app.close();
      }
    });

    it('should answer 413 for a body over maxBodyBytes, before looking into it', async () => {
      const app = await start({ allowExecute: true, maxBodyBytes: 64 });
      try {
        const answer = await app.request('POST', READ, { body: `{"uri": "${'x'.repeat(100)}` });
        assert.equal(answer.status, 413);
        assert.deepEqual(answer.json, { error: 'Request body exceeds 64 bytes.', limitBytes: 64 });
      } finally {
        await app.close();
      }
    });

    it('should check the body before the auth hook, and answer exactly 401 when the hook refuses', async () => {
      let asked = 0;
      const authHook = (_req: unknown, next: (error?: unknown) => void) => {
        asked++;
        next(new Error('token abc123 is not valid'));
      };
      let read = 0;
      const app = await start({ allowExecute: true, authHook, readResource: () => (read++, APP_HTML) });
      try {
        assert.equal((await app.request('POST', READ, { body: '{}' })).status, 400);
        assert.equal(asked, 0, 'a bad body never reaches the hook');
        const answer = await app.request('POST', READ, { body: body('ui://ok') });
        assert.equal(answer.status, 401);
        assert.equal(answer.text, '{"error":"Unauthorized"}');
        assert.equal(read, 0, 'the reader never ran');
        assert.doesNotMatch(answer.text, /abc123/);
      } finally {
        await app.close();
      }
    });

    it('should read once the hook calls next()', async () => {
      const authHook = (_req: unknown, next: () => void) => setTimeout(next, 10);
      const app = await start({ allowExecute: true, authHook });
      try {
        const answer = await app.request('POST', READ, { body: body('ui://ok') });
        assert.equal(answer.status, 200);
        assert.deepEqual(answer.json, APP_HTML);
      } finally {
        await app.close();
      }
    });

    it('should allow Tool-Caller in the preflight of a listed origin', async () => {
      const app = await start({ allowExecute: true, corsOrigins: ['https://app.example'] });
      try {
        const preflight = await app.request('OPTIONS', READ, {
          headers: {
            Origin: 'https://app.example',
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'content-type, tool-caller',
          },
        });
        assert.equal(preflight.status, 204);
        assert.match(String(preflight.headers['access-control-allow-headers']), /(^|, )Tool-Caller(,|$)/);
        assert.equal(preflight.headers['access-control-allow-methods'], 'POST, OPTIONS');
      } finally {
        await app.close();
      }
    });
  });
}

describe('the readResource option', () => {
  it('should be refused at startup unless it is a function', () => {
    for (const readResource of ['ui://x', {}, null, 42]) {
      assert.throws(
        () => createServer({ tools: [], handleCall: () => [[], false], readResource: readResource as never }),
        { name: 'TypeError', message: 'tool-console: readResource must be a function' },
        String(readResource),
      );
    }
  });
});
