// The one module that talks to the backend. Every element that needs the network goes through a ToolApi;
// a non-OK answer becomes an ApiError carrying the status and the server's message.

import {
  asOutputCheck,
  CALLER_HEADER,
  CALL_MODE_HEADER,
  errorMessageOf,
  isCallResult,
  OUTPUT_CHECK_HEADER,
  parseJson,
  TOOLS_CHANGED_EVENT,
  type CallResult,
  type ConsoleInfo,
  type OutputCheck,
  type QuestionAnswer,
  type ReadResourceRequest,
  type ReadResourceResult,
  type ToolDetail,
  type ToolSummary,
  type ValidateResult,
} from '../protocol/index.js';
import { readStreamedAnswer, toolsEvent, type CallEvent, type ToolsEvent } from './call/call-events.js';
import { isEventStream, readEventStream } from './event-stream.js';
import { toolSegment } from './tool-segment.js';

// The wire is defined once, in protocol/, for the server and the page; the elements re-export its types (and the
// decoder of a rejected answer's field errors), and the page's tagged live events (call/call-events.ts) with them.
export type * from './call/call-events.js';
export { answerErrors } from '../protocol/errors.js';
export type * from '../protocol/index.js';

/**
 * How a call asks to run: `asTask` runs a tool that may run as a task as one (`Tool-Call-Mode: task`); `caller: 'app'`
 * says a tool UI asks (`Tool-Caller: app`), answered as plain JSON: no one would answer a question it asked.
 */
export interface CallMode {
  asTask?: boolean;
  caller?: 'app';
}

/** The request a call made, enough to reproduce it (the cURL command is built from this). */
export interface CallRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** A finished call: the backend answered with a CallResult (HTTP 200, or 500/504 with `isError`). */
export interface CallOutcome {
  name: string;
  arguments: Record<string, unknown>;
  status: number;
  durationMs: number;
  result: CallResult;
  request: CallRequest;
  /** The server's check of `structuredContent` against the tool's `outputSchema`, when the tool declares one. */
  outputCheck?: OutputCheck;
}

/** A non-OK answer that is not a CallResult: 401, 403, 404, 413, a proxy's 502, ... */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The answer's body as JSON, or as its text when it is not JSON (a proxy's error page). */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What a failed answer says: its `{"error"}` message, or its status. */
export function errorMessage(status: number, body: unknown): string {
  return errorMessageOf(body) ?? `The server answered HTTP ${status}.`;
}

/**
 * A client for one backend, addressed by its tools collection URL (`src`, relative to the page or absolute).
 * Detail, call and validate URLs derive from it, with the tool name percent-encoded as one path segment.
 */
export class ToolApi {
  /** The absolute URL of the tools collection. */
  readonly toolsUrl: string;
  /** The Bearer token sent with calls, held in memory only. Empty for none. */
  token = '';
  /** The entity tag of the tool list as last loaded, so watching it does not load it again. */
  private toolsTag: string | undefined;

  constructor(src: string, base: string = document.baseURI) {
    this.toolsUrl = new URL(src, base).href.replace(/\/+$/, '');
  }

  toolUrl(name: string): string {
    return `${this.toolsUrl}/${toolSegment(name)}`;
  }

  callUrl(name: string): string {
    return `${this.toolUrl(name)}/call`;
  }

  validateUrl(name: string): string {
    return `${this.toolUrl(name)}/validate`;
  }

  /** Where the answer to a call's question goes. */
  answerUrl(name: string, id: string): string {
    return `${this.toolUrl(name)}/requests/${encodeURIComponent(id)}`;
  }

