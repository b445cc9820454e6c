// The tools as the API shows them: `GET /tools` (summaries), `GET /tools/{name}` (a detail), and the event that tells
// a watching page the list changed.
import type { Icon } from './icons.js';

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

/** MCP's `execution`: whether the tool runs as a task never (`forbidden`, the default), on request, or always. */
export interface ToolExecution {
  taskSupport?: 'forbidden' | 'optional' | 'required';
}

/** An entry of `GET /tools`. Absent optional fields are left out, never sent as null. */
export interface ToolSummary {
  name: string;
  description: string;
  title?: string;
  annotations?: ToolAnnotations;
  /** MCP Apps: the tool's own interface and who may call it. */
  ui?: ToolUi;
  /** Its icons (MCP 2025-11-25), only `https:` and `data:` images (see `safeIcons`). */
  icons?: Icon[];
}

/** The answer of `GET /tools/{name}`. */
export interface ToolDetail extends ToolSummary {
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  execution?: ToolExecution;
}

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
  /** Its icons (MCP 2025-11-25), only `https:` and `data:` images (see `safeIcons`). */
  icons?: Icon[];
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
