// The client side of questions asked as tasks (MCP 2025-11-25), as a server following them sees it: the task it gets
// at once, what `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel` answer while the user decides and
// after, and how long a task is kept. The bridge tests run the same store against a real task server; these pin down
// the answers those runs do not reach (failures, cancelling twice, expiry).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProtocolError, type Result } from '@modelcontextprotocol/client';
import { answerAsTask, ClientTaskStore } from '../../server/mcp/client-tasks.js';

/** An answer the test gives when it likes, and the signal the store handed it. */
function pendingAnswer() {
  let settle!: { resolve: (result: Result) => void; reject: (error: Error) => void };
  let signal: AbortSignal | undefined;
  const answer = (given: AbortSignal) => {
    signal = given;
    return new Promise<Result>((resolve, reject) => (settle = { resolve, reject }));
  };
  return { answer, settle: () => settle, signal: () => signal! };
}

/** The message of the ProtocolError `work` fails with. */
async function protocolFailure(work: Promise<unknown> | (() => unknown)): Promise<string> {
  const error = await (typeof work === 'function' ? Promise.resolve().then(work) : work).then(
    () => assert.fail('it succeeded'),
    (thrown: unknown) => thrown,
  );
  assert.ok(error instanceof ProtocolError, String(error));
  return error.message;
}

describe('questions asked as tasks, as the server following them sees them', () => {
  it('should answer a task waiting for the user at once, then the answer once the user gave it', async () => {
    const store = new ClientTaskStore();
    const pending = pendingAnswer();
    const { task } = answerAsTask(undefined, store, pending.answer);
    assert.equal(task.status, 'input_required');
    assert.equal(task.statusMessage, 'Waiting for the user to answer.');
    assert.equal(task.ttl, 60 * 60 * 1000);
    assert.equal(task.pollInterval, 500);
    assert.deepEqual(
      store.list().tasks.map(({ taskId, status }) => [taskId, status]),
      [[task.taskId, 'input_required']],
    );

    const result = store.result(task.taskId);
    pending.settle().resolve({ action: 'accept', content: { name: 'Ada' } });
    assert.deepEqual(await result, {
      action: 'accept',
      content: { name: 'Ada' },
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: task.taskId } },
    });
    assert.equal(store.get(task.taskId).status, 'completed');
    assert.equal(store.get(task.taskId).statusMessage, 'The user answered.');
    store.close();
  });

  it("should fail the task with the failure's message, as an error result", async () => {
    const store = new ClientTaskStore();
    const pending = pendingAnswer();
    const { task } = answerAsTask(5_000, store, pending.answer);
    assert.equal(task.ttl, 5_000);
    pending.settle().reject(new Error('The page that was asked went away.'));
    assert.deepEqual(await store.result(task.taskId), {
      content: [{ type: 'text', text: 'The page that was asked went away.' }],
      isError: true,
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: task.taskId } },
    });
    assert.equal(store.get(task.taskId).status, 'failed');
    assert.equal(store.get(task.taskId).statusMessage, 'The page that was asked went away.');
    assert.equal(await protocolFailure(() => store.cancel(task.taskId)), `Task ${task.taskId} already failed.`);
    store.close();
  });

  it('should withdraw the question when the server cancels, and refuse to cancel it twice', async () => {
    const store = new ClientTaskStore();
    const pending = pendingAnswer();
    const { task } = answerAsTask(undefined, store, pending.answer);
    const waiting = store.result(task.taskId);
    const cancelled = store.cancel(task.taskId);
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.statusMessage, 'The server cancelled the task.');
    assert.equal(pending.signal().aborted, true);
    assert.equal(await protocolFailure(waiting), `Task ${task.taskId} was cancelled.`);
    // The user's late answer changes nothing.
    pending.settle().resolve({ action: 'accept', content: {} });
    await sleep(0);
    assert.equal(store.get(task.taskId).status, 'cancelled');
    assert.equal(await protocolFailure(() => store.cancel(task.taskId)), `Task ${task.taskId} already cancelled.`);
    store.close();
  });

  it('should forget a task once its time to live is over, and say so for an unknown task', async () => {
    const store = new ClientTaskStore();
    const { task } = answerAsTask(30, store, pendingAnswer().answer);
    const deadline = Date.now() + 5_000;
    while (store.list().tasks.length > 0 && Date.now() < deadline) await sleep(10);
    assert.deepEqual(store.list().tasks, []);
    assert.equal(await protocolFailure(() => store.get(task.taskId)), `Task ${task.taskId} not found.`);
    store.close();
  });

  it('should let go of a server waiting for a result when the connection closes', async () => {
    const store = new ClientTaskStore();
    const { task } = answerAsTask(undefined, store, pendingAnswer().answer);
    const waiting = store.result(task.taskId);
    store.close();
    assert.equal(await protocolFailure(waiting), `Task ${task.taskId} was input_required.`);
    assert.deepEqual(store.list().tasks, []);
  });
});
