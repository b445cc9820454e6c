// `tool-console list|call|read|prompt|run ...`: one job against an MCP server, for shells and CI. Connects, does the
// job, prints the answer, stops the server and exits with a code that says how it went (exit-codes.ts). Everything
// that goes wrong is one line on stderr.
import type { McpBridge } from '../../mcp/index.js';
import { CommandFailure, EXIT, exitCodeOf, type ExitCode } from './exit-codes.js';
import { connectOnce, stopStartedServers } from './connect-once.js';
import { parseOneShot, type OneShotPlan } from './one-shot-args.js';
import { oneShotUsage } from './one-shot-usage.js';
import { QuestionAnswers } from './question-answers.js';
import { callCommand, listCommand, promptCommand, readCommand, type Output } from './single-commands.js';

export { isOneShotCommand } from './one-shot-args.js';

/**
 * Whether the command's outcome is decided: from then on nothing more is printed. A command that timed out may still
 * hear back from its server while the process stops it (a cancelled call answering isError), and its one line must
 * stay the only one.
 */
let decided = false;

const output: Output = {
  out: (text) => void (decided || process.stdout.write(text === '' || text.endsWith('\n') ? text : `${text}\n`)),
  say: (line) => void (decided || process.stderr.write(`tool-console: ${line}\n`)),
};

/** Runs the command in `argv` (`['call', 'echo', ...]`) and exits the process with its code. */
export async function runOneShot(argv: string[]): Promise<never> {
  let bridge: McpBridge | undefined;
  const finish = async (code: ExitCode): Promise<never> => {
    decided = true;
    // Stop the server at once: the answer is out, and a script is waiting for the exit.
    stopStartedServers();
    await bridge?.close().catch(() => {});
    process.exit(code);
  };
  let plan: OneShotPlan;
  try {
    plan = parseOneShot(argv);
  } catch (error) {
    output.say(`${(error as Error).message} (see tool-console ${argv[0]} --help)`);
    return finish(EXIT.usage);
  }
  if (plan.command === 'help') {
    output.out(oneShotUsage);
    return finish(EXIT.ok);
  }
  const answers = new QuestionAnswers(plan.answers, output.say);
  try {
    if (plan.command === 'run') {
      // Loaded for `run` only: a single command has no use for collections, JUnit or the argument validator.
      const { runCollection } = await import('./run-collection.js');
      return finish(await runCollection(plan, answers, output));
    }
    const signal = timeLimit(plan.timeoutMs);
    const connected = connectOnce(plan.target!, plan, answers).then((opened) => (bridge = opened));
    const code = await untilAborted(signal, plan.timeoutMs, async () => {
      const open = await connected;
      switch (plan.command) {
        case 'list':
          return listCommand(plan, open, output);
        case 'call':
          return callCommand(plan, open, answers, signal, output);
        case 'read':
          return readCommand(plan, open, answers, signal, output);
        case 'prompt':
          return promptCommand(plan, open, answers, signal, output);
      }
    });
    return finish(code);
  } catch (error) {
    output.say((error as Error).message);
    return finish(exitCodeOf(error));
  }
}

/** A signal that fires after `ms` (never for Infinity). */
function timeLimit(ms: number): AbortSignal {
  return Number.isFinite(ms) ? AbortSignal.timeout(ms) : new AbortController().signal;
}

/** `work`, unless `signal` fires first: then a timeout (exit 4), whatever the work was waiting for. */
function untilAborted<T>(signal: AbortSignal, ms: number, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // The signal was made in the same synchronous run as this call (timeLimit), so it cannot have fired yet.
    const handleAbort = () => reject(new CommandFailure(`timed out after ${ms} ms (--timeout)`, EXIT.timeout));
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal fires 'abort' at most once, so the listener runs once either way
    signal.addEventListener('abort', handleAbort, { once: true });
    work().then(resolve, reject);
  });
}
