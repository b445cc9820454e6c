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

/**
 * Resolves once `condition` holds, asking every 10 ms: for state the bridge offers no event for (a tool list that
 * changes when a notification lands). The test's own timeout bounds the wait.
 */
export async function pollUntil(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}
