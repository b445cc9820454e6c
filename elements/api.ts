// The one module that talks to the backend. Every element that needs the network goes through a ToolApi;
// a non-OK answer becomes an ApiError carrying the status and the server's message.

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/** A JSON Schema as a tool declares it: any draft, possibly invalid, never trusted. */
export type JsonSchema = Record<string, unknown> | boolean;

/** An entry of `GET /tools`. */
export interface ToolSummary {
  name: string;
  description: string;
  title?: string;
  annotations?: ToolAnnotations;
}

/** The answer of `GET /tools/{name}`. */
export interface ToolDetail extends ToolSummary {
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
}

export interface TextContent {
  type: 'text';
  text: string;
  _meta?: Record<string, unknown>;
}
export interface ImageContent {
  type: 'image';
  data: string;
  mimeType: string;
  _meta?: Record<string, unknown>;
}
export interface AudioContent {
  type: 'audio';
  data: string;
  mimeType: string;
  _meta?: Record<string, unknown>;
}
export interface EmbeddedResource {
  type: 'resource';
  resource: { uri: string; mimeType?: string; text?: string; blob?: string; _meta?: Record<string, unknown> };
  _meta?: Record<string, unknown>;
}
export interface ResourceLink {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  _meta?: Record<string, unknown>;
}
export type Content = TextContent | ImageContent | AudioContent | EmbeddedResource | ResourceLink;

/** An MCP CallToolResult, as `POST /tools/{name}/call` answers it. Content items of unknown types may appear. */
export interface CallToolResult {
  content: Content[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/** One failed constraint from `POST /tools/{name}/validate`; `path` is a JSON Pointer into the arguments. */
export interface ValidationError {
  path: string;
  message: string;
  keyword: string;
}

export interface ValidateResult {
  valid: boolean;
  errors?: ValidationError[];
}

/** The request a call made, enough to reproduce it (the cURL command is built from this). */
export interface CallRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** A finished call: the backend answered with a CallToolResult (HTTP 200, or 500/504 with `isError`). */
export interface CallOutcome {
  name: string;
  arguments: Record<string, unknown>;
  status: number;
  durationMs: number;
  result: CallToolResult;
  request: CallRequest;
}

/** A non-OK answer that is not a CallToolResult: 401, 403, 404, 413, a proxy's 502, ... */
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

function isCallToolResult(value: unknown): value is CallToolResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as CallToolResult).content);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorMessage(status: number, body: unknown): string {
  if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
    return (body as { error: string }).error;
  }
  return `The server answered HTTP ${status}.`;
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

  constructor(src: string, base: string = document.baseURI) {
    this.toolsUrl = new URL(src, base).href.replace(/\/+$/, '');
  }

  toolUrl(name: string): string {
    return `${this.toolsUrl}/${encodeURIComponent(name)}`;
  }

  callUrl(name: string): string {
    return `${this.toolUrl(name)}/call`;
  }

  validateUrl(name: string): string {
    return `${this.toolUrl(name)}/validate`;
  }

  async listTools(signal?: AbortSignal): Promise<ToolSummary[]> {
    const body = await this.getJson(this.toolsUrl, signal);
    if (!Array.isArray(body)) throw new ApiError(200, 'The tools list is not a JSON array.', body);
    return body as ToolSummary[];
  }

  async getTool(name: string, signal?: AbortSignal): Promise<ToolDetail> {
    return (await this.getJson(this.toolUrl(name), signal)) as ToolDetail;
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
    if (typeof body !== 'object' || body === null || typeof (body as ValidateResult).valid !== 'boolean') {
      if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, body), body);
      return null;
    }
    return body as ValidateResult;
  }

  /** The request `call` would send, for display (cURL) and for sending. */
  callRequest(name: string, args: Record<string, unknown>): CallRequest {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.token) headers.Authorization = bearer(this.token);
    return { url: this.callUrl(name), method: 'POST', headers, body: JSON.stringify(args) };
  }

  /** Runs a tool. Resolves with the outcome whenever the backend answered with a CallToolResult. */
  async call(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallOutcome> {
    const request = this.callRequest(name, args);
    const started = performance.now();
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal,
    });
    const body = await readJson(response);
    const durationMs = performance.now() - started;
    if (!isCallToolResult(body)) throw new ApiError(response.status, errorMessage(response.status, body), body);
    return { name, arguments: args, status: response.status, durationMs, result: body, request };
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
