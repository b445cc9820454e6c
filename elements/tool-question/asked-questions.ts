// The questions a streamed request other than a tool call (a prompt being got) asks while it runs, held for the
// element that shows the request: open until answered, closed by the server, or ended with the request. The element
// draws the oldest with <tool-question>; a tool call keeps its own (call/tool-call.ts), with the same answers to
// the same statuses.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiError, answerErrors, type CallEvent, type QuestionAnswer } from '../api.js';
import type { OpenQuestion } from '../call/tool-call.js';

/** Sends one answer to where the request's questions are answered; rejects with an ApiError for a non-OK answer. */
export type SendAnswer = (id: string, answer: QuestionAnswer, signal: AbortSignal) => Promise<void>;

export class AskedQuestions implements ReactiveController {
  /** The open questions, oldest first: the first is the one to show. */
  questions: readonly OpenQuestion[] = [];
  /** The latest word about a question that closed without the user (its request no longer waits for it). */
  notice: string | undefined;

  private send: SendAnswer | undefined;
  private answers: AbortController | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.end();
  }

  /** A request starts: its questions are answered through `send`. Returns what takes its events. */
  start(send: SendAnswer): (event: CallEvent) => void {
    this.end();
    this.send = send;
    this.answers = new AbortController();
    this.notice = undefined;
    return (event) => {
      if (event.type === 'request') {
        // The same id twice is one question.
        if (this.questions.some((question) => question.id === event.question.id)) return;
        this.change([...this.questions, event.question]);
      } else if (event.type === 'request-closed') {
        this.update(event.id, undefined);
      }
    };
  }

  /** The request has ended: the server waits for none of its questions any more. */
  end(): void {
    this.answers?.abort();
    this.answers = undefined;
    this.send = undefined;
    this.change([]);
  }

  async answer(id: string, answer: QuestionAnswer): Promise<void> {
    const question = this.questions.find((open) => open.id === id);
    const { send, answers } = this;
    // The dialog answers only the question it shows, one not being sent, and shows one only while a request runs.
    // Stryker disable next-line LogicalOperator: so every operand is false, however they are joined
    if (!send || !answers || !question || question.sending) return;
    this.update(id, { sending: true, problem: undefined });
    try {
      await send(id, answer, answers.signal);
      const waits = answer.action === 'accept' && question.params.mode === 'url';
      this.update(id, waits ? { sending: false, waiting: true } : undefined);
    } catch (error) {
      if (answers.signal.aborted) return;
      const status = error instanceof ApiError ? error.status : 0;
      const message = error instanceof Error ? error.message : String(error);
      if (status === 404 || status === 409) {
        this.notice = status === 404 ? `The server no longer waits for that answer: ${message}` : undefined;
        this.update(id, undefined);
      } else if (status === 400) {
        this.update(id, { sending: false, problem: message, errors: answerErrors((error as ApiError).body) });
      } else {
        const problem = status ? message : 'The answer did not reach the server. Check the connection and try again.';
        this.update(id, { sending: false, problem });
      }
    }
  }

  /** Lets go of a question that needs nothing more from the user (a URL flow waiting for its server). */
  dismiss(id: string): void {
    this.update(id, undefined);
  }

  /** Changes one open question, or closes it (`undefined`); one closed meanwhile stays closed. */
  private update(id: string, next: Partial<OpenQuestion> | undefined): void {
    this.change(
      next
        ? this.questions.map((question) => (question.id === id ? { ...question, ...next } : question))
        : this.questions.filter((question) => question.id !== id),
    );
  }

  private change(questions: readonly OpenQuestion[]): void {
    this.questions = questions;
    this.host.requestUpdate();
  }
}
