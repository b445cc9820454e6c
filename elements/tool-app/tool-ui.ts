// What a tool's MCP Apps marks (`ui`, from its `_meta.ui`) mean for the page. The server sends only valid parts, but
// the elements also work against other backends, so every check here tolerates any shape.
import type { ToolUi } from '../../protocol/index.js';

/** The `ui://` resource of the tool's own interface, or undefined when it has none. */
export function uiResourceUri(ui: ToolUi | undefined): string | undefined {
  const uri = ui?.resourceUri;
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/** Whether `who` may call the tool: a tool that names no visibility is visible to both the model and the apps. */
export function visibleTo(ui: ToolUi | undefined, who: 'model' | 'app'): boolean {
  const visibility = ui?.visibility;
  return !Array.isArray(visibility) || visibility.includes(who);
}
