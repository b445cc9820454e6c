// Drives a bridge the way createHandler does: tools as a provider, calls with a request and a ctx.
import type { IncomingMessage } from 'node:http';
import type { McpBridge } from '../../server/mcp/index.js';
import type { CallContext, CallResult, ElicitAnswer, ElicitRequest, LogLevel, Tool } from '../../server/types.js';

const req = {} as IncomingMessage;

/**
 * A ctx that keeps what the call reported (its progress, log lines and questions, in order) and answers each
 * question with `answer` (cancel by default).
 */
export function recordingContext(
  signal = new AbortController().signal,
  answer: (request: ElicitRequest) => ElicitAnswer = () => ({ action: 'cancel' }),
) {
  const progress: { progress: number; total?: number; message?: string }[] = [];
  const logs: { level: LogLevel; data: unknown; logger?: string }[] = [];
  const questions: ElicitRequest[] = [];
  const ctx: CallContext = {
    signal,
    progress: (value, total, message) => void progress.push({ progress: value, total, message }),
    log: (level, data, logger) => void logs.push({ level, data, logger }),
    elicit: async (request) => (questions.push(request), answer(request)),
    elicitationComplete: () => {},
  };
  return { ctx, progress, logs, questions };
}

export async function callTool(bridge: McpBridge, name: string, args = {}, signal = new AbortController().signal) {
  return (await bridge.handleCall(name, args, req, recordingContext(signal).ctx)) as CallResult;
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
