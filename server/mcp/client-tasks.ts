// Questions a server asks as tasks (MCP 2025-11-25): it may send `elicitation/create` or `sampling/createMessage` with
// a `task` field, and then expects a task at once instead of the answer. The console creates the task, asks the user
// in the background, and stores the answer as the task's result; the server follows the task with `tasks/get` and
// takes the answer with `tasks/result`, which the SDK answers from the store. A server that cancels the task
// (`tasks/cancel`) withdraws the question.
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import type { RequestTaskStore } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CreateTaskResult, Result, Task } from '@modelcontextprotocol/sdk/types.js';

/** The tasks servers asked this client to run; it tells whoever waits on a task when its server cancels it. */
export class ClientTaskStore extends InMemoryTaskStore {
  readonly #onCancelled = new Map<string, () => void>();

  // The SDK's `tasks/cancel` handler marks the task cancelled here: the one place a cancellation shows.
  override async updateTaskStatus(
    taskId: string,
    status: Task['status'],
    statusMessage?: string,
    sessionId?: string,
  ): Promise<void> {
    await super.updateTaskStatus(taskId, status, statusMessage, sessionId);
    if (status === 'cancelled') this.#onCancelled.get(taskId)?.();
  }

  /** Calls `listener` if the task is cancelled before `forget(taskId)`. */
  onCancelled(taskId: string, listener: () => void): void {
    this.#onCancelled.set(taskId, listener);
  }

  forget(taskId: string): void {
    this.#onCancelled.delete(taskId);
  }

  /** Stops the expiry timers of the tasks it holds, so a closed connection keeps no process alive. */
  close(): void {
    this.#onCancelled.clear();
    this.cleanup();
  }
}

/** What a request handler gets for a task-augmented request. */
export interface TaskRequestExtra {
  taskStore?: RequestTaskStore;
  taskRequestedTtl?: number;
}

/**
 * Answers a task-augmented request with its task, and runs `answer` in the background to complete it. The task waits
 * for the user (`input_required`) until `answer` settles: its result completes the task, its failure fails it with
 * the failure's message. A cancelled task aborts `answer`'s signal, which withdraws the question.
 */
export async function answerAsTask(
  extra: TaskRequestExtra,
  store: ClientTaskStore,
  answer: (signal: AbortSignal) => Promise<Result>,
): Promise<CreateTaskResult> {
  const tasks = extra.taskStore!;
  const task = await tasks.createTask({ ttl: extra.taskRequestedTtl });
  const withdrawn = new AbortController();
  store.onCancelled(task.taskId, () => withdrawn.abort(new Error('The server cancelled the task.')));
  await tasks.updateTaskStatus(task.taskId, 'input_required', 'Waiting for the user to answer.');
  // Storing a result keeps the status message it finds: the message says how the question ended first.
  const finish = async (status: 'completed' | 'failed', statusMessage: string, result: Result) => {
    await tasks.updateTaskStatus(task.taskId, 'working', statusMessage);
    await tasks.storeTaskResult(task.taskId, status, result);
  };
  answer(withdrawn.signal)
    .then(
      (result) => finish('completed', 'The user answered.', result),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        return finish('failed', message, { content: [{ type: 'text', text: message }], isError: true });
      },
    )
    // A task the server cancelled stays cancelled: storing a result for it fails, and nobody waits for one.
    .catch(() => {})
    .finally(() => store.forget(task.taskId));
  return { task: await tasks.getTask(task.taskId) };
}
