// The tools a bridge lists, apart from tool-call.ts: `list tools` needs them and nothing else, so it does not load the
// argument validator (ajv) that a call needs.
import type { McpBridge } from '../../mcp/index.js';
import type { Tool } from '../../types.js';

/** The bridge's tools (listed once when it connected). */
export async function toolsOf(bridge: McpBridge): Promise<readonly Tool[]> {
  return typeof bridge.tools === 'function' ? await bridge.tools() : bridge.tools;
}
