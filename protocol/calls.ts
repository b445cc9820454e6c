// A call and its check: `POST /tools/{name}/call` answers a `CallResult` (plain JSON, or as the `result` event of a
// stream, see call-events.ts), `POST /tools/{name}/validate` a `ValidateResult`, and the headers that go with them.

export interface TextContent {
  type: 'text';
  text: string;
  [key: string]: unknown;
}

export interface ImageContent {
  type: 'image';
  data: string;
  mimeType: string;
  [key: string]: unknown;
}

export interface AudioContent {
  type: 'audio';
  data: string;
  mimeType: string;
  [key: string]: unknown;
}

export interface ResourceLinkContent {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  [key: string]: unknown;
}

export interface EmbeddedResourceContent {
  type: 'resource';
  resource: { uri: string; mimeType?: string; text?: string; blob?: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** One MCP content item of a tool result. */
export type Content = TextContent | ImageContent | AudioContent | ResourceLinkContent | EmbeddedResourceContent;

/** The MCP `CallToolResult` the call endpoint answers with. */
export interface CallResult {
  content: Content[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Whether `value` is a call result: what the page shows as one (anything else is an error answer). */
export function isCallResult(value: unknown): value is CallResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as CallResult).content);
}

/** One validation error: `path` is a JSON Pointer into the arguments (`""` for the whole body). */
export interface ValidationFailure {
  path: string;
  message: string;
  keyword: string;
}

/** `truncated`: the list stops short (capped, or only the first error of a large input); fix these and ask again. */
export type ValidateResult = { valid: true } | { valid: false; errors: ValidationFailure[]; truncated?: true };

/**
 * The server's check of a call result's `structuredContent` against the tool's `outputSchema`, sent beside the
 * plain answer (whose `CallToolResult` stays as the tool returned it) in the `Tool-Output-Check` header as ASCII JSON.
 * Only for tools that declare an `outputSchema`; `errors` is capped, and `truncated` says more exist.
 */
export type OutputCheck = ValidateResult;

/** The server's output check, if `value` is one (from the header's JSON or a `result` event). */
export function asOutputCheck(value: unknown): OutputCheck | undefined {
  const check = value as { valid?: unknown; errors?: unknown } | null | undefined;
  return check?.valid === true || (check?.valid === false && Array.isArray(check.errors))
    ? (check as OutputCheck)
    : undefined;
}

/** The name of the header that carries the `OutputCheck` of a call answer. */
export const OUTPUT_CHECK_HEADER = 'Tool-Output-Check';

/**
 * A call request's header that asks for the call to run as an MCP task when the tool allows both (`task`); without
 * it, such a tool runs plainly. The call's answer is the same either way: its `task` events say how the task stands.
 */
export const CALL_MODE_HEADER = 'Tool-Call-Mode';

/**
 * A request header saying who asks: `app` for a call or resource read that a tool UI made (through the page). The
 * server then refuses tools whose `ui.visibility` leaves out `app`, and tells `readResource` the reader is an app.
 */
export const CALLER_HEADER = 'Tool-Caller';
