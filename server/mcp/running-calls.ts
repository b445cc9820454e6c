// The calls the bridge has in flight, and where a server's messages to its client go. MCP ties a log message, a
// question (elicitation) or a URL flow's completion to no tool call, so the bridge decides: a log message goes to
// every running call (the user watching one sees what the server said meanwhile) or, between calls, to the host; a
// question (elicitation, sampling) goes to the call started last (the one the user is most likely looking at), or is
// cancelled when none runs.
import {
  ProtocolError,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
  type LoggingMessageNotification,
} from '@modelcontextprotocol/client';
import type { CallContext } from '../types.js';

export type LogMessage = LoggingMessageNotification['params'];

/**
 * A sampling request the user gave no reply to, as MCP words it (`-1`, "User rejected sampling request"): sent back to
 * a 2025-era server as the request's error; a 2026-07-28 server asked inside its answer, and the call ends with it.
 */
export class SamplingRejected extends ProtocolError {
  constructor() {
    super(-1, 'User rejected sampling request');
  }
}

/** What a server's messages reach: a tool call's ctx, or a prompt get's (its voice is a call's). */
export type ListeningRequest = Pick<CallContext, 'log' | 'elicit' | 'sample' | 'elicitationComplete'>;

export class RunningCalls {
  /** In the order they started. */
  readonly #calls = new Set<ListeningRequest>();
  readonly #onLogBetweenCalls: (message: LogMessage) => void;

  constructor(onLogBetweenCalls: (message: LogMessage) => void) {
    this.#onLogBetweenCalls = onLogBetweenCalls;
  }

  /** Runs `call` as one of the running calls. */
  async track<T>(ctx: ListeningRequest, call: () => Promise<T>): Promise<T> {
    this.#calls.add(ctx);
    try {
      return await call();
    } finally {
      this.#calls.delete(ctx);
    }
  }

  log(message: LogMessage): void {
    if (this.#calls.size === 0) return this.#onLogBetweenCalls(message);
    for (const ctx of this.#calls) ctx.log(message.level, message.data, message.logger);
  }

  /** The user's reply as the model; a user who gives none is a rejected request, as MCP words it. */
  async sample(params: CreateMessageRequest['params'], signal: AbortSignal): Promise<CreateMessageResult> {
    // With no call running, nobody replies.
    const answer = await this.#latest()?.sample(params, { signal });
    if (answer?.action !== 'accept') throw new SamplingRejected();
    // Its shape was checked when the user sent it.
    return answer.result as CreateMessageResult;
  }

  #latest(): ListeningRequest | undefined {
    return [...this.#calls].at(-1);
  }

  async elicit(params: ElicitRequest['params'], signal: AbortSignal): Promise<ElicitResult> {
    const latest = this.#latest();
    if (latest === undefined) return { action: 'cancel' };
    const request =
      params.mode === 'url'
        ? { mode: 'url' as const, message: params.message, url: params.url, elicitationId: params.elicitationId }
        : { mode: 'form' as const, message: params.message, requestedSchema: params.requestedSchema };
    // The answer's content was checked against the requested schema (flat, of primitives) when the user sent it.
    return (await latest.elicit(request, { signal })) as ElicitResult;
  }

  elicitationComplete(elicitationId: string): void {
    for (const ctx of this.#calls) ctx.elicitationComplete(elicitationId);
  }
}
