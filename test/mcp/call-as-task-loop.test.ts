// A call run as a task of MCP 2025-11-25, as the server running it sees the bridge's requests and the caller sees the
// outcome: when it asks after the task, when it takes the result, what a failed or cancelled task says, and when the
// bridge cancels the task (only when the call ends without its result).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProtocolError } from '@modelcontextprotocol/client';
import { callAsTask } from '../../server/mcp/call-as-task.js';
import { recordingContext } from './call-bridge.js';
import { linkTaskServer, type Handler, type LinkedServer } from './linked-task-server.js';

const params = { name: 'work', arguments: { n: 1 } };
const done = { content: [{ type: 'text', text: 'done' }] };

/** `tools/call` answers a task in `status`; each `tasks/get` answers the next of `statuses` (the last one stays). */
function tasksServer(
  first: Record<string, unknown>,
  statuses: Record<string, unknown>[],
  more: Record<string, Handler> = {},
) {
  let asked = 0;
  return linkTaskServer({
    'tools/call': () => ({ content: [], task: { taskId: 't1', pollInterval: 1, ...first } }),
    'tasks/get': () => ({ taskId: 't1', pollInterval: 1, ...statuses[Math.min(asked++, statuses.length - 1)] }),
    'tasks/result': () => done,
    'tasks/cancel': () => ({ taskId: 't1', status: 'cancelled' }),
    'tasks/list': () => ({ tasks: [] }),
    ...more,
  });
}

/** The methods the server received, once every request the bridge sent before this point arrived. */
async function methodsSeen(linked: LinkedServer): Promise<string[]> {
  // Requests arrive in order: once this one did, any tasks/cancel sent before it did too.
  await linked.client.request(
    { method: 'tasks/list', params: {} },
    { '~standard': { version: 1, vendor: 't', validate: (value) => ({ value }) } },
  );
  return linked.received.map(({ method }) => method).slice(0, -1);
}

const messageOf = (error: unknown) => (assert.ok(error instanceof ProtocolError, String(error)), error.message);

