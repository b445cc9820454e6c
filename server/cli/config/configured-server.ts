// One MCP server as a config file describes it (Claude Desktop's and Cursor's `mcpServers`, VS Code's `servers`),
// read into the target the bridge connects to. See config/load-config.ts for the formats.
import type { McpTarget } from '../../mcp/index.js';

export interface ConfiguredServer {
  /** Its key in the file; unique within it. */
  name: string;
  target: McpTarget;
}

/** The servers of one config file, in the file's order. */
export interface ServersConfig {
  /** The file's path as given (or as found in the usual places). */
  file: string;
  servers: ConfiguredServer[];
}
