// The answers of the client's task store that client-tasks.test.ts leaves out: a result asked for after the task
// ended, an answer that comes after the task expired, a failure that is not an Error, why the question was withdrawn,
// and a store left open that keeps no process alive.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Result } from '@modelcontextprotocol/client';
import { answerAsTask, ClientTaskStore } from '../../server/mcp/client-tasks.js';

/** An answer the test gives when it likes, and the signal the store handed it. */
function pendingAnswer() {
  let settle!: { resolve: (result: Result) => void; reject: (error: unknown) => void };
  let signal: AbortSignal | undefined;
  const answer = (given: AbortSignal) => {
    signal = given;
    return new Promise<Result>((resolve, reject) => (settle = { resolve, reject }));
  };
  return { answer, settle: () => settle, signal: () => signal! };
}

describe("the client's task store over a task's life", () => {
  it('should answer the result at once when it is asked for after the task ended', async () => {
    const store = new ClientTaskStore();
    const pending = pendingAnswer();
    const { task } = answerAsTask(undefined, store, pending.answer);
    pending.settle().resolve({ action: 'decline' });
    while (store.get(task.taskId).status !== 'completed') await sleep(0);
    const before = store.get(task.taskId);
    assert.ok(before.lastUpdatedAt >= task.lastUpdatedAt);
    assert.deepEqual(await store.result(task.taskId), {
      action: 'decline',
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: task.taskId } },
    });
    store.close();
  });

  it('should fail the task with a failure that is not an Error, in words', async () => {
    const store = new ClientTaskStore();
    const pending = pendingAnswer();
    const { task } = answerAsTask(undefined, store, pending.answer);
    const waiting = store.result(task.taskId);
    pending.settle().reject('no page');
    assert.deepEqual(await waiting, {
      content: [{ type: 'text', text: 'no page' }],
      isError: true,
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: task.taskId } },
    });
    assert.equal(store.get(task.taskId).statusMessage, 'no page');
    store.close();
  });

  it('should tell the withdrawn question why', () => {
    const store = new ClientTaskStore();
    const pending = pendingAnswer();
    const { task } = answerAsTask(undefined, store, pending.answer);
    store.cancel(task.taskId);
    assert.equal((pending.signal().reason as Error).message, 'The server cancelled the task.');
    store.close();
  });

  it('should take an answer that comes after its task expired without a fuss', async () => {
    const store = new ClientTaskStore();
    const pending = pendingAnswer();
    answerAsTask(20, store, pending.answer);
    const deadline = Date.now() + 5_000;
    while (store.list().tasks.length > 0 && Date.now() < deadline) await sleep(10);
    assert.deepEqual(store.list().tasks, []);
    const failures: unknown[] = [];
    const onRejection = (error: unknown) => void failures.push(error);
    process.on('unhandledRejection', onRejection);
    pending.settle().resolve({ action: 'accept', content: {} });
    await sleep(10);
    process.off('unhandledRejection', onRejection);
    assert.deepEqual(failures, []);
    store.close();
  });

  it('should cancel a task nobody listens to', () => {
    const store = new ClientTaskStore();
    const task = store.create(undefined, 'waiting');
    assert.equal(store.cancel(task.taskId).status, 'cancelled');
    store.close();
  });

  it('should ignore a cancel listener for a task it does not know', () => {
    const store = new ClientTaskStore();
    assert.doesNotThrow(() => store.onCancelled('unknown', () => {}));
    store.close();
  });

  it('should keep no process alive with a task nobody answered', async () => {
    const module = fileURLToPath(new URL('../../server/mcp/client-tasks.js', import.meta.url));
    const script = `const { ClientTaskStore } = await import(${JSON.stringify(module)}); new ClientTaskStore().create(undefined, 'waiting');`;
    const started = Date.now();
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { timeout: 5_000 });
    assert.ok(Date.now() - started < 5_000);
  });
});
