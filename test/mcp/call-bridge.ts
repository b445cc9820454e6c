// Drives a bridge the way createHandler does: tools as a provider, calls with a request and an AbortSignal.
import type { IncomingMessage } from 'node:http';
import type { McpBridge } from '../../server/mcp/index.js';
import type { CallResult, Tool } from '../../server/types.js';

const req = {} as IncomingMessage;

export async function callTool(bridge: McpBridge, name: string, args = {}, signal = new AbortController().signal) {
  return (await bridge.handleCall(name, args, req, { signal })) as CallResult;
}

export async function listTools(bridge: McpBridge): Promise<readonly Tool[]> {
  return typeof bridge.tools === 'function' ? bridge.tools() : bridge.tools;
}

/** The text of the first content item. */
export const textOf = (result: CallResult) => (result.content[0] as { text: string }).text;
