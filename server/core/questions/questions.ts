// Questions a running call asks its user (MCP elicitation and sampling): each is sent as a `request` event on the call's stream
// and waits for `POST /tools/{name}/requests/{id}`. The board holds the questions of every streamed call running in
// this process (a question lives where its call runs), answered or not; a call's questions leave the board with it,
// those still open answered `cancel`.
import type { EventStream } from '../http/event-stream.js';
import { HttpError } from '../http/http-error.js';
import { answerAction } from './answer-action.js';
import { sampleWireParams } from './sampling.js';
import type { ElicitAnswer, ElicitRequest, SampleAnswer, SampleRequest } from '../../types.js';
import {
  encodeCallEvent,
  isPlainObject,
  type CallEventMap,
  type FormElicitation,
  type QuestionAsked,
  type SamplingParams,
  type UrlElicitation,
} from '../../../protocol/index.js';

const CANCEL = { action: 'cancel' } as const;

/** What a call asks: a form or a page to open (elicitation), or a reply as the model (sampling). */
export type Question = { kind: 'elicitation'; request: ElicitRequest } | { kind: 'sampling'; request: SampleRequest };

type AnswerTo<Q extends Question> = Q extends { kind: 'sampling' } ? SampleAnswer : ElicitAnswer;

interface PendingQuestion {
  readonly tool: string;
  readonly question: Question;
  answered: boolean;
  settle(answer: ElicitAnswer | SampleAnswer): void;
}

/** The request as sent on the stream: only the fields MCP defines, so nothing else a handler passed leaks out. */
function wireParams(request: ElicitRequest): FormElicitation | UrlElicitation {
  if (request.mode === 'url') {
    const { message, url, elicitationId } = request;
    return { mode: 'url', message, url, ...(elicitationId === undefined ? {} : { elicitationId }) };
  }
  return { mode: 'form', message: request.message, requestedSchema: request.requestedSchema };
}

/** Throws a TypeError naming what is wrong with a handler's `ctx.elicit` argument. */
export function checkElicitRequest(request: unknown): asserts request is ElicitRequest {
  const fail = (what: string) => {
    throw new TypeError(`tool-console: ctx.elicit ${what}`);
  };
  if (!isPlainObject(request)) fail('takes {message, requestedSchema} or {mode: "url", message, url}');
  const { mode, message, requestedSchema, url, elicitationId } = request as Record<string, unknown>;
  if (typeof message !== 'string') fail('needs a message (a string)');
  if (mode === 'url') {
    if (typeof url !== 'string') fail('in URL mode needs a url (a string)');
    if (elicitationId !== undefined && typeof elicitationId !== 'string') fail('takes an elicitationId string');
  } else if (mode === undefined || mode === 'form') {
    if (!isPlainObject(requestedSchema)) fail('needs a requestedSchema (a JSON Schema object)');
  } else {
    fail(`has no mode ${JSON.stringify(mode)} (form or url)`);
  }
}

/**
 * The answer a client sent, checked for shape (its content is checked against the schema by the route). A URL-mode
 * question's answer is its action alone, as MCP defines it: content sent with it goes no further.
 */
export function parseElicitAnswer(body: unknown, mode: ElicitRequest['mode']): ElicitAnswer {
  const action = answerAction(body, 'content');
  if (action !== 'accept' || mode === 'url') return { action };
  const content = (body as Record<string, unknown>).content;
  if (content !== undefined && !isPlainObject(content))
    throw new HttpError(400, "An answer's content must be an object.");
  return content === undefined ? { action } : { action, content };
}

export class QuestionBoard {
  readonly #open = new Map<string, PendingQuestion>();

