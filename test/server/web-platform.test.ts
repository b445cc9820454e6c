// The Fetch handler on a runtime without node's modules (Cloudflare Workers without nodejs_compat), here node with
// process.getBuiltinModule hidden while the handler is made: it takes the web platform's gzip (no Brotli) for its
// answers, and writes an auth hook's denial reason as plain text (an Error by its stack, anything else as JSON where
// it can be) where node's would use util.inspect.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { createAdaptorServer } from '@hono/node-server';
import { createFetchHandler, type FetchHandler } from '../../server/fetch.js';
import type { Tool, ToolConsoleOptions } from '../../server/index.js';
import { close, listen } from '../support/listen.js';
import { callPath, rawRequest, recordingLogger } from './helpers.js';

/** The handler as a runtime without node's modules makes it: no process.getBuiltinModule to load them with. */
function webOnlyHandler(options: ToolConsoleOptions<Request>): FetchHandler {
  const saved = Object.getOwnPropertyDescriptor(process, 'getBuiltinModule');
  Object.defineProperty(process, 'getBuiltinModule', { value: undefined, configurable: true, writable: true });
  try {
    return createFetchHandler(options);
  } finally {
    if (saved) Object.defineProperty(process, 'getBuiltinModule', saved);
  }
}

// Enough tools that the list is worth compressing (over 1 KiB).
const tools: Tool[] = Array.from({ length: 40 }, (_, index) => ({
  name: `tool_${index}`,
  description: `Tool number ${index}, which does the thing numbered ${index}.`,
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
}));

/** What the auth hook denies a call with: the reason its X-Deny-With header names. */
function denial(why: string): unknown {
  if (why === 'error') return new TypeError('token expired');
  if (why === 'stackless') return Object.assign(new RangeError('token too old'), { stack: undefined });
  if (why === 'object') return { code: 'expired', after: 30 };
  if (why === 'bigint') return 10n;
  if (why === 'symbol') return Symbol('nope');
  return why;
}

describe('the Fetch handler on the web platform alone', () => {
  const logger = recordingLogger();
  let server: Server;
  let port: number;
  before(async () => {
    const handler = webOnlyHandler({
      tools,
      allowExecute: true,
      handleCall: async () => [[{ type: 'text', text: 'ok' }], false],
      authHook: (request: Request, next: (error?: unknown) => void) =>
        next(denial(String(request.headers.get('x-deny-with')))),
      logger,
    });
    server = createAdaptorServer({ fetch: handler }) as Server;
    port = await listen(server);
  });
  after(() => close(server));

  it('should gzip a large answer for a client that takes gzip, and send Brotli to nobody', async () => {
    const list = await rawRequest(port, 'GET', '/tools');
    assert.equal(list.headers['content-encoding'], undefined);
    assert.ok(list.body.length > 1024, `the list is only ${list.body.length} bytes`);
    const gzipped = await rawRequest(port, 'GET', '/tools', { headers: { 'Accept-Encoding': 'br, gzip' } });
    assert.equal(gzipped.status, 200);
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.ok(gzipped.body.length < list.body.length);
    assert.deepEqual(gunzipSync(gzipped.body), list.body);
    const brotliOnly = await rawRequest(port, 'GET', '/tools', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(brotliOnly.headers['content-encoding'], undefined);
    assert.deepEqual(brotliOnly.body, list.body);
  });

  it("should log an auth hook's denial as text: an Error by its stack, else its JSON, else its string", async () => {
    const denied = async (why: string) => {
      const answer = await rawRequest(port, 'POST', callPath('tool_1'), {
        body: '{"arguments": {}}',
        headers: { 'X-Deny-With': why },
      });
      assert.equal(answer.status, 401, why);
      // The denial is logged before the 401 is written.
      const line = logger.lines.at(-1)!;
      assert.equal(line.level, 'warn', why);
      assert.ok(line.text.startsWith('tool-console: auth hook denied a call: '), line.text);
      return line.text.slice('tool-console: auth hook denied a call: '.length);
    };
    const stack = await denied('error');
    assert.match(stack, /^TypeError: token expired\n\s+at /);
    assert.equal(await denied('stackless'), 'RangeError: token too old');
    assert.equal(await denied('object'), '{"code":"expired","after":30}');
    assert.equal(await denied('bigint'), '10');
    assert.equal(await denied('symbol'), 'Symbol(nope)');
  });
});
