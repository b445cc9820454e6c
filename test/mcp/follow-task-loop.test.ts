// A task of the Tasks extension (2026-07-28) that a server answered `tools/call` with, as the server sees the bridge
// follow it and the caller sees the outcome: when it asks after the task, what a failed or cancelled task says, and
// when the bridge cancels it (only when the call ends without the task's end).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { followTask } from '../../server/mcp/follow-task.js';
import type { ExtensionTask } from '../../server/mcp/task-handle.js';
import { recordingContext } from './call-bridge.js';
import { linkTaskServer, type LinkedServer } from './linked-task-server.js';

const done = { content: [{ type: 'text', text: 'done' }] };
const handle: ExtensionTask = { taskId: 't1', status: 'working', statusMessage: 'Starting', pollIntervalMs: 1 };

/** Each `tasks/get` answers the next of `statuses` (the last one stays). */
function followedServer(statuses: Partial<ExtensionTask>[], get?: () => unknown) {
  let asked = 0;
  return linkTaskServer({
    'tasks/get':
      get ?? (() => ({ taskId: 't1', pollIntervalMs: 1, ...statuses[Math.min(asked++, statuses.length - 1)] })),
    'tasks/cancel': () => ({}),
    'tasks/list': () => ({ tasks: [] }),
  });
}

/** The methods the server received, once every request the bridge sent before this point arrived. */
async function methodsSeen(linked: LinkedServer): Promise<string[]> {
  // Requests arrive in order: once this one did, any tasks/cancel sent before it did too.
  const anyResult = { '~standard': { version: 1 as const, vendor: 't', validate: (value: unknown) => ({ value }) } };
  await linked.client.request({ method: 'tasks/list', params: {} }, anyResult);
  return linked.received.map(({ method }) => method).slice(0, -1);
}

async function failure(work: Promise<unknown>): Promise<ProtocolError> {
  const error = await work.then(
    () => assert.fail('it succeeded'),
    (thrown: unknown) => thrown,
  );
  assert.ok(error instanceof ProtocolError, String(error));
  return error;
}

describe('following a task of the Tasks extension', () => {
  it('should ask after the task while it works or waits for input, report each new status once, and answer its result', async () => {
    const linked = await followedServer([
      { status: 'working', statusMessage: 'Starting' },
      { status: 'input_required', statusMessage: 'Asking' },
      { status: 'working', statusMessage: 'Halfway' },
      { status: 'working', statusMessage: 'Halfway' },
      { status: 'completed', result: done },
    ]);
    const { ctx, tasks } = recordingContext();
    assert.deepEqual(await followTask(linked.client, handle, {}, ctx), done);
    assert.deepEqual(tasks, [
      { taskId: 't1', status: 'working', statusMessage: 'Starting' },
      { taskId: 't1', status: 'input_required', statusMessage: 'Asking' },
      { taskId: 't1', status: 'working', statusMessage: 'Halfway' },
      { taskId: 't1', status: 'completed', statusMessage: undefined },
    ]);
    assert.deepEqual(linked.received[0], { method: 'tasks/get', params: { taskId: 't1' } });
    assert.deepEqual(await methodsSeen(linked), Array(5).fill('tasks/get'));
    await linked.close();
  });

  it('should answer the result of a handle that completed already, without asking and without a ctx', async () => {
    const linked = await followedServer([{ status: 'working' }]);
    const finished: ExtensionTask = { taskId: 't1', status: 'completed', result: done };
    assert.deepEqual(await followTask(linked.client, finished, {}, undefined), done);
    assert.deepEqual(await methodsSeen(linked), []);
    await linked.close();
  });

  it("should fail with the task's error, code and message, without cancelling it", async () => {
    const linked = await followedServer([{ status: 'failed', error: { code: -32001, message: 'The widget broke.' } }]);
    const error = await failure(followTask(linked.client, handle, {}, undefined));
    assert.equal(error.code, -32001);
    assert.equal(error.message, 'Task t1 failed: The widget broke.');
    assert.deepEqual(await methodsSeen(linked), ['tasks/get']);
    await linked.close();
  });

  it('should fail a failed task even when it carries a result', async () => {
    const linked = await followedServer([{ status: 'failed', result: done, error: { message: 'Half done.' } }]);
    const error = await failure(followTask(linked.client, handle, {}, undefined));
    assert.equal(error.message, 'Task t1 failed: Half done.');
    await linked.close();
  });

  it('should say that a task failed when it says no more, as an internal error', async () => {
    const linked = await followedServer([{ status: 'failed', error: {} }]);
    const error = await failure(followTask(linked.client, handle, {}, undefined));
    assert.equal(error.code, ProtocolErrorCode.InternalError);
    assert.equal(error.message, 'Task t1 failed');
    const bare = await failure(followTask(linked.client, { taskId: 't2', status: 'failed' }, {}, undefined));
    assert.equal(bare.message, 'Task t2 failed');
    await linked.close();
  });

  it('should say that a task was cancelled, or completed without a result', async () => {
    const linked = await followedServer([{ status: 'cancelled' }]);
    assert.equal((await failure(followTask(linked.client, handle, {}, undefined))).message, 'Task t1 cancelled');
    const empty: ExtensionTask = { taskId: 't3', status: 'completed' };
    assert.equal((await failure(followTask(linked.client, empty, {}, undefined))).message, 'Task t3 completed');
    assert.deepEqual(await methodsSeen(linked), ['tasks/get']);
    await linked.close();
  });

  it('should cancel the task when the call is cancelled while it waits', async () => {
    const linked = await followedServer([{ status: 'working' }]);
    const controller = new AbortController();
    const call = followTask(
      linked.client,
      { ...handle, pollIntervalMs: 60_000 },
      { signal: controller.signal },
      undefined,
    );
    controller.abort();
    await assert.rejects(call);
    assert.deepEqual(await linked.requested('tasks/cancel'), { taskId: 't1' });
    await linked.close();
  });

  it('should cancel the task when a status request fails, and give each request the call time limit', async () => {
    const linked = await followedServer([], () => new Promise(() => {}));
    const error = await followTask(linked.client, handle, { timeout: 50 }, undefined).catch((e: unknown) => e);
    assert.match(String(error), /timed out/i);
    assert.deepEqual(await linked.requested('tasks/cancel'), { taskId: 't1' });
    await linked.close();
  });

  it('should wait a second between status requests when the server suggests no interval', async () => {
    const linked = await followedServer([{ status: 'completed', result: done }]);
    const started = Date.now();
    await followTask(linked.client, { taskId: 't1', status: 'working' }, {}, undefined);
    assert.ok(Date.now() - started >= 900, `asked after ${Date.now() - started} ms`);
    await linked.close();
  });
});
