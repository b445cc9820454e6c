// The wire format of the HTTP API: what the server sends and the elements read. Shared by both sides, so it
// imports nothing from Node.

/** A JSON Schema object (any draft); the server compiles it with the draft its `$schema` names. */
export type JsonSchema = Record<string, unknown> | boolean;

/** MCP tool annotations: hints for people and clients, never enforced. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

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

/** The name of the header that carries the `OutputCheck` of a call answer. */
export const OUTPUT_CHECK_HEADER = 'Tool-Output-Check';

/**
 * A call request's header that asks for the call to run as an MCP task when the tool allows both (`task`); without
 * it, such a tool runs plainly. The call's answer is the same either way: its `task` events say how the task stands.
 */
export const CALL_MODE_HEADER = 'Tool-Call-Mode';

/**
 * Who the console is in front of, for the page to show: an MCP server's `serverInfo` (name, title, version, website)
 * and its `instructions`. The CLI fills it from the server it connects to; the page gets it as JSON in the `server`
 * attribute of `<tool-console>`.
 */
export interface ServerInfo {
  name: string;
  title?: string;
  version?: string;
  websiteUrl?: string;
  instructions?: string;
}
