// `tool-console run calls.json`: a collection's calls, in order or N at a time, each checked against its
// expectations; a line per call, a summary, and JUnit XML for CI. The file is checked whole before anything starts
// (its problems with their places, missing ${env.NAME} variables by name): exit 2, nothing run.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  envNamesOfCall,
  fillEnv,
  formatProblem,
  parseCollection,
  type CollectionFile,
  type SavedCall,
  type ServerTarget,
} from '../../../protocol/index.js';
import type { McpBridge, McpTarget } from '../../mcp/index.js';
import { parseTarget } from '../args.js';
import { UsageError } from '../usage-error.js';
import { connectOnce, stopStartedServers } from './connect-once.js';
import { CommandFailure, EXIT, exitCodeOf, type ExitCode } from './exit-codes.js';
import { junitReport, type CaseOutcome } from './junit-report.js';
import type { OneShotPlan } from './one-shot-args.js';
import type { QuestionAnswers } from './question-answers.js';
import type { Output } from './single-commands.js';
import { callChecked, checkedTool } from './tool-call.js';
import { toolsOf } from './tools-of.js';

type RunPlan = Extract<OneShotPlan, { command: 'run' }>;

/** A call ready to run: its arguments filled, and where it goes. */
interface ReadyCall {
  call: SavedCall;
  args: Record<string, unknown>;
  target: McpTarget;
}

interface Outcome extends CaseOutcome {
  /** The exit code this call alone would have: 0 passed, 5 failed, or the code of the error that stopped it. */
  code: ExitCode;
}

export async function runCollection(plan: RunPlan, answers: QuestionAnswers, { out, say }: Output): Promise<ExitCode> {
  const collection = readCollection(plan.file);
  const ready = prepare(collection, plan);
  const suite = collection.name ?? basename(plan.file);
  const bridges = new Map<string, Promise<McpBridge>>();
  const started = Date.now();
  const outcomes: Outcome[] = new Array(ready.length);
  let next = 0;
  const worker = async () => {
    while (next < ready.length) {
      const index = next++;
      const outcome = await runOne(ready[index]!, plan, answers, bridges);
      outcomes[index] = outcome;
      out(lineOf(outcome));
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(plan.parallel, ready.length) }, worker));
  } finally {
    stopStartedServers();
    await Promise.all([...bridges.values()].map((bridge) => bridge.then((open) => open.close()).catch(() => {})));
  }
  const seconds = (Date.now() - started) / 1000;
  const passed = outcomes.filter((each) => each.code === EXIT.ok).length;
  out(`${passed} passed, ${outcomes.length - passed} failed (${seconds.toFixed(2)} s)`);
  if (plan.junit) {
    try {
      writeFileSync(plan.junit, junitReport(suite, outcomes, seconds, new Date(started)));
    } catch (error) {
      throw new CommandFailure(`cannot write ${plan.junit}: ${(error as Error).message}`, EXIT.usage);
    }
  }
  // An error that stopped a call (no server, a bad argument, a timeout) says more than a failed expectation.
  const stopped = outcomes.find((each) => each.code !== EXIT.ok && each.code !== EXIT.expectation);
  if (stopped) return stopped.code;
  if (passed < outcomes.length) say('some calls failed');
  return passed < outcomes.length ? EXIT.expectation : EXIT.ok;
}

function readCollection(file: string): CollectionFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const parsed = parseCollection(text);
  if (!parsed.ok) {
    const [first, ...more] = parsed.problems.map(formatProblem);
    throw new UsageError(`${file}: ${first}${more.length ? ` (and ${more.length} more: ${more.join('; ')})` : ''}`);
  }
  return parsed.collection;
}

/** Every call's target and arguments, or exit 2 before anything runs. */
function prepare(collection: CollectionFile, plan: RunPlan): ReadyCall[] {
  const missing = new Set<string>();
  const lookup = (name: string) => process.env[name];
  const ready = collection.calls.map((call, index) => {
    for (const name of envNamesOfCall(call, collection.server)) if (process.env[name] === undefined) missing.add(name);
    const server = call.server ?? collection.server;
    if (!plan.target && !server) {
      throw new UsageError(
        `calls/${index} (${call.name}) has no server: give --stdio or --url, or "server" in the file`,
      );
    }
    const args = fillEnv(call.arguments, lookup).value;
    return { call, args, target: plan.target ?? targetOf(server!, lookup) };
  });
  if (missing.size > 0) {
    throw new UsageError(`the environment lacks ${[...missing].join(', ')} (used as \${env.NAME} in the collection)`);
  }
  return ready;
}

function targetOf(server: ServerTarget, lookup: (name: string) => string | undefined): McpTarget {
  if ('stdio' in server) return parseTarget({ stdio: server.stdio })!;
  const headers = fillEnv(server.headers ?? {}, lookup).value;
  return parseTarget({ url: server.url, header: Object.entries(headers).map(([name, value]) => `${name}: ${value}`) })!;
}

async function runOne(
  { call, args, target }: ReadyCall,
  plan: RunPlan,
  answers: QuestionAnswers,
  bridges: Map<string, Promise<McpBridge>>,
): Promise<Outcome> {
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  const signal = Number.isFinite(plan.timeoutMs) ? AbortSignal.timeout(plan.timeoutMs) : new AbortController().signal;
  try {
    const key = JSON.stringify(target, (name, value) => (name === 'env' ? undefined : value));
    let bridge = bridges.get(key);
    if (!bridge) bridges.set(key, (bridge = connectOnce(target, plan, answers)));
    const open = await bridge;
    const tool = checkedTool(await toolsOf(open), call.tool, args);
    const { result, failures } = await callChecked(open, tool, args, call.expect ?? [], answers, signal);
    // An isError answer fails the call unless an expectation was about it (then the expectations decide).
    if (result.isError === true && failures.length === 0 && !(call.expect ?? []).some((each) => 'pointer' in each)) {
      failures.push('the tool answered isError');
    }
    if (failures.length === 0) return { name: call.name, seconds: seconds(), code: EXIT.ok };
    const details = `${failures.join('\n')}\n\nThe result:\n${JSON.stringify(result, null, 2)}`;
    return {
      name: call.name,
      seconds: seconds(),
      code: EXIT.expectation,
      problem: { kind: 'failure', type: 'expectation', message: failures.join('; '), details },
    };
  } catch (error) {
    const code = exitCodeOf(error);
    const message = (error as Error).message;
    const type =
      code === EXIT.connect ? 'connect' : code === EXIT.timeout ? 'timeout' : code === EXIT.usage ? 'usage' : 'call';
    return { name: call.name, seconds: seconds(), code, problem: { kind: 'error', type, message, details: message } };
  }
}

function lineOf({ name, seconds, problem }: Outcome): string {
  const time = `${Math.round(seconds * 1000)} ms`;
  return problem ? `FAIL  ${name} (${time}): ${problem.message}` : `ok    ${name} (${time})`;
}
