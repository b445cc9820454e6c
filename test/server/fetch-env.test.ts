// What a Fetch handler receives besides the request (`env`): @hono/node-server's bindings carry the node request the
// Request was made from, and the console reads the headers there; anything else (Workers' bindings, Bun's server,
// Deno's info) leaves the Request's own headers in charge. The Origin guard shows which headers were read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createFetchHandler } from '../../server/fetch.js';
import type { Tool } from '../../server/index.js';
import { recordingLogger } from './helpers.js';

const tools: Tool[] = [{ name: 'echo', inputSchema: { type: 'object' } }];
const BODY = '{}';
const FOREIGN = 'https://attacker.example';

function setUp() {
  let runs = 0;
  const handler = createFetchHandler({
    tools,
    allowExecute: true,
    handleCall: () => {
      runs += 1;
      return [[{ type: 'text', text: 'ran' }], false];
    },
    logger: recordingLogger(),
  });
  return { handler, runs: () => runs };
}

/** A call as the Request carries it, with `origin` as its Origin when given. */
function call(origin?: string): Request {
  return new Request('http://127.0.0.1:8000/tools/echo/call', {
    method: 'POST',
    body: BODY,
    headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
  });
}

/** @hono/node-server's bindings for a request whose headers (node's record, lower-case names) are `headers`. */
function nodeBindings(headers: Record<string, string>) {
  return { incoming: { headers, rawHeaders: Object.entries(headers).flat() }, outgoing: {} };
}

describe('the Fetch handler and its env', () => {
  it("should read the headers from @hono/node-server's node request", async () => {
    const { handler, runs } = setUp();
    const sameAsSent = { 'content-type': 'application/json', 'content-length': String(BODY.length) };
    const allowed = await handler(call(), nodeBindings(sameAsSent));
    assert.equal(allowed.status, 200);
    assert.equal(runs(), 1);

    const refused = await handler(call(), nodeBindings({ ...sameAsSent, origin: FOREIGN }));
    assert.equal(refused.status, 403);
    assert.match((await refused.json()).error, /attacker\.example/);
    assert.equal(runs(), 1, 'the tool must not run');
  });

  it('should read the Request when env is anything else (a binding named incoming, nothing at all)', async () => {
    const { handler, runs } = setUp();
    const workersBindings = { incoming: { headers: {} }, KV: {} };
    for (const env of [workersBindings, { incoming: null }, null, undefined]) {
      const refused = await handler(call(FOREIGN), env);
      assert.equal(refused.status, 403, `env ${JSON.stringify(env)}`);
    }
    assert.equal((await handler(call(), workersBindings)).status, 200);
    assert.equal(runs(), 1);
  });
});
