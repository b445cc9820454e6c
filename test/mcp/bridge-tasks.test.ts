// The bridge in front of a server whose tools run as tasks (task-server.ts): a tool that may run as one runs as one
// only when the caller asks, and a task the call leaves behind (cancelled, or its status never told) is cancelled on
// the server.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { connectMcp, type McpBridge } from '../../server/mcp/index.js';
import type { CallContext, CallResult } from '../../server/types.js';
import { taskServer } from '../fixtures/mcp/paths.js';
import { pollUntil, recordingContext, textOf } from './call-bridge.js';

const req = {} as IncomingMessage;

describe('connectMcp in front of a server whose tools run as tasks', () => {
  let bridge: McpBridge;
  const stderr: string[] = [];
  const call = async (name: string, ctx: CallContext) => (await bridge.handleCall(name, {}, req, ctx)) as CallResult;
  const cancelledTasks = async () => Number(textOf(await call('cancelled-tasks', recordingContext().ctx)));

  before(async () => {
    bridge = await connectMcp(
      { stdio: { command: process.execPath, args: [taskServer] } },
      { callTimeoutMs: 1_000, onStderrLine: (line) => stderr.push(line) },
    );
  });
  after(() => bridge.close());

  it('should run a tool whose task support is optional plainly when the caller does not ask for a task', async () => {
    const { ctx, tasks } = recordingContext();
    const result = await call('maybe-task', ctx);
    assert.match(textOf(result), /^ran in task /);
    assert.deepEqual(tasks, [], 'no task status reached the call');
  });

  it('should run it as a task when the caller asks (ctx.asTask), passing the task on to the call', async () => {
    const { ctx, tasks } = recordingContext();
    const result = await call('maybe-task', { ...ctx, asTask: true });
    const taskId = textOf(result).replace('ran in task ', '');
    assert.ok(tasks.length > 0, 'task statuses reached the call');
    assert.ok(
      tasks.every((task) => task.taskId === taskId),
      `the call followed the task that answered: ${JSON.stringify(tasks)}`,
    );
  });

  it('should cancel the task on the server when the call is cancelled, having told its status once', async () => {
    const before = await cancelledTasks();
    const abort = new AbortController();
    const { ctx, tasks } = recordingContext(abort.signal);
    const running = call('stalled', ctx);
    // Polled every 50 ms meanwhile, the task says the same each time: the call hears it once.
    setTimeout(() => abort.abort(), 400);
    assert.equal(textOf(await running), 'The call was cancelled.');
    assert.deepEqual(
      tasks.map(({ status, statusMessage }) => ({ status, statusMessage })),
      [{ status: 'working', statusMessage: 'Still working…' }],
    );
    await pollUntil(async () => (await cancelledTasks()) === before + 1);
    assert.ok(stderr.includes(`task-server: ${tasks[0]!.taskId} cancelled`), stderr.join('\n'));
  });

  it('should withdraw a question the server asked as a task when the server cancels that task', async () => {
    const { ctx } = recordingContext();
    let withdrawn: unknown;
    const asking: CallContext = {
      ...ctx,
      elicit: (_request, options) =>
        new Promise((resolve) =>
          options!.signal!.addEventListener('abort', () => {
            withdrawn = options!.signal!.reason;
            resolve({ action: 'cancel' });
          }),
        ),
    };
    const result = await call('ask-then-withdraw', asking);
    assert.equal(textOf(result), 'withdrew input_required task: cancelled');
    await pollUntil(async () => withdrawn !== undefined);
    assert.match(String(withdrawn), /The server cancelled the task/);
  });

  it('should say that a task failed or was cancelled on the server, with the reason the server gave', async () => {
    const failed = recordingContext();
    const result = await call('failing-task', failed.ctx);
    assert.equal(result.isError, true);
    const taskId = failed.tasks[0]!.taskId;
    assert.equal(textOf(result), `The MCP server rejected the call: Task ${taskId} failed: The widget broke.`);
    assert.deepEqual(failed.tasks.at(-1), { taskId, status: 'failed', statusMessage: 'The widget broke.' });
    const abandoned = recordingContext();
    const stopped = await call('abandoned-task', abandoned.ctx);
    assert.equal(
      textOf(stopped),
      `The MCP server rejected the call: Task ${abandoned.tasks[0]!.taskId} was cancelled: The operator stopped it.`,
    );
  });

  it('should end a call whose task status is never told within its time limit, and cancel the task', async () => {
    const before = await cancelledTasks();
    const result = await call('silent-status', recordingContext().ctx);
    assert.equal(result.isError, true);
    assert.equal(textOf(result), 'The MCP server did not answer within 1000 ms.');
    await pollUntil(async () => (await cancelledTasks()) === before + 1);
  });
});
