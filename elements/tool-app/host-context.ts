// What the page tells a tool UI about itself (MCP Apps `ui/initialize`): who it is, what it can do for the app, and
// the context the app draws in (theme, display mode, locale, ...). The theme follows the browser's colour scheme, as
// the console's own styles do.
import type {
  McpUiDisplayMode,
  McpUiHostCapabilities,
  McpUiHostContext,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ToolDetail } from '../api.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';
import type { AppResource } from './app-resource.js';

export const HOST_INFO = { name: 'tool-console', version: '0.1.0' };

/** The display modes the page offers: in the page under the result, or filling the viewport. */
export const DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen'];

/** The colour scheme the page follows; its `change` event is the theme changing. */
export const darkScheme = () => matchMedia('(prefers-color-scheme: dark)');

/** The tallest an inline app gets, whatever size it asks for: most of the viewport, so the page stays usable. */
export const maxInlineHeight = () => Math.max(320, Math.round(innerHeight * 0.8));

/**
 * What the page can do for an app: open links (after the person agrees), call tools and read resources (as the app),
 * take its log lines, show its messages and context updates to the person (there is no model here), and the sandbox
 * as applied.
 */
export function hostCapabilities(app: AppResource): McpUiHostCapabilities {
  return {
    openLinks: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    message: { text: {} },
    updateModelContext: { text: {}, structuredContent: {} },
    sandbox: { csp: app.csp, permissions: app.permissions },
  };
}

/** The host context for `tool`'s app shown in `mode`. */
export function hostContext(tool: ToolDetail, mode: McpUiDisplayMode): McpUiHostContext {
  return {
    toolInfo: { tool: toolInfo(tool) },
    theme: darkScheme().matches ? 'dark' : 'light',
    displayMode: mode,
    availableDisplayModes: DISPLAY_MODES,
    ...(mode === 'inline' && { containerDimensions: { maxHeight: maxInlineHeight() } }),
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: 'web',
    deviceCapabilities: { touch: matchMedia('(pointer: coarse)').matches, hover: matchMedia('(hover: hover)').matches },
  };
}

/**
 * The tool as MCP describes it, for `toolInfo`: the app validates the context it gets, so the input schema is an
 * object schema even when the backend sent something looser.
 */
function toolInfo(tool: ToolDetail): NonNullable<McpUiHostContext['toolInfo']>['tool'] {
  const schema = isPlainObject(tool.inputSchema) && tool.inputSchema.type === 'object' ? tool.inputSchema : {};
  return {
    name: tool.name,
    ...(typeof tool.title === 'string' && { title: tool.title }),
    ...(typeof tool.description === 'string' && { description: tool.description }),
    inputSchema: { ...schema, type: 'object' },
    _meta: { ui: tool.ui },
  };
}
