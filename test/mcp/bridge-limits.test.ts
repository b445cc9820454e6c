// The bridge's time limits (README: connectTimeoutMs 30 000 for connecting and each tools/list page, callTimeoutMs
// 60 000, 0 leaving calls to the console). The defaults are checked with node's setTimeout mocked, so a minute
// passes in an instant; the fixture says on stderr when it has received the request it will never answer.
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { connectMcp } from '../../server/mcp/index.js';
import { announcements } from '../fixtures/mcp/announcements.js';
import { fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { callTool, textOf } from './call-bridge.js';

const fixture = { command: process.execPath, args: [fixtureStdioServer] };
/** The fixture, answering initialize but never tools/list. */
const neverLists = { stdio: { ...fixture, env: { FIXTURE_HANG_LIST: '1' } } };

/** Whether `promise` has settled once everything already queued has run (mocked timers do not move on their own). */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

// Each test waits on a child process: a bug that stops an answer fails the test after 20 s instead of hanging.
const waits = { timeout: 20_000 };

describe('connectMcp time limits', () => {
  it('connectTimeoutMs limits connecting to a server that never answers initialize', waits, async () => {
    const silent = { stdio: { command: process.execPath, args: ['-e', 'process.stdin.resume()'] } };
    await assert.rejects(
      connectMcp(silent, { connectTimeoutMs: 200 }),
      /^McpConnectionError: Could not connect to the MCP server .*did not answer within 200 ms/,
    );
  });

  it('connectTimeoutMs limits each tools/list page', waits, async () => {
    // Whether the limit ends the handshake or the listing (the machine's load decides), it is said the same way,
    // with the flag that sets it (a listing's timeout was the SDK's bare "Request timed out").
    await assert.rejects(
      connectMcp(neverLists, { connectTimeoutMs: 200 }),
      /did not answer within 200 ms[^]*--connect-timeout/,
    );
  });

  it('connectTimeoutMs defaults to 30 000 ms', waits, async (t: TestContext) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const announced = announcements();
    const connecting = connectMcp(neverLists, { onStderr: announced.onStderr });
    await announced.waitFor(/tools\/list received/);
    t.mock.timers.tick(29_999);
    assert.equal(await hasSettled(connecting), false, 'still waiting at 29,999 ms');
    t.mock.timers.tick(1);
    await assert.rejects(connecting, /did not answer within 30000 ms/);
  });

  it('callTimeoutMs defaults to 60 000 ms, then the call is an error result', waits, async (t: TestContext) => {
    const announced = announcements();
    const bridge = await connectMcp({ stdio: fixture }, { onStderr: announced.onStderr });
    t.after(() => bridge.close()); // also when the test fails or times out
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const call = callTool(bridge, 'slow');
    await announced.waitFor(/slow started/);
    t.mock.timers.tick(59_999);
    assert.equal(await hasSettled(call), false, 'still running at 59,999 ms');
    t.mock.timers.tick(1);
    const result = await call;
    assert.equal(result.isError, true);
    assert.equal(textOf(result), 'The MCP server did not answer within 60000 ms.');
  });

  it(
    'callTimeoutMs: 0 sets no limit of its own: the call runs until its signal aborts',
    waits,
    async (t: TestContext) => {
      const announced = announcements();
      const bridge = await connectMcp({ stdio: fixture }, { callTimeoutMs: 0, onStderr: announced.onStderr });
      t.after(() => bridge.close());
      t.mock.timers.enable({ apis: ['setTimeout'] });
      const controller = new AbortController();
      const call = callTool(bridge, 'slow', {}, controller.signal);
      await announced.waitFor(/slow started/);
      t.mock.timers.tick(24 * 60 * 60 * 1000);
      assert.equal(await hasSettled(call), false, 'still running after a day');
      controller.abort(new Error('the console gave up'));
      assert.equal(textOf(await call), 'The call was cancelled.');
    },
  );
});
