// The output check in front of a real MCP server: the fixture's `rich` tool answers what its outputSchema promises,
// `mismatch` does not, and the console says so in the Tool-Output-Check header while passing both results through.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import { OUTPUT_CHECK_HEADER } from '../../protocol/index.js';
import { fixtureStdioServer } from '../fixtures/mcp/paths.js';
import { callPath, startConsole, type RunningConsole } from '../server/helpers.js';

const header = OUTPUT_CHECK_HEADER.toLowerCase();

describe('the output check through the MCP bridge (fixture server over stdio)', () => {
  let bridge: McpBridge;
  let app: RunningConsole;
  before(async () => {
    bridge = await connectMcp({ stdio: { command: process.execPath, args: [fixtureStdioServer] } });
    app = await startConsole({ tools: bridge.tools, handleCall: bridge.handleCall, allowExecute: true });
  });
  after(async () => {
    await app.close();
    await bridge.close();
  });
  const call = (name: string) => app.request('POST', callPath(name), { body: '{}' });

  it('says the structured content of `rich` matches its outputSchema', async () => {
    const answer = await call('rich');
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(String(answer.headers[header])), { valid: true });
    assert.deepEqual(answer.json.structuredContent, { answer: 42 });
  });

  it("lists where `mismatch` breaks its outputSchema, and still shows the server's result", async () => {
    const answer = await call('mismatch');
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(String(answer.headers[header])), {
      valid: false,
      errors: [{ path: '/answer', keyword: 'type', message: 'must be number' }],
    });
    assert.deepEqual(answer.json.structuredContent, { answer: 'forty-two' });
  });

  it('checks nothing for a tool without an outputSchema or an isError result', async () => {
    for (const name of ['pid', 'fails']) assert.equal((await call(name)).headers[header], undefined, name);
  });
});
