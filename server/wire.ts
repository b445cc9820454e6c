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

/**
 * MCP Apps (`io.modelcontextprotocol/ui`): a tool's own interface, read from its `_meta.ui` (or the older
 * `_meta["ui/resourceUri"]`). It reaches the page in the tool's summary and detail as `ui`, with invalid parts dropped.
 */
export interface ToolUi {
  /** The `ui://` resource (`text/html;profile=mcp-app`) the page renders beside the tool's calls. */
  resourceUri?: string;
  /** Who may call the tool: `model` (here, the person at the form) and `app` (the tool UIs). Absent: both. */
  visibility?: Array<'model' | 'app'>;
}

/** The MIME type of an MCP App's HTML resource. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/**
 * Where a `POST /resources/read` answer gives each MCP App's contents its declared CSP signed by the console
 * (`contents[]._meta`): the page passes it to the sandbox page (`?policy=`), which applies no other.
 */
export const SANDBOX_POLICY_META_KEY = 'tool-console/sandbox-policy';

/**
 * A request header saying who asks: `app` for a call or resource read that a tool UI made (through the page). The
 * server then refuses tools whose `ui.visibility` leaves out `app`, and tells `readResource` the reader is an app.
 */
export const CALLER_HEADER = 'Tool-Caller';

/** One item of a `resources/read` answer: text or base64 `blob`, and the resource's `_meta` (an app's `ui` CSP). */
export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The answer of `POST /resources/read`: MCP's `ReadResourceResult`. */
export interface ReadResourceResult {
  contents: ResourceContents[];
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The event a page watching the tool list (`GET /tools` with `Accept: text/event-stream`) gets at once and whenever
 * the list changes: not the list (megabytes for a large server, once per watcher), but the `ETag` of its uncompressed
 * form. The page then asks `GET /tools` with `If-None-Match` naming the list it has: 304 when it has this one.
 */
export const TOOLS_CHANGED_EVENT = 'tools-changed';

/** The data of a `tools-changed` event. */
export interface ToolsChanged {
  etag: string;
}
