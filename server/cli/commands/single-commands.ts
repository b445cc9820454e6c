// `list`, `call`, `read` and `prompt`: one request each against one server, its answer printed (readable text, or
// the exact MCP result with --json), and the exit code that says how it went.
import { isPlainObject } from '../../../protocol/index.js';
import { McpRequestError, type McpBridge } from '../../mcp/index.js';
import type { ListPageRequest } from '../../types.js';
import { CommandFailure, EXIT, type ExitCode } from './exit-codes.js';
import type { OneShotPlan } from './one-shot-args.js';
import type { QuestionAnswers } from './question-answers.js';
import { readableCallResult, readablePrompt, readableResourceContents } from './readable-text.js';
import { toolsOf } from './tools-of.js';

type Plan<C> = Extract<OneShotPlan, { command: C }>;

export interface Output {
  out: (text: string) => void;
  say: (line: string) => void;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export async function listCommand(plan: Plan<'list'>, bridge: McpBridge, { out, say }: Output): Promise<ExitCode> {
  if (plan.what === 'tools') {
    const tools = await toolsOf(bridge);
    out(plan.json ? json({ tools }) : tools.map((tool) => line(tool.name, tool.title, tool.description)).join('\n'));
    return EXIT.ok;
  }
  const provider = plan.what === 'resources' ? bridge.resources : bridge.prompts;
  if (!provider) {
    say(`the server offers no ${plan.what}`);
    out(plan.json ? json({ [plan.what]: [] }) : '');
    return EXIT.ok;
  }
  const items = await allPages(
    provider as unknown as (page: ListPageRequest) => Promise<Record<string, unknown>>,
    plan.what,
  );
  out(
    plan.json
      ? json({ [plan.what]: items })
      : items
          .map((item) =>
            plan.what === 'resources'
              ? line(item.uri, item.name, item.mimeType)
              : line(item.name, item.title, item.description),
          )
          .join('\n'),
  );
  return EXIT.ok;
}

export async function callCommand(
  plan: Plan<'call'>,
  bridge: McpBridge,
  answers: QuestionAnswers,
  signal: AbortSignal,
  { out, say }: Output,
): Promise<ExitCode> {
  // Loaded here, not with the other commands: its argument validator (ajv) is the slowest module a call loads.
  const { callChecked, checkedTool } = await import('./tool-call.js');
  const tool = checkedTool(await toolsOf(bridge), plan.tool, plan.args);
  const { result, failures } = await callChecked(bridge, tool, plan.args, plan.expectations, answers, signal);
  out(plan.json ? json(result) : readableCallResult(result as unknown as Record<string, unknown>));
  for (const failure of failures) say(`expectation failed: ${failure}`);
  if (failures.length > 0) return EXIT.expectation;
  if (result.isError === true) {
    say(`${tool.name} answered isError`);
    return EXIT.toolError;
  }
  return EXIT.ok;
}

export async function readCommand(
  plan: Plan<'read'>,
  bridge: McpBridge,
  answers: QuestionAnswers,
  signal: AbortSignal,
  { out }: Output,
): Promise<ExitCode> {
  const result = await askServer(`read ${plan.uri}`, () =>
    bridge.readResource(plan.uri, undefined, {
      signal,
      // Stryker disable next-line StringLiteral: the bridge tells only an app's read apart (read-resource.ts), so any other caller is the person's
      caller: 'user',
      elicit: answers.elicit,
      sample: answers.sample,
    }),
  );
  const contents = Array.isArray(result.contents) ? result.contents : [];
  out(plan.json ? json(result) : contents.map(readableResourceContents).join('\n'));
  return EXIT.ok;
}

export async function promptCommand(
  plan: Plan<'prompt'>,
  bridge: McpBridge,
  answers: QuestionAnswers,
  signal: AbortSignal,
  { out }: Output,
): Promise<ExitCode> {
  const getPrompt = bridge.getPrompt;
  if (!getPrompt) throw new CommandFailure('the server offers no prompts', EXIT.usage);
  const result = await askServer(`prompt ${plan.name}`, () =>
    getPrompt(plan.name, plan.args, undefined, {
      signal,
      progress() {},
      log() {},
      elicit: answers.elicit,
      sample: answers.sample,
      elicitationComplete() {},
    }),
  );
  out(plan.json ? json(result) : readablePrompt(result as unknown as Record<string, unknown>));
  return EXIT.ok;
}

/** A request the server may refuse: "no such thing" and "bad arguments" are the user's to fix (2), the rest 1. */
async function askServer<T>(what: string, ask: () => Promise<T> | T): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    const status = error instanceof McpRequestError ? error.status : 502;
    throw new CommandFailure(
      `${what}: ${(error as Error).message}`,
      status === 404 || status === 400 ? EXIT.usage : EXIT.toolError,
    );
  }
}

async function allPages(
  provider: (page: ListPageRequest) => Promise<Record<string, unknown>>,
  key: string,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  // A server that hands out cursors for ever is broken, not large.
  for (let page = 0; page < 1000; page++) {
    const answer = await askServer(`list ${key}`, () => provider(cursor === undefined ? {} : { cursor }));
    const list = answer[key];
    if (Array.isArray(list)) items.push(...list.filter(isPlainObject));
    cursor = typeof answer.nextCursor === 'string' ? answer.nextCursor : undefined;
    if (cursor === undefined) break;
  }
  return items;
}

/** `name  title: first line of the description`, the way the page's list shows an entry. */
function line(name: unknown, title: unknown, description: unknown): string {
  const about = [title, typeof description === 'string' ? description.split('\n')[0] : description]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(': ');
  return about ? `${String(name)}  ${about}` : String(name);
}
