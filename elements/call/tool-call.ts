// One run of a tool. Whoever starts it owns it (the console, or a form used on its own); everything else draws
// from the snapshots it hands out. Snapshots are immutable, so a Lit property that holds one redraws on each change:
// a progress report, a log line, a question from the server and its answer, the end.
import {
  type CallEvent,
  type CallLog,
  type CallMode,
  type CallOutcome,
  type CallProgress,
  type CallQuestion,
  type CallRequest,
  type CallTask,
  type QuestionAnswer,
  type ToolApi,
  type ValidationFailure,
  ApiError,
  answerErrors,
} from '../api.js';
import { emit } from '../events.js';

export type CallStatus = 'running' | 'finished' | 'failed' | 'cancelled';

/** A line the tool logged during the call, with when it arrived (`Date.now()`). */
export interface LogLine extends CallLog {
  readonly at: number;
}

/** A question the server asked during the call, open until answered, closed by the server, or the call ends. */
export interface OpenQuestion extends CallQuestion {
  /** An answer is on its way. */
  readonly sending?: boolean;
  /** The server turned the values down (400): where and why; the question stays open. */
  readonly errors?: readonly ValidationFailure[];
  /** Why the last answer was not taken (401, 403, no answer), for the dialog to say. */
  readonly problem?: string;
  /** URL mode: the user opened the link, and the server closes the question when its flow is done. */
  readonly waiting?: boolean;
}

/** The server has closed a URL flow it asked the user to finish. */
export const QUESTION_COMPLETED = 'The server says this step is complete.';

/** The log lines a call keeps: a chatty tool keeps its latest, and says how many went before. */
export const MAX_LOG_LINES = 500;

/** A call as it stands: running, or how it ended. */
export interface ToolCall {
  /** The same for every snapshot of one run, so an owner can tell a late end of an older run from the current one. */
  readonly run: number;
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  /** What was sent (its cURL is shown beside a failure). */
  readonly request: CallRequest;
  readonly status: CallStatus;
  /** When the call was sent (`Date.now()`), for its elapsed time. */
  readonly startedAt: number;
  /** The latest progress the tool reported, if any. */
  readonly progress?: CallProgress;
  /** Where the call stands when it runs as an MCP task (the latest status its server reported). */
  readonly task?: CallTask;
  /** The latest {@link MAX_LOG_LINES} lines the tool logged, oldest first; they stay after the end. */
  readonly logs: readonly LogLine[];
  /** How many earlier lines were let go to keep that bound. */
  readonly logsDropped: number;
  /** The backend answered with a `CallToolResult` (tool errors included). */
  readonly outcome?: CallOutcome;
  /** No `CallToolResult` came back: an HTTP error, a network failure, no backend. */
  readonly error?: Error;
  /** What the server asks the user and waits for, oldest first; none once the call has ended. */
  readonly questions: readonly OpenQuestion[];
  /** The latest word about a question that closed (the server completed it, or it expired), for the call view. */
  readonly notice?: string;
  /** Aborts the request while it runs; does nothing once the call has ended. */
  readonly cancel: () => void;
  /** Sends the user's answer to an open question (one at a time); the snapshots say how it went. */
  readonly answer: (id: string, answer: QuestionAnswer) => void;
  /** Lets go of a question that needs nothing more from the user (a URL flow waiting for its server). */
  readonly dismiss: (id: string) => void;
}

let runs = 0;

/**
 * Starts a call from `source`: fires the cancelable `tool-call-start` there and, unless a listener prevented it,
 * sends the request and fires `tool-call-end` when it ends. Returns the running snapshot, or undefined when the call
 * was prevented (then nothing runs and nothing should say so). `changed` receives every later snapshot: running
 * ones as progress and log lines arrive, then the final one (its status no longer `running`), after which none come.
 * `mode` asks for the call to run as a task (for a tool that may).
 */
