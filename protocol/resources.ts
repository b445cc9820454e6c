// Resources, as `POST /resources/read` takes and answers them (MCP `resources/read`), and the MCP Apps names that go
// with them.

/** The MIME type of an MCP App's HTML resource. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/**
 * Where a `POST /resources/read` answer gives each MCP App's contents its declared CSP signed by the console
 * (`contents[]._meta`): the page passes it to the sandbox page (`?policy=`), which applies no other.
 */
export const SANDBOX_POLICY_META_KEY = 'tool-console/sandbox-policy';

/** The body of `POST /resources/read`. */
export interface ReadResourceRequest {
  uri: string;
}

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