  async listTools(signal?: AbortSignal): Promise<ToolSummary[]> {
    const response = await fetch(this.toolsUrl, { headers: { Accept: 'application/json' }, signal });
    const body = await readJson(response);
    if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, body), body);
    if (!Array.isArray(body)) throw new ApiError(200, 'The tools list is not a JSON array.', body);
    this.toolsTag = response.headers.get('ETag') ?? undefined;
    return body as ToolSummary[];
  }

  /**
   * The list again if it changed since it was last loaded (asked with `If-None-Match`); undefined when the server
   * answers 304, or when it cannot answer now (the list shown stays, and the next change asks again).
   */
  private async listToolsIfChanged(signal: AbortSignal): Promise<ToolSummary[] | undefined> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.toolsTag) headers['If-None-Match'] = this.toolsTag;
    const response = await fetch(this.toolsUrl, { headers, signal }).catch(() => undefined);
    if (!response?.ok) {
      await response?.body?.cancel();
      return undefined;
    }
    const body = await readJson(response).catch(() => undefined);
    if (!Array.isArray(body)) return undefined;
    this.toolsTag = response.headers.get('ETag') ?? undefined;
    return body as ToolSummary[];
  }

  /**
   * Follows the tool list as it changes: `onEvent` gets each new list and each server log message that belongs to no
   * call. Told that the list changed (`tools-changed`), it loads the list again, naming the one it has; a backend
   * may also push the whole list (`tools`). Resolves `ended` when the stream ends (the server went away: try again
   * later), or `unsupported` when the backend answers with something else than a stream (it cannot tell changes:
   * nothing to follow); rejects with an ApiError on 503 (too many watchers: try again later).
   */
  async watchTools(signal: AbortSignal, onEvent: (event: ToolsEvent) => void): Promise<'ended' | 'unsupported'> {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    // The list just loaded is not named again.
    if (this.toolsTag) headers['If-None-Match'] = this.toolsTag;
    const response = await fetch(this.toolsUrl, { headers, signal });
    if (response.status === 503) {
      const body = await readJson(response);
      throw new ApiError(503, errorMessage(503, body), body);
    }
    if (!isEventStream(response)) {
      await response.body?.cancel();
      return 'unsupported';
    }
    for await (const { event, data } of readEventStream(response.body, signal)) {
      if (event === TOOLS_CHANGED_EVENT) {
        const tools = await this.listToolsIfChanged(signal);
        if (tools) onEvent({ type: 'tools', tools });
        continue;
      }
      const known = toolsEvent(event, parseJson(data));
      if (known) onEvent(known);
    }
    return 'ended';
  }

  /** What the console's page would say now (`GET /console`): for a page served before the console knew. */
  async consoleInfo(signal?: AbortSignal): Promise<ConsoleInfo> {
    const body = (await this.getJson(new URL('console', this.toolsUrl).href, signal)) as Partial<ConsoleInfo> | null;
    if (typeof body?.offers !== 'string') throw new ApiError(200, 'The console description has no offers.', body);
    return body as ConsoleInfo;
  }

  async getTool(name: string, signal?: AbortSignal): Promise<ToolDetail> {
    const body = await this.getJson(this.toolUrl(name), signal);
    // Execute posts to the URL of the detail's name: an answer that is not this tool's detail (a page, another tool)
    // must not become the form.
    // A text or a list has no name either: only null needs the question mark.
    if ((body as ToolDetail | null)?.name !== name) {
      throw new ApiError(200, `The server's answer for “${name}” is not that tool's detail.`, body);
    }
    return body as ToolDetail;
  }

  /** Validates arguments on the server; null when the backend has no validate endpoint. */
  async validate(name: string, args: unknown, signal?: AbortSignal): Promise<ValidateResult | null> {
    const response = await fetch(this.validateUrl(name), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
      signal,
    });
    if (response.status === 404 || response.status === 405 || response.status === 501) return null;
    const body = await readJson(response);
    if (typeof (body as ValidateResult | null)?.valid !== 'boolean') {
      if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, body), body);
      return null;
    }
    return body as ValidateResult;
  }

  /** The request `call` would send, for display (cURL) and for sending. */
  callRequest(name: string, args: Record<string, unknown>, mode: CallMode = {}): CallRequest {
    // A server that can stream the call's progress and logs does so for this Accept; others answer JSON as ever.
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (!mode.caller) headers.Accept = 'text/event-stream';
    if (mode.asTask) headers[CALL_MODE_HEADER] = 'task';
    return {
      url: this.callUrl(name),
      method: 'POST',
      headers: this.postHeaders(mode.caller, headers),
      body: JSON.stringify(args),
    };
  }

  /** Where resources are read: `resources/read` beside the tools collection. */
  get resourcesUrl(): string {
    return new URL('resources/read', this.toolsUrl).href;
  }

  /**
   * Reads a resource through the backend (MCP `resources/read`), as the person or, with `caller`, for a tool UI. With
   * `onEvent` (the person's read only), the backend may stream the read: the questions it asks on the way (answered
   * with `answerRead`) reach `onEvent` before the contents come. A tool UI's read stays plain JSON.
   */
  async readResource(
    uri: string,
    signal?: AbortSignal,
    caller?: 'app',
    onEvent?: (event: CallEvent) => void,
  ): Promise<ReadResourceResult> {
    const streams = onEvent !== undefined && caller === undefined;
    const headers = streams ? { 'Content-Type': 'application/json', Accept: 'text/event-stream' } : undefined;
    const response = await fetch(this.resourcesUrl, {
      method: 'POST',
      headers: this.postHeaders(caller, headers),
      body: JSON.stringify({ uri } satisfies ReadResourceRequest),
      signal,
    });
    // Streamed, the answer is the last event's status and body; plain, the response's.
    const { status, result: body } =
      streams && isEventStream(response)
        ? await readStreamedAnswer(response.body, signal, onEvent)
        : { status: response.status, result: await readJson(response) };
    if (status < 200 || status > 299) throw new ApiError(status, errorMessage(status, body), body);
    if (!Array.isArray((body as ReadResourceResult | null)?.contents)) {
      throw new ApiError(status, 'The answer to reading the resource has no contents.', body);
    }
    return body as ReadResourceResult;
  }

  /** Answers a question asked while a resource is read, as a call's are answered (`answer`). */
  answerRead(id: string, answer: QuestionAnswer, signal?: AbortSignal): Promise<void> {
    return this.postAnswer(new URL(`resources/requests/${encodeURIComponent(id)}`, this.toolsUrl).href, answer, signal);
  }

  /**
   * Runs a tool. Resolves with the outcome whenever the backend answered with a CallResult, plain or streamed; a
   * streamed answer reports its progress and logs to `onEvent` as they arrive.
   */
  async call(
    name: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
    onEvent?: (event: CallEvent) => void,
    mode?: CallMode,
  ): Promise<CallOutcome> {
    const request = this.callRequest(name, args, mode);
    const started = performance.now();
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal,
    });
    // The same three things either way: the status and body of the answer, and the check of its output.
    const answer = isEventStream(response)
      ? await readStreamedAnswer(response.body, signal, onEvent)
      : {
          status: response.status,
          result: await readJson(response),
          outputCheck: asOutputCheck(parseJson(response.headers.get(OUTPUT_CHECK_HEADER))),
        };
    const durationMs = performance.now() - started;
    const { status, result, outputCheck } = answer;
    if (!isCallResult(result)) throw new ApiError(status, errorMessage(status, result), result);
    const outcome: CallOutcome = { name, arguments: args, status, durationMs, result, request };
    // No check, or one that does not parse: the result stands on its own.
    if (outputCheck) outcome.outputCheck = outputCheck;
    return outcome;
  }

  /**
   * Answers a question a call's server asked (MCP elicitation), with the token as the call sends it. Resolves when
   * the server took the answer; any other status is an ApiError (400 carries the field errors, see `answerErrors`).
   */
  answer(name: string, id: string, answer: QuestionAnswer, signal?: AbortSignal): Promise<void> {
    return this.postAnswer(this.answerUrl(name, id), answer, signal);
  }

  /** Posts an answer to a question (a call's or a read's) with the token; any status but 2xx is an ApiError. */
  private async postAnswer(url: string, answer: QuestionAnswer, signal?: AbortSignal): Promise<void> {
    const response = await fetch(url, {
      method: 'POST',
      headers: this.postHeaders(),
      body: JSON.stringify(answer),
      signal,
    });
    if (response.ok) return;
    const body = await readJson(response);
    throw new ApiError(response.status, errorMessage(response.status, body), body);
  }

  /** The headers of a JSON POST: the token when there is one, and who asks when a tool UI does. */
  private postHeaders(caller?: 'app', headers: Record<string, string> = { 'Content-Type': 'application/json' }) {
    if (this.token) headers.Authorization = bearer(this.token);
    if (caller) headers[CALLER_HEADER] = caller;
    return headers;
  }

  private async getJson(url: string, signal?: AbortSignal): Promise<unknown> {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
    const body = await readJson(response);
    if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, body), body);
    return body;
  }
}

/** `Bearer <token>`, adding the scheme when the user pasted only the token. */
export function bearer(token: string): string {
  const trimmed = token.trim();
  return /^bearer\s/i.test(trimmed) ? `Bearer ${trimmed.slice(6).trim()}` : `Bearer ${trimmed}`;
}
