// Drives a bridge the way createHandler does: tools as a provider, calls with a request and a ctx.
import type { IncomingMessage } from 'node:http';
import type { McpBridge } from '../../server/mcp/index.js';
import type {
  CallContext,
  CallResult,
  ElicitAnswer,
  ElicitRequest,
  LogLevel,
  SampleAnswer,
  SampleRequest,
  TaskStatus,
  Tool,
} from '../../server/types.js';

const req = {} as IncomingMessage;

/**
 * A ctx that keeps what the call reported (its progress, log lines, questions and sampling requests, in order), and
 * answers each question with `answer` and each sampling request with `reply` (cancel by default).
 */
export function recordingContext(
  signal = new AbortController().signal,
  answer: (request: ElicitRequest) => ElicitAnswer = () => ({ action: 'cancel' }),
  reply: (request: SampleRequest) => SampleAnswer = () => ({ action: 'cancel' }),
) {
  const samples: SampleRequest[] = [];
  const tasks: TaskStatus[] = [];
  const progress: { progress: number; total?: number; message?: string }[] = [];
  const logs: { level: LogLevel; data: unknown; logger?: string }[] = [];
  const questions: ElicitRequest[] = [];
  const ctx: CallContext = {
    signal,
    progress: (value, total, message) => void progress.push({ progress: value, total, message }),
    log: (level, data, logger) => void logs.push({ level, data, logger }),
    task: (status) => void tasks.push(status),
    elicit: async (request) => (questions.push(request), answer(request)),
    elicitationComplete: () => {},
    sample: async (request) => (samples.push(request), reply(request)),
  };
  return { ctx, progress, logs, questions, samples, tasks };
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
 * changes when a notification lands). Rejects after `timeoutMs`, so a condition that never holds (a cancel that never
 * reaches the server) fails in seconds rather than when the whole run's time limit strikes.
 */
export async function pollUntil(condition: () => Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`the condition did not hold within ${timeoutMs} ms: ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