describe('a call run as a task (2025-11-25)', () => {
  it('should ask after the task until it completes, report each new status once, and answer its result', async () => {
    const linked = await tasksServer({ status: 'working', statusMessage: 'Starting' }, [
      { status: 'working', statusMessage: 'Starting' },
      { status: 'working', statusMessage: 'Halfway' },
      { status: 'working', statusMessage: 'Halfway' },
      { status: 'completed' },
    ]);
    const { ctx, tasks } = recordingContext();
    assert.deepEqual(await callAsTask(linked.client, params, {}, ctx), done);
    assert.deepEqual(tasks, [
      { taskId: 't1', status: 'working', statusMessage: 'Starting' },
      { taskId: 't1', status: 'working', statusMessage: 'Halfway' },
      { taskId: 't1', status: 'completed', statusMessage: undefined },
    ]);
    assert.deepEqual(linked.received[0], { method: 'tools/call', params: { ...params, task: {} } });
    assert.deepEqual(linked.received.at(-1), { method: 'tasks/result', params: { taskId: 't1' } });
    assert.deepEqual(await methodsSeen(linked), [
      'tools/call',
      'tasks/get',
      'tasks/get',
      'tasks/get',
      'tasks/get',
      'tasks/result',
    ]);
    await linked.close();
  });

  it('should take the result at once of a task waiting for input, and run without a ctx', async () => {
    const linked = await tasksServer({ status: 'input_required' }, [{ status: 'working' }]);
    assert.deepEqual(await callAsTask(linked.client, params, {}, undefined), done);
    assert.deepEqual(await methodsSeen(linked), ['tools/call', 'tasks/result']);
    await linked.close();
  });

  it('should take the result of a task that completed at once without asking after it', async () => {
    const linked = await tasksServer({ status: 'completed' }, [{ status: 'working' }]);
    assert.deepEqual(await callAsTask(linked.client, params, {}, undefined), done);
    assert.deepEqual(await methodsSeen(linked), ['tools/call', 'tasks/result']);
    await linked.close();
  });

  it('should say why a task failed, or that it failed, without cancelling it', async () => {
    const linked = await tasksServer({ status: 'working' }, [{ status: 'failed', statusMessage: 'The widget broke.' }]);
    const error = await callAsTask(linked.client, params, {}, undefined).catch((e: unknown) => e);
    assert.equal(messageOf(error), 'Task t1 failed: The widget broke.');
    assert.deepEqual(await methodsSeen(linked), ['tools/call', 'tasks/get']);
    await linked.close();

    const bare = await tasksServer({ status: 'failed' }, [{ status: 'failed' }]);
    assert.equal(
      messageOf(await callAsTask(bare.client, params, {}, undefined).catch((e: unknown) => e)),
      'Task t1 failed',
    );
    assert.deepEqual(await methodsSeen(bare), ['tools/call']);
    await bare.close();
  });

  it('should say that the server cancelled a task, with its reason', async () => {
    const linked = await tasksServer({ status: 'working' }, [{ status: 'cancelled', statusMessage: 'Stopped.' }]);
    const error = await callAsTask(linked.client, params, {}, undefined).catch((e: unknown) => e);
    assert.equal(messageOf(error), 'Task t1 was cancelled: Stopped.');
    assert.deepEqual(await methodsSeen(linked), ['tools/call', 'tasks/get']);
    await linked.close();

    const bare = await tasksServer({ status: 'cancelled' }, [{ status: 'cancelled' }]);
    const plain = await callAsTask(bare.client, params, {}, undefined).catch((e: unknown) => e);
    assert.equal(messageOf(plain), 'Task t1 was cancelled');
    await bare.close();
  });

  it('should fail a call whose server made no task, and cancel nothing', async () => {
    const linked = await linkTaskServer({
      'tools/call': () => ({ content: [{ type: 'text', text: 'ran plainly' }] }),
      'tasks/cancel': () => ({}),
      'tasks/list': () => ({ tasks: [] }),
    });
    const error = await callAsTask(linked.client, params, {}, undefined).catch((e: unknown) => e);
    assert.equal(messageOf(error), 'Task creation did not return a task');
    assert.deepEqual(await methodsSeen(linked), ['tools/call']);
    await linked.close();
  });

  it('should cancel the task when the call is cancelled while it waits', async () => {
    const linked = await tasksServer({ status: 'working', pollInterval: 60_000 }, [{ status: 'working' }]);
    const controller = new AbortController();
    const { ctx } = recordingContext(controller.signal);
    const heard = new Promise<void>((resolve) => (ctx.task = () => resolve()));
    const call = callAsTask(linked.client, params, { signal: controller.signal }, ctx);
    await heard;
    controller.abort();
    await assert.rejects(call);
    assert.deepEqual(await linked.requested('tasks/cancel'), { taskId: 't1' });
    await linked.close();
  });

  it('should cancel the task when its result could not be taken', async () => {
    const linked = await tasksServer({ status: 'input_required' }, [{ status: 'working' }], {
      'tasks/result': () => {
        throw new Error('result lost');
      },
    });
    await assert.rejects(callAsTask(linked.client, params, {}, undefined), /result lost/);
    assert.deepEqual(await methodsSeen(linked), ['tools/call', 'tasks/result', 'tasks/cancel']);
    await linked.close();
  });

  it('should wait a second between status requests when the server suggests no interval', async () => {
    const linked = await tasksServer({ status: 'working', pollInterval: undefined }, [{ status: 'completed' }]);
    const started = Date.now();
    await callAsTask(linked.client, params, {}, undefined);
    assert.ok(Date.now() - started >= 900, `asked after ${Date.now() - started} ms`);
    await linked.close();
  });

  it('should give each request the call time limit', async () => {
    const linked = await tasksServer({ status: 'working' }, [{ status: 'working' }], {
      'tasks/get': () => new Promise(() => {}),
    });
    const error = await callAsTask(linked.client, params, { timeout: 50 }, undefined).catch((e: unknown) => e);
    assert.match(String(error), /timed out/i);
    assert.deepEqual(await linked.requested('tasks/cancel'), { taskId: 't1' });
    await linked.close();
  });
});
