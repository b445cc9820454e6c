// The handler's `ctx`: the call's signal, and its voice while it runs (progress, log lines, questions for the user),
// which reaches a client that streams the call and costs nothing otherwise.
import type { ConsoleRequest } from '../http/console-request.js';
import type { EventStream } from '../http/event-stream.js';
import { logEventJson } from './log-event.js';
import { checkElicitRequest, type CallQuestions, type Question } from './questions.js';
import { checkSampleRequest } from './sampling.js';
import type { ElicitAnswer, ElicitRequest, LogLevel, SampleAnswer, SampleRequest, TaskStatus } from '../../types.js';
import { CALL_MODE_HEADER, encodeCallEvent, type CallEventMap } from '../../../protocol/index.js';

// As ConsoleRequest.header takes header names.
const CALL_MODE = CALL_MODE_HEADER.toLowerCase();

/** What a call can do to its own lifetime: its signal, and progress that starts its time limit again. */
export interface CallControl {
  readonly signal: AbortSignal;
  madeProgress(): void;
}

function optionalNumber(value: unknown): value is number | undefined {
  return value === undefined || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * A class, not an object literal with a getter: a literal's getter closure lives in the object's hidden class, so
 * every call made a new hidden class in the old generation, and the garbage collector spent more than the rest of the
 * call path together (measured with --trace-gc at 12,000 calls/s).
 */
export class CallContext {
  readonly #call: CallControl;
  readonly #events: EventStream<CallEventMap> | undefined;
  readonly #questions: CallQuestions | undefined;
  readonly #request: ConsoleRequest;

  constructor(
    call: CallControl,
    events: EventStream<CallEventMap> | undefined,
    questions: CallQuestions | undefined,
    request: ConsoleRequest,
  ) {
    this.#call = call;
    this.#events = events;
    this.#questions = questions;
    this.#request = request;
  }

  /** The client asked for a task (`Tool-Call-Mode: task`); read when a handler asks, which most never do. */
  get asTask(): boolean {
    return this.#request.header(CALL_MODE) === 'task';
  }

  /** Fires on the call's timeout, and when its client goes away. */
  get signal(): AbortSignal {
    return this.#call.signal;
  }

  progress(progress: number, total?: number, message?: string): void {
    if (typeof progress !== 'number' || !Number.isFinite(progress) || !optionalNumber(total)) {
      throw new TypeError('tool-console: ctx.progress(progress, total?, message?) takes finite numbers');
    }
    if (message !== undefined && typeof message !== 'string') {
      throw new TypeError('tool-console: the message of ctx.progress must be a string');
    }
    this.#call.madeProgress();
    if (this.#events?.open) this.#events.send('progress', encodeCallEvent.progress({ progress, total, message }));
  }

  log(level: LogLevel, data: unknown, logger?: string): void {
    const json = logEventJson('ctx.log', level, data, logger);
    if (this.#events?.open) this.#events.send('log', json);
  }

  task({ taskId, status, statusMessage }: TaskStatus): void {
    if (typeof taskId !== 'string' || typeof status !== 'string') {
      throw new TypeError('tool-console: ctx.task takes {taskId, status, statusMessage?} (strings)');
    }
    this.#call.madeProgress();
    const message = typeof statusMessage === 'string' ? statusMessage : undefined;
    if (this.#events?.open) {
      this.#events.send('task', encodeCallEvent.task({ taskId, status, statusMessage: message }));
    }
  }

  elicit(request: ElicitRequest, options?: { signal?: AbortSignal }): Promise<ElicitAnswer> {
    checkElicitRequest(request);
    if (this.#questions === undefined) return Promise.resolve({ action: 'cancel' });
    return this.#ask({ kind: 'elicitation', request }, options?.signal);
  }

  sample(request: SampleRequest, options?: { signal?: AbortSignal }): Promise<SampleAnswer> {
    checkSampleRequest(request);
    if (this.#questions === undefined) return Promise.resolve({ action: 'cancel' });
    return this.#ask({ kind: 'sampling', request }, options?.signal);
  }

  /** A person is slower than a tool: asking, and the answer, each start the time limit again. */
  #ask<Q extends Question>(question: Q, signal: AbortSignal | undefined) {
    this.#call.madeProgress();
    return this.#questions!.ask(question, signal).then((answer) => {
      this.#call.madeProgress();
      return answer;
    });
  }

  elicitationComplete(elicitationId: string): void {
    this.#questions?.complete(elicitationId);
  }
}
