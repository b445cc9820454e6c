// One tool call for a script: the tool looked up and its arguments checked against its inputSchema before anything
// is sent (a mistake is exit 2 and says which argument), the call made with questions answered from --answer, and
// the result checked against the expectations. Shared by `tool-console call` and `tool-console run`.
import { expectationFailure, type Expectation } from '../../../protocol/index.js';
import { measureJson } from '../../core/calls/json-shape.js';
import { ArgumentValidator } from '../../core/calls/validation.js';
import type { McpBridge } from '../../mcp/index.js';
import type { CallContext, CallResult, Tool } from '../../types.js';
import { CommandFailure, EXIT } from './exit-codes.js';
import type { QuestionAnswers } from './question-answers.js';

// Unknown formats are ignored by the validator; a script has no use for its note about them.
const validator = new ArgumentValidator({ info() {}, warn() {}, error() {} });

export interface CheckedCall {
  result: CallResult;
  /** Why each failed expectation failed; empty when all held. */
  failures: string[];
}

/** Finds the tool and checks the arguments: exit 2, in one line, for an unknown tool or an invalid argument. */
export function checkedTool(tools: readonly Tool[], name: string, args: Record<string, unknown>): Tool {
  const tool = tools.find((each) => each.name === name);
  if (!tool) {
    const names = tools.map((each) => each.name);
    const shown = names.length > 12 ? `${names.slice(0, 12).join(', ')}, ...` : names.join(', ');
    throw new CommandFailure(`unknown tool "${name}"; the server has: ${shown || 'no tools'}`, EXIT.usage);
  }
  const check = validator.validate(tool.inputSchema ?? { type: 'object' }, args, measureJson(args, Infinity).values);
  if (!check.valid) {
    const errors = check.errors.map(({ path, message }) => `${path || 'the arguments'} ${message}`);
    throw new CommandFailure(`invalid arguments for ${name}: ${errors.join('; ')}`, EXIT.usage);
  }
  return tool;
}

/** Makes the call (`signal` ends it) and checks `expectations` against the result. */
export async function callChecked(
  bridge: McpBridge,
  tool: Tool,
  args: Record<string, unknown>,
  expectations: readonly Expectation[],
  answers: QuestionAnswers,
  signal: AbortSignal,
): Promise<CheckedCall> {
  const ctx: CallContext = {
    signal,
    progress() {},
    log() {},
    task() {},
    elicit: answers.elicit,
    sample: answers.sample,
    elicitationComplete() {},
  };
  let answer;
  try {
    answer = await bridge.handleCall(tool.name, args, undefined as never, ctx);
  } catch (error) {
    if (signal.aborted) throw new CommandFailure(`${tool.name} timed out`, EXIT.timeout);
    throw new CommandFailure(`${tool.name} failed: ${(error as Error).message}`, EXIT.toolError);
  }
  // The bridge answers a call its signal ended with an isError result ("cancelled"): for a script that is the time
  // limit it set, not the tool's answer.
  if (signal.aborted) throw new CommandFailure(`${tool.name} timed out`, EXIT.timeout);
  // The bridge passes the server's CallToolResult through (never the tuple form).
  const result = answer as CallResult;
  const failures = expectations.flatMap((expectation) => {
    const failure = expectationFailure(expectation, result, outputSchemaErrors(expectation, tool, result));
    return failure === undefined ? [] : [failure];
  });
  return { result, failures };
}

function outputSchemaErrors(expectation: Expectation, tool: Tool, result: CallResult): string[] | undefined {
  if (!('outputSchema' in expectation) || !tool.outputSchema) return undefined;
  if (result.structuredContent === undefined) return ['the result has no structuredContent'];
  const check = validator.checkOutput(tool.outputSchema, result.structuredContent, 10);
  return check.valid ? [] : check.errors.map(({ path, message }) => `${path || '/'} ${message}`);
}
