// The two public views of a tool. Tools are duck-typed (class instances with getters work too), so only the
// documented fields are picked, and absent or null optional fields are left out rather than sent as null.
import type { Tool } from '../types.js';
import { toolUiOf } from './tool-ui.js';

function withOptional(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  if (value !== undefined && value !== null) target[key] = value;
  return target;
}

// MCP requires an inputSchema, but some servers and hosts leave it out: a tool without one takes any object.
const ANY_OBJECT: Readonly<Record<string, unknown>> = Object.freeze({ type: 'object' });

/**
 * The schema a tool's arguments follow, shown in its detail and used by validation: `{"type":"object"}` when the
 * tool has none (absent or null). Any other value is passed on as it is, so a broken schema is reported as such.
 */
export function inputSchemaOf(tool: Tool): unknown {
  return tool.inputSchema ?? ANY_OBJECT;
}

/** `{name, description, title?, annotations?, ui?}` for `GET /tools`. */
export function toolSummary(tool: Tool): Record<string, unknown> {
  const summary: Record<string, unknown> = { name: tool.name, description: tool.description ?? '' };
  withOptional(summary, 'title', tool.title);
  withOptional(summary, 'annotations', tool.annotations);
  // The list marks tools with a UI, and sets apart those meant only for UIs: it needs `ui` as much as the detail.
  return withOptional(summary, 'ui', toolUiOf(tool));
}

/** `{name, description, title?, inputSchema, outputSchema?, annotations?, execution?, ui?}` for `GET /tools/{name}`. */
export function toolDetail(tool: Tool): Record<string, unknown> {
  const detail: Record<string, unknown> = { name: tool.name, description: tool.description ?? '' };
  withOptional(detail, 'title', tool.title);
  detail.inputSchema = inputSchemaOf(tool);
  withOptional(detail, 'outputSchema', tool.outputSchema);
  withOptional(detail, 'annotations', tool.annotations);
  // Whether it runs as an MCP task: the page offers "Run as task" for `optional`.
  withOptional(detail, 'execution', tool.execution);
  return withOptional(detail, 'ui', toolUiOf(tool));
}