export function startToolCall(
  source: EventTarget,
  api: ToolApi | undefined,
  name: string,
  args: Record<string, unknown>,
  changed: (call: ToolCall) => void,
  mode?: CallMode,
): ToolCall | undefined {
  if (!emit(source, 'tool-call-start', { name, arguments: args }, { cancelable: true })) return undefined;
  const abort = new AbortController();
  let current: ToolCall = {
    run: ++runs,
    name,
    arguments: args,
    request: api?.callRequest(name, args, mode) ?? { url: '', method: 'POST', headers: {}, body: JSON.stringify(args) },
    status: 'running',
    startedAt: Date.now(),
    logs: [],
    logsDropped: 0,
    questions: [],
    cancel: () => abort.abort(),
    answer: (id, answer) => void answerQuestion(id, answer),
    dismiss: (id) => updateQuestion(id, undefined),
  };
  const running = current;
  const change = (next: Partial<ToolCall>) => {
    if (current.status !== 'running') return;
    current = { ...current, ...next };
    changed(current);
  };
  /** Changes one open question, or closes it (`undefined`), saying `notice` in the call view when given. */
  const updateQuestion = (id: string, next: Partial<OpenQuestion> | undefined, notice?: string) => {
    // A question the server closed while its answer was on the way stays closed.
    if (!current.questions.some((question) => question.id === id)) return;
    const questions = next
      ? current.questions.map((question) => (question.id === id ? { ...question, ...next } : question))
      : current.questions.filter((question) => question.id !== id);
    change(notice === undefined ? { questions } : { questions, notice });
  };
  const answerQuestion = async (id: string, answer: QuestionAnswer) => {
    const question = current.questions.find((open) => open.id === id);
    if (!api || !question || question.sending) return;
    updateQuestion(id, { sending: true, problem: undefined });
    try {
      await api.answer(name, id, answer, abort.signal);
      // In URL mode, accepting is consent to open the link: the server says when the flow there is done.
      const waits = answer.action === 'accept' && question.params.mode === 'url';
      updateQuestion(id, waits ? { sending: false, waiting: true } : undefined);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      const message = error instanceof Error ? error.message : String(error);
      if (status === 404) updateQuestion(id, undefined, `The server no longer waits for that answer: ${message}`);
      else if (status === 409) updateQuestion(id, undefined);
      else if (status === 400) {
        updateQuestion(id, { sending: false, problem: message, errors: answerErrors((error as ApiError).body) });
      } else {
        // No answer at all (fetch rejects with a TypeError) or a refusal (401, 403): the question stays open.
        const problem = status ? message : 'The answer did not reach the server. Check the connection and try again.';
        updateQuestion(id, { sending: false, problem });
      }
    }
  };
  const end = (next: Pick<ToolCall, 'status' | 'outcome' | 'error'>) => {
    emit(source, 'tool-call-end', {
      name,
      arguments: args,
      outcome: next.outcome,
      error: next.error,
      aborted: next.status === 'cancelled',
    });
    // The questions end with the call: the server no longer waits for them.
    change({ ...next, questions: [], cancel: () => {} });
  };
  if (!api) {
    // Reported after the caller has the running snapshot, so its end is never older than its start.
    queueMicrotask(() => end({ status: 'failed', error: new Error('No backend: set `api` or `src`.') }));
    return running;
  }
  const onEvent = (event: CallEvent) => {
    switch (event.type) {
      case 'progress':
        return change({ progress: event.progress });
      case 'task':
        return change({ task: event.task });
      case 'log': {
        const { logs, logsDropped } = current;
        const over = Math.max(0, logs.length + 1 - MAX_LOG_LINES);
        return change({
          logs: [...logs.slice(over), { ...event.log, at: Date.now() }],
          logsDropped: logsDropped + over,
        });
      }
      case 'request':
        // The same id twice is one question (a server that repeats itself is not asking again).
        if (current.questions.some((question) => question.id === event.question.id)) return;
        return change({ questions: [...current.questions, event.question] });
      case 'request-closed':
        return updateQuestion(event.id, undefined, event.reason === 'completed' ? QUESTION_COMPLETED : undefined);
    }
  };
  api.call(name, args, abort.signal, onEvent, mode).then(
    (outcome) => end({ status: 'finished', outcome }),
    (error: unknown) =>
      end(
        abort.signal.aborted
          ? { status: 'cancelled' }
          : { status: 'failed', error: error instanceof Error ? error : new Error(String(error)) },
      ),
  );
  return running;
}