  /** The questions of one streamed call of `tool`. */
  forCall(tool: string, events: EventStream<CallEventMap>): CallQuestions {
    return new CallQuestions(this.#open, tool, events);
  }

  /**
   * The open question `id` of a call of `tool`, for answering: 404 when there is none (never asked, or its call has
   * ended), 409 when it has been answered already.
   */
  find(tool: string, id: string): { question: Question; settle(answer: ElicitAnswer | SampleAnswer): void } {
    const question = this.#open.get(id);
    if (question === undefined || question.tool !== tool) {
      throw new HttpError(404, 'No open question with this id: its call has ended, or it never existed.');
    }
    if (question.answered) throw new HttpError(409, 'This question has been answered already.');
    return {
      question: question.question,
      settle: (answer) => {
        question.answered = true;
        question.settle(answer);
      },
    };
  }
}

/** One call's questions: asked on its stream, all closed when the call ends. */
export class CallQuestions {
  readonly #board: Map<string, PendingQuestion>;
  readonly #tool: string;
  readonly #events: EventStream<CallEventMap>;
  readonly #mine = new Set<string>();
  /** URL questions by the elicitationId the server gave them, so a completion can close the right one. */
  readonly #byElicitationId = new Map<string, string>();

  constructor(board: Map<string, PendingQuestion>, tool: string, events: EventStream<CallEventMap>) {
    this.#board = board;
    this.#tool = tool;
    this.#events = events;
  }

  /** Sends the question and resolves with the user's answer; `cancel` when the call ends first or `signal` fires. */
  ask<Q extends Question>(question: Q, signal?: AbortSignal): Promise<AnswerTo<Q>> {
    if (!this.#events.open || signal?.aborted) return Promise.resolve(CANCEL as AnswerTo<Q>);
    const id = crypto.randomUUID();
    return new Promise<AnswerTo<Q>>((resolve) => {
      // Withdrawn by its asker: the page closes it, and the question leaves the board.
      const handleAbort = () => {
        const open = this.#board.get(id);
        this.#board.delete(id);
        this.#mine.delete(id);
        if (open && !open.answered) {
          this.#events.send('request-closed', encodeCallEvent['request-closed']({ id, reason: 'cancelled' }));
        }
        resolve(CANCEL as AnswerTo<Q>);
      };
      this.#board.set(id, {
        tool: this.#tool,
        question,
        answered: false,
        // An answered question stays on the board, so a second answer gets 409 while the call runs.
        settle: (answer) => {
          signal?.removeEventListener('abort', handleAbort);
          resolve(answer as AnswerTo<Q>);
        },
      });
      this.#mine.add(id);
      const { kind, request } = question;
      if (kind === 'elicitation' && request.mode === 'url' && request.elicitationId !== undefined) {
        this.#byElicitationId.set(request.elicitationId, id);
      }
      signal?.addEventListener('abort', handleAbort, { once: true });
      // (checkSampleRequest made sure of the messages and maxTokens that SamplingParams requires.)
      const asked: QuestionAsked =
        kind === 'sampling'
          ? { id, kind, params: sampleWireParams(request) as SamplingParams }
          : { id, kind, params: wireParams(request) };
      this.#events.send('request', encodeCallEvent.request(asked));
    });
  }

  /**
   * The server finished the URL flow `elicitationId`: the page closes its question. One the user had not answered
   * yet (they did the flow in another tab, from a link they already had) is answered `accept`: the flow is done.
   */
  complete(elicitationId: string): void {
    const id = this.#byElicitationId.get(elicitationId);
    if (id === undefined) return;
    const open = this.#board.get(id);
    this.#byElicitationId.delete(elicitationId);
    this.#board.delete(id);
    this.#mine.delete(id);
    this.#events.send('request-closed', encodeCallEvent['request-closed']({ id, reason: 'completed' }));
    if (open && !open.answered) open.settle({ action: 'accept' });
  }

  /** The call ended: every question still open is answered `cancel` and forgotten. */
  closeAll(): void {
    for (const id of this.#mine) {
      const question = this.#board.get(id);
      this.#board.delete(id);
      if (question && !question.answered) question.settle(CANCEL);
    }
    this.#mine.clear();
    this.#byElicitationId.clear();
  }
}
