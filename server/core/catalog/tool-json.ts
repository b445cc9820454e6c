// The two public views of a tool, typed by the protocol (ToolSummary, ToolDetail) that the page reads. Tools are
// duck-typed (class instances with getters work too), so only the documented fields are picked, and absent or null
// optional fields are left out rather than sent as null.
import type { JsonSchema, ToolDetail, ToolSummary } from '../../../protocol/index.js';
import type { Tool } from '../../types.js';
import { toolUiOf } from './tool-ui.js';
import { safeIcons } from '../../../protocol/icons.js';

/** `{[key]: value}`, or nothing for an absent or null value: spread into a view, so keys keep the wire's order. */
function optional<K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } {
  return value === undefined || value === null ? {} : ({ [key]: value } as { [P in K]?: V });
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
export function toolSummary(tool: Tool): ToolSummary {
  return {
    name: tool.name,
    description: tool.description ?? '',
    ...optional('title', tool.title),
    ...optional('annotations', tool.annotations),
    // The list marks tools with a UI, and sets apart those meant only for UIs: it needs `ui` as much as the detail.
    ...optional('ui', toolUiOf(tool)),
    ...optional('icons', safeIcons(tool.icons)),
  };
}

/** `{name, description, title?, inputSchema, outputSchema?, annotations?, execution?, ui?}` for `GET /tools/{name}`. */
export function toolDetail(tool: Tool): ToolDetail {
  return {
    name: tool.name,
    description: tool.description ?? '',
    ...optional('title', tool.title),
    // A duck-typed tool's schema goes out as it is, whatever it holds (see inputSchemaOf).
    inputSchema: inputSchemaOf(tool) as JsonSchema,
    ...optional('outputSchema', tool.outputSchema),
    ...optional('annotations', tool.annotations),
    // Whether it runs as an MCP task: the page offers "Run as task" for `optional`.
    ...optional('execution', tool.execution),
    ...optional('ui', toolUiOf(tool)),
    ...optional('icons', safeIcons(tool.icons)),
  };
}
