// The built-in demo the CLI serves when it fronts no MCP server.
import type { ToolCallHandler, Tool } from '../types.js';
import { createDemoHandlers } from './handlers.js';
import { demoTools } from './tools.js';

export interface Demo {
  tools: Tool[];
  handleCall: ToolCallHandler;
}

export function createDemo(): Demo {
  const handlers = createDemoHandlers();
  return {
    tools: demoTools,
    handleCall: async (name, args, _req, ctx) => {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`Unknown demo tool: ${name}`);
      return handler(args ?? {}, ctx);
    },
  };
}
