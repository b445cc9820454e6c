// How the Fetch adapter reads a call's body and hears its client, on @hono/node-server: a body that declares its
// length is read whole (413 before reading when it declares too much), one sent in chunks without a length is read
// with the cap enforced as it arrives, no body is no arguments; a client that leaves mid-call fires ctx.signal, and
// an answer that has no body (HEAD, 204, 304) is sent without one.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createAdaptorServer } from '@hono/node-server';
import { createFetchHandler } from '../../server/fetch.js';
import type { CallContext, CallResult, Tool } from '../../server/index.js';
import { close, listen } from '../support/listen.js';
import { recordingLogger } from './helpers.js';

const LIMIT = 64;
const tools: Tool[] = ['echo', 'waits'].map((name) => ({ name, inputSchema: { type: 'object' } }));

describe('the Fetch adapter: bodies and clients', () => {
  let port: number;
  let server: Server;
  let reportStart: () => void = () => {};
  let reportAbort: (reason: string) => void = () => {};
  before(async () => {
    const handleCall = async (name: string, args: unknown, _req: unknown, ctx: CallContext): Promise<CallResult> => {
      if (name === 'waits') {
        reportStart();
        const reason = await new Promise<string>((resolve) =>
          ctx.signal.addEventListener('abort', () => resolve((ctx.signal.reason as Error).message)),
        );
        reportAbort(reason);
      }
      return { content: [{ type: 'text', text: JSON.stringify(args) }] };
    };
    const handler = createFetchHandler({
      tools,
      handleCall,
      allowExecute: true,
      maxBodyBytes: LIMIT,
      logger: recordingLogger(),
    } as never);
    server = createAdaptorServer({ fetch: handler }) as Server;
    port = await listen(server);
  });
  after(() => close(server));

  const post = (body: BodyInit | undefined, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}/tools/echo/call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
  const echoed = async (response: Response) => {
    assert.equal(response.status, 200);
    return JSON.parse((await response.json()).content[0].text);
  };
  /** A body sent in chunks, with no Content-Length (Transfer-Encoding: chunked). */
  const chunked = (...parts: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });
  const tooLarge = { error: `Request body exceeds ${LIMIT} bytes.`, limitBytes: LIMIT };

  it('should read a body that declares its length, up to the limit, and refuse one that declares more', async () => {
    const atLimit = JSON.stringify({ city: 'x'.repeat(LIMIT - 11) });
    assert.equal(Buffer.byteLength(atLimit), LIMIT);
    assert.deepEqual(await echoed(await post(atLimit)), { city: 'x'.repeat(LIMIT - 11) });
    const over = await post(JSON.stringify({ city: 'x'.repeat(LIMIT - 10) }));
    assert.equal(over.status, 413);
    assert.deepEqual(await over.json(), tooLarge);
  });

  it('should read a body sent in chunks without a length, and refuse it as soon as it passes the limit', async () => {
    assert.deepEqual(await echoed(await post(chunked('{"city":', '"Oslo",', '"days":3}'))), { city: 'Oslo', days: 3 });
    const over = await post(chunked('{"city":"', 'x'.repeat(LIMIT), '"}'));
    assert.equal(over.status, 413);
    assert.deepEqual(await over.json(), tooLarge);
  });

  it('should take a call without a body as a call without arguments', async () => {
    assert.deepEqual(await echoed(await post(undefined)), {});
    assert.deepEqual(await echoed(await post(chunked())), {});
  });

  it('should fire ctx.signal when the client of a plain call goes away', async () => {
    const started = new Promise<void>((resolve) => (reportStart = resolve));
    const aborted = new Promise<string>((resolve) => (reportAbort = resolve));
    const leaving = new AbortController();
    const call = fetch(`http://127.0.0.1:${port}/tools/waits/call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      signal: leaving.signal,
    }).catch((error: Error) => error.name);
    await started;
    leaving.abort();
    assert.equal(await call, 'AbortError');
    assert.equal(await aborted, 'The client disconnected.');
  });

  it('should send no body with HEAD, nor with a 304', async () => {
    const head = await fetch(`http://127.0.0.1:${port}/tools`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    const etag = head.headers.get('etag')!;
    const unchanged = await fetch(`http://127.0.0.1:${port}/tools`, { headers: { 'If-None-Match': etag } });
    assert.equal(unchanged.status, 304);
    assert.equal(await unchanged.text(), '');
  });
});

// As Bun, Deno and Workers call it: the Response itself, before any server could drop a body it should not have.
describe('the Fetch adapter called directly', () => {
  const handler = createFetchHandler({
    tools,
    handleCall: async (_name, args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] }),
    allowExecute: true,
  });
  const url = (path: string) => `http://127.0.0.1:8080${path}`;

  it('should give HEAD and 304 answers no body at all', async () => {
    const head = await handler(new Request(url('/tools'), { method: 'HEAD' }));
    assert.equal(head.status, 200);
    assert.equal(head.body, null);
    const etag = (await handler(new Request(url('/tools')))).headers.get('etag');
    assert.ok(etag);
    const unchanged = await handler(new Request(url('/tools'), { headers: { 'If-None-Match': etag } }));
    assert.equal(unchanged.status, 304);
    assert.equal(unchanged.body, null);
  });

  it('should take a request with no body at all as a call without arguments', async () => {
    const answer = await handler(
      new Request(url('/tools/echo/call'), { method: 'POST', headers: { 'Content-Type': 'application/json' } }),
    );
    assert.equal(answer.status, 200, await answer.clone().text());
    assert.equal(((await answer.json()) as CallResult).content[0]!.text, '{}');
  });
});

// The limit on a body, as Bun, Deno and Workers hand the adapter a request: a chunked one is counted to the byte, and
// one that declares too much is refused before a byte of it is read.
describe('the Fetch adapter called directly: the body limit', () => {
  const handler = createFetchHandler({
    tools,
    handleCall: async (_name, args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] }),
    allowExecute: true,
    maxBodyBytes: LIMIT,
  });
  const call = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    handler(
      new Request('http://127.0.0.1:8080/tools/echo/call', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
        duplex: 'half',
      } as RequestInit),
    );
  const streamOf = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    });

  it('should read a chunked body of exactly the limit, and refuse one a byte longer', async () => {
    const atLimit = JSON.stringify({ city: 'x'.repeat(LIMIT - 11) });
    assert.equal(Buffer.byteLength(atLimit), LIMIT);
    const read = await call(streamOf(atLimit));
    assert.equal(read.status, 200, await read.clone().text());
    const over = await call(streamOf(JSON.stringify({ city: 'x'.repeat(LIMIT - 10) })));
    assert.equal(over.status, 413);
  });

  it(
    'should refuse a body that declares more than the limit without waiting for any of it',
    { timeout: 2_000 },
    async () => {
      // A body that never comes: only the declared length can answer in time.
      const never = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
      const answer = await call(never, { 'Content-Length': String(LIMIT + 1) });
      assert.equal(answer.status, 413);
    },
  );

  it('should read the request’s own headers when the server hands over a node request without a header record', async () => {
    const request = new Request('http://127.0.0.1:8080/tools', { headers: { 'If-None-Match': '"nothing"' } });
    const answer = await handler(request, { incoming: { rawHeaders: [], headers: null } } as never);
    assert.equal(answer.status, 200, await answer.clone().text());
  });
});
