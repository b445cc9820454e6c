// Questions a server asks as tasks (MCP 2025-11-25): it may send `elicitation/create` or `sampling/createMessage` with
// a `task` field, and then expects a task at once instead of the answer. The console creates the task, asks the user
// in the background, and stores the answer as the task's result; the server follows the task with `tasks/get` and
// takes the answer with `tasks/result`, answered from this store. A server that cancels the task (`tasks/cancel`)
// withdraws the question. The 2.x SDK has no tasks runtime, so the store and its four handlers live here.
import { randomUUID } from 'node:crypto';
import { ProtocolError, ProtocolErrorCode, type Result, type Task } from '@modelcontextprotocol/client';

const TERMINAL = new Set<Task['status']>(['completed', 'failed', 'cancelled']);
/** How long a task is kept when its server asked for no particular time. */
const DEFAULT_TTL_MS = 60 * 60 * 1000;
/** How often the server is told to ask after a question: people answer in seconds, not milliseconds. */
const POLL_INTERVAL_MS = 500;

interface Kept {
  task: Task;
  result?: Result;
  /** Resolve the `tasks/result` requests waiting for the task to end. */
  waiting: (() => void)[];
  expiry: NodeJS.Timeout;
  onCancelled?: () => void;
}

/** The tasks servers asked this client to run, for as long as their connection lasts. */
export class ClientTaskStore {
  readonly #tasks = new Map<string, Kept>();

  create(ttl: number | undefined, statusMessage: string): Task {
    const now = new Date().toISOString();
    const keep = ttl ?? DEFAULT_TTL_MS;
    const task: Task = {
      taskId: randomUUID(),
      status: 'input_required',
      statusMessage,
      ttl: keep,
      createdAt: now,
      lastUpdatedAt: now,
      pollInterval: POLL_INTERVAL_MS,
    };
    const expiry = setTimeout(() => this.#tasks.delete(task.taskId), keep);
    expiry.unref();
    this.#tasks.set(task.taskId, { task, waiting: [], expiry });
    return { ...task };
  }

  /** Ends the task with `result`, unless it ended already (a server that cancelled it waits for nothing). */
  finish(taskId: string, status: 'completed' | 'failed', statusMessage: string, result: Result): void {
    const kept = this.#tasks.get(taskId);
    if (!kept || TERMINAL.has(kept.task.status)) return;
    kept.result = result;
    this.#update(kept, status, statusMessage);
  }

  /** Calls `listener` if the server cancels the task. */
  onCancelled(taskId: string, listener: () => void): void {
    const kept = this.#tasks.get(taskId);
    if (kept) kept.onCancelled = listener;
  }

  /** `tasks/get`. */
  get(taskId: string): Task {
    return { ...this.#find(taskId).task };
  }

  /** `tasks/result`: waits until the task ends, then answers its result (or says why there is none). */
  async result(taskId: string): Promise<Result> {
    const kept = this.#find(taskId);
    if (!TERMINAL.has(kept.task.status)) await new Promise<void>((resolve) => kept.waiting.push(resolve));
    if (kept.result === undefined) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} was ${kept.task.status}.`);
    }
    return { ...kept.result, _meta: { 'io.modelcontextprotocol/related-task': { taskId } } };
  }

  /** `tasks/list`. */
  list(): { tasks: Task[] } {
    return { tasks: [...this.#tasks.values()].map((kept) => ({ ...kept.task })) };
  }

  /** `tasks/cancel`: a task that already ended cannot be cancelled. */
  cancel(taskId: string): Task {
    const kept = this.#find(taskId);
    if (TERMINAL.has(kept.task.status)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} already ${kept.task.status}.`);
    }
    this.#update(kept, 'cancelled', 'The server cancelled the task.');
    kept.onCancelled?.();
    return { ...kept.task };
  }

  /** Stops the expiry timers and lets go of whoever waits, so a closed connection keeps nothing alive. */
  close(): void {
    for (const kept of this.#tasks.values()) {
      clearTimeout(kept.expiry);
      for (const resolve of kept.waiting.splice(0)) resolve();
    }
    this.#tasks.clear();
  }

  #find(taskId: string): Kept {
    const kept = this.#tasks.get(taskId);
    if (!kept) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} not found.`);
    return kept;
  }

  /** Ends the task: a task is only ever updated to a terminal status, so whoever waits for its end is let go. */
  #update(kept: Kept, status: 'completed' | 'failed' | 'cancelled', statusMessage: string): void {
    kept.task = { ...kept.task, status, statusMessage, lastUpdatedAt: new Date().toISOString() };
    for (const resolve of kept.waiting.splice(0)) resolve();
  }
}

/**
 * Answers a task-augmented request with its task, and runs `answer` in the background to complete it. The task waits
 * for the user (`input_required`) until `answer` settles: its result completes the task, its failure fails it with
 * the failure's message. A cancelled task aborts `answer`'s signal, which withdraws the question.
 */
export function answerAsTask(
  ttl: number | undefined,
  store: ClientTaskStore,
  answer: (signal: AbortSignal) => Promise<Result>,
): { task: Task } {
  const task = store.create(ttl, 'Waiting for the user to answer.');
  const withdrawn = new AbortController();
  store.onCancelled(task.taskId, () => withdrawn.abort(new Error('The server cancelled the task.')));
  answer(withdrawn.signal).then(
    (result) => store.finish(task.taskId, 'completed', 'The user answered.', result),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      store.finish(task.taskId, 'failed', message, { content: [{ type: 'text', text: message }], isError: true });
    },
  );
  return { task };
}
