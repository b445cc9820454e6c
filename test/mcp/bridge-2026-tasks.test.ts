// The bridge in front of a 2026-07-28 server whose tools run as tasks of the Tasks extension (modern-tasks.ts): the
// server decides to answer with a task, the bridge follows it to its result, and a call that ends without the
// result cancels the task on the server.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import type { CallContext, CallResult } from '../../server/types.js';
import { modernServer } from '../fixtures/mcp/paths.js';
import { pollUntil, recordingContext, textOf } from './call-bridge.js';

const req = {} as IncomingMessage;

describe('connectMcp in front of a 2026-07-28 server running tasks of the Tasks extension', () => {
  let bridge: McpBridge;
  const call = async (name: string, ctx: CallContext) => (await bridge.handleCall(name, {}, req, ctx)) as CallResult;
  const cancelledTasks = async () => Number(textOf(await call('cancelled-tasks', recordingContext().ctx)));

  before(async () => {
    bridge = await connectMcp({ stdio: { command: process.execPath, args: [modernServer] } }, { callTimeoutMs: 5_000 });
  });
  after(() => bridge.close());

  it('should follow the task the server answered with to its result, telling the call each status once', async () => {
    const { ctx, tasks } = recordingContext();
    const result = await call('slow-task', ctx);
    const taskId = textOf(result).replace('done in task ', '');
    assert.deepEqual(
      tasks.map(({ status, statusMessage }) => ({ status, statusMessage })),
      [
        { status: 'working', statusMessage: 'Halfway there' },
        { status: 'completed', statusMessage: undefined },
      ],
    );
    assert.ok(
      tasks.every((task) => task.taskId === taskId),
      JSON.stringify(tasks),
    );
  });

  it('should cancel the task on the server when the call is cancelled', async () => {
    const before = await cancelledTasks();
    const abort = new AbortController();
    const { ctx, tasks } = recordingContext(abort.signal);
    const running = call('stalled-task', ctx);
    await pollUntil(async () => tasks.length > 0);
    abort.abort();
    assert.equal(textOf(await running), 'The call was cancelled.');
    assert.deepEqual(
      tasks.map(({ status, statusMessage }) => ({ status, statusMessage })),
      [{ status: 'working', statusMessage: 'Still working…' }],
    );
    await pollUntil(async () => (await cancelledTasks()) === before + 1);
  });
});
