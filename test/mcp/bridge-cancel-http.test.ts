// Cancelling over HTTP reaches the MCP server: a client that disconnects and the console's own callTimeoutMs both
// abort the call's signal, and the bridge sends notifications/cancelled for the request with the console's reason.
// The fixture (a real child process over stdio) announces on stderr the cancellation it receives.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import { announcements } from '../fixtures/mcp/announcements.js';
import { fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { callPath, callThenHangUp, startConsole, type RunningConsole } from '../server/helpers.js';

// A bug that loses the cancellation would leave the wait for the fixture's announcement open: fail after 20 s.
const waits = { timeout: 20_000 };

describe('cancelling through the console reaches the MCP server', () => {
  const announced = announcements();
  let bridge: McpBridge;
  let unlimited: RunningConsole;
  let limited: RunningConsole;

  before(async () => {
    // As the CLI does: the bridge sets no limit of its own and leaves calls to the console's.
    const fixture = { stdio: { command: process.execPath, args: [fixtureStdioServer] } };
    bridge = await connectMcp(fixture, { callTimeoutMs: 0, onStderr: announced.onStderr });
    const options = { tools: bridge.tools, handleCall: bridge.handleCall, allowExecute: true };
    unlimited = await startConsole({ ...options, callTimeoutMs: 0 });
    limited = await startConsole({ ...options, callTimeoutMs: 300 });
  });
  after(async () => {
    await unlimited?.close();
    await limited?.close();
    await bridge?.close();
  });

  it('when the HTTP client disconnects mid-call', waits, async () => {
    const since = announced.text.length;
    const call = callThenHangUp(unlimited.port, callPath('slow'), '{}');
    const [, id] = await announced.waitFor(/slow started as request (\S+)/, since);
    call.hangUp();
    const [line] = await announced.waitFor(new RegExp(`request ${id} cancelled: .*`), since);
    assert.match(line, /The client disconnected\./);
    await unlimited.logger.waitFor('info', /aborted: the client disconnected/);
  });

  it("when the console's callTimeoutMs runs out", waits, async () => {
    const since = announced.text.length;
    const answer = await limited.request('POST', callPath('slow'), { body: '{}' });
    assert.equal(answer.status, 504);
    assert.deepEqual(answer.json, {
      content: [{ type: 'text', text: 'The tool call timed out after 300 ms.' }],
      isError: true,
    });
    const [, id] = await announced.waitFor(/slow started as request (\S+)/, since);
    const [line] = await announced.waitFor(new RegExp(`request ${id} cancelled: .*`), since);
    assert.match(line, /The tool call timed out after 300 ms\./);
  });
});
