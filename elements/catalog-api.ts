// The backend's resources, resource templates, prompts and completion (HTTP API: docs/http-api.md), for the page's
// Resources and Prompts sections. Addressed beside the tools collection (`resources`, `resource-templates`,
// `prompts`, `completion` are its siblings) and sending the token the tool calls send, through the same ToolApi.
import type {
  CompletionRequest,
  CompletionResult,
  GetPromptRequest,
  GetPromptResult,
  PromptListPage,
  PromptSummary,
  ResourceListPage,
  ResourceSubscription,
  ResourceTemplateListPage,
} from '../protocol/index.js';
import { ApiError, bearer, errorMessage, readJson, type CallEvent, type QuestionAnswer, type ToolApi } from './api.js';
import { readStreamedAnswer } from './call/call-events.js';
import { isEventStream } from './event-stream.js';
import { toolSegment } from './tool-segment.js';

function failure(status: number, body: unknown): ApiError {
  return new ApiError(status, errorMessage(status, body), body);
}

/** An answer that is an object with an array under `key`, else an ApiError naming what was expected. */
function listPage<Page>(body: unknown, key: string, what: string): Page {
  // A text or a number has no such list either: only null needs the question mark.
  const items = (body as Record<string, unknown> | null)?.[key];
  if (!Array.isArray(items)) throw new ApiError(200, `The ${what} answer has no “${key}” list.`, body);
  return body as Page;
}

export class CatalogApi {
  constructor(private readonly tools: ToolApi) {}

  /** A route beside the tools collection: `resources`, `prompts/<name>/get`, … */
  url(path: string): string {
    return new URL(path, this.tools.toolsUrl).href;
  }

  promptUrl(name: string): string {
    return this.url(`prompts/${toolSegment(name)}`);
  }

  /** One page of the resource list; `cursor` is the previous page's `nextCursor`. */
  async listResources(cursor?: string, signal?: AbortSignal): Promise<ResourceListPage> {
    return listPage(await this.get(this.paged('resources', cursor), signal), 'resources', 'resource list');
  }

  async listResourceTemplates(cursor?: string, signal?: AbortSignal): Promise<ResourceTemplateListPage> {
    const body = await this.get(this.paged('resource-templates', cursor), signal);
    return listPage(body, 'resourceTemplates', 'resource template list');
  }

  async listPrompts(cursor?: string, signal?: AbortSignal): Promise<PromptListPage> {
    return listPage(await this.get(this.paged('prompts', cursor), signal), 'prompts', 'prompt list');
  }

  /** One prompt's detail (its arguments). */
  async getPromptDetail(name: string, signal?: AbortSignal): Promise<PromptSummary> {
    const body = await this.get(this.promptUrl(name), signal);
    if ((body as PromptSummary | null)?.name !== name) {
      throw new ApiError(200, `The server's answer for “${name}” is not that prompt.`, body);
    }
    return body as PromptSummary;
  }

  /**
   * Gets a prompt's messages for these arguments (MCP `prompts/get`). With `onEvent`, the backend may stream the get:
   * the questions it asks on the way (answered with `answerPrompt`) reach `onEvent` before the messages come.
   */
  async getPrompt(
    name: string,
    args: Record<string, string>,
    signal?: AbortSignal,
    onEvent?: (event: CallEvent) => void,
  ): Promise<GetPromptResult> {
    const url = `${this.promptUrl(name)}/get`;
    const payload = { arguments: args } satisfies GetPromptRequest;
    const response = await this.send(url, payload, signal, onEvent ? { Accept: 'text/event-stream' } : {});
    // Streamed, the answer is the last event's status and body; plain, the response's.
    const { status, result: body } = isEventStream(response)
      ? await readStreamedAnswer(response.body, signal, onEvent)
      : { status: response.status, result: await readJson(response) };
    if (status < 200 || status > 299) throw failure(status, body);
    if (!Array.isArray((body as GetPromptResult | null)?.messages)) {
      throw new ApiError(200, 'The answer to getting the prompt has no messages.', body);
    }
    return body as GetPromptResult;
  }

  /** Answers a question asked while a prompt is got, as a call's are answered (`ToolApi.answer`). */
  async answerPrompt(name: string, id: string, answer: QuestionAnswer, signal?: AbortSignal): Promise<void> {
    await this.post(`${this.promptUrl(name)}/requests/${encodeURIComponent(id)}`, answer, signal);
  }

  /** Suggestions for an argument (MCP `completion/complete`); none when the backend offers no completion (404). */
  async complete(request: CompletionRequest, signal?: AbortSignal): Promise<CompletionResult['completion']> {
    try {
      const body = (await this.post(this.url('completion'), request, signal)) as Partial<CompletionResult> | null;
      const values = body?.completion?.values;
      if (!Array.isArray(values)) return { values: [] };
      return { ...body!.completion!, values: values.filter((value): value is string => typeof value === 'string') };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { values: [] };
      throw error;
    }
  }

  /** Asks the backend to tell this page (the watch stream's `resource-updated`) when the resource changes. */
  async subscribe(uri: string, signal?: AbortSignal): Promise<void> {
    await this.post(this.url('resources/subscribe'), { uri } satisfies ResourceSubscription, signal);
  }

  async unsubscribe(uri: string, signal?: AbortSignal): Promise<void> {
    await this.post(this.url('resources/unsubscribe'), { uri } satisfies ResourceSubscription, signal);
  }

  private paged(path: string, cursor: string | undefined): string {
    return cursor === undefined ? this.url(path) : `${this.url(path)}?cursor=${encodeURIComponent(cursor)}`;
  }

  private async get(url: string, signal?: AbortSignal): Promise<unknown> {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
    const body = await readJson(response);
    if (!response.ok) throw failure(response.status, body);
    return body;
  }

  /** A JSON POST with the token the calls send; an empty answer (204) reads as its empty text, which no caller uses. */
  private async post(url: string, payload: unknown, signal?: AbortSignal): Promise<unknown> {
    const response = await this.send(url, payload, signal);
    const body = await readJson(response);
    if (!response.ok) throw failure(response.status, body);
    return body;
  }

  private send(url: string, payload: unknown, signal?: AbortSignal, extra: Record<string, string> = {}) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...extra };
    if (this.tools.token) headers.Authorization = bearer(this.tools.token);
    return fetch(url, { method: 'POST', headers, body: JSON.stringify(payload), signal });
  }
}
