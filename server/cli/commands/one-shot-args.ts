// The flags of the one-shot commands: `tool-console list|call|read|prompt|run ...` in, a checked plan out. Every
// mistake is a UsageError (exit 2) with one line, before anything is started.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isPlainObject, jsonOrString, parseExpectationFlag, type Expectation } from '../../../protocol/index.js';
import type { McpTarget } from '../../mcp/index.js';
import { parseConnectTimeout, parseMilliseconds, parseTarget } from '../args.js';
import { chooseOneServer } from '../config/choose-servers.js';
import { processSurroundings, serversFromFlags, type Surroundings } from '../config/servers-from-flags.js';
import { UsageError } from '../usage-error.js';

export const ONE_SHOT_COMMANDS = ['list', 'call', 'read', 'prompt', 'run'] as const;
export type OneShotCommand = (typeof ONE_SHOT_COMMANDS)[number];

export const isOneShotCommand = (word: string | undefined): word is OneShotCommand =>
  ONE_SHOT_COMMANDS.includes(word as OneShotCommand);

/** What every one-shot command shares: where the server is, how long to wait, how to answer its questions. */
export interface CommonPlan {
  /** undefined only for `run`, whose file may name the servers. */
  target: McpTarget | undefined;
  tokenStore: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
  json: boolean;
  /** The whole command's time limit. */
  timeoutMs: number;
  connectTimeoutMs: number | undefined;
  /** `--answer` values, used in order for the questions the server asks. */
  answers: string[];
}

export type OneShotPlan = CommonPlan &
  (
    | { command: 'help' }
    | { command: 'list'; what: 'tools' | 'resources' | 'prompts' }
    | { command: 'call'; tool: string; args: Record<string, unknown>; expectations: Expectation[] }
    | { command: 'read'; uri: string }
    | { command: 'prompt'; name: string; args: Record<string, string> }
    | { command: 'run'; file: string; parallel: number; junit: string | undefined }
  );

const options = {
  stdio: { type: 'string' },
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  config: { type: 'string' },
  server: { type: 'string', multiple: true },
  'token-store': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  arg: { type: 'string', multiple: true },
  args: { type: 'string' },
  json: { type: 'boolean' },
  expect: { type: 'string', multiple: true },
  answer: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  'connect-timeout': { type: 'string' },
  parallel: { type: 'string' },
  junit: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Flags = ReturnType<typeof parseFlags>['values'];

function parseFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.split(/\.\s/)[0]!.replace(/\.$/, '') : String(error));
  }
}

/** Which flags each command takes besides the common ones; any other is a mistake worth saying. */
const OWN_FLAGS: Record<OneShotCommand, (keyof Flags)[]> = {
  // Stryker disable next-line ArrayDeclaration: no option has the added name, so strict parseArgs never sets it
  list: [],
  call: ['arg', 'args', 'expect'],
  // Stryker disable next-line ArrayDeclaration: no option has the added name, so strict parseArgs never sets it
  read: [],
  prompt: ['arg', 'args'],
  run: ['parallel', 'junit'],
};
const OWNED = new Set(Object.values(OWN_FLAGS).flat());

/**
 * `argv` without the command word's predecessors: `['call', 'echo', '--arg', 'message=hi', ...]`. `where` says where
 * the usual places of config files are, for a --server without --config.
 */
export function parseOneShot(
  argv: string[],
  readStdin: () => string = () => readFileSync(0, 'utf8'),
  where: Surroundings = processSurroundings(),
): OneShotPlan {
  const { values: flags, positionals } = parseFlags(argv);
  const [command, ...rest] = positionals as [OneShotCommand, ...string[]];
  if (flags.help) return { ...common(flags, command, where), command: 'help' };
  for (const flag of OWNED) {
    if (flags[flag] !== undefined && !OWN_FLAGS[command].includes(flag)) {
      throw new UsageError(`--${flag} does not apply to ${command}`);
    }
  }
  const plan = common(flags, command, where);
  const one = (what: string) => {
    if (rest.length !== 1) throw new UsageError(`${command} takes one ${what}, got ${rest.length || 'none'}`);
    return rest[0]!;
  };
  if (command !== 'run' && plan.target === undefined)
    throw new UsageError(`${command} needs --stdio or --url (or --config <file> with --server <name>)`);
  switch (command) {
    case 'list': {
      const what = one('of tools, resources or prompts');
      if (what !== 'tools' && what !== 'resources' && what !== 'prompts') {
        throw new UsageError(`list tools, resources or prompts, not "${what}"`);
      }
      return { ...plan, command, what };
    }
    case 'call':
      return {
        ...plan,
        command,
        tool: one('tool name'),
        args: argumentsOf(flags, readStdin),
        expectations: (flags.expect ?? []).map(expectationOf),
      };
    case 'read':
      return { ...plan, command, uri: one('resource URI') };
    case 'prompt': {
      // Prompt arguments are strings in MCP: `--arg n=5` sends "5", not 5.
      const args = argumentsOf(flags, readStdin, (text) => text);
      for (const [key, value] of Object.entries(args)) {
        if (typeof value !== 'string') throw new UsageError(`prompt arguments are strings; "${key}" is not`);
      }
      return { ...plan, command, name: one('prompt name'), args: args as Record<string, string> };
    }
    case 'run':
      return {
        ...plan,
        command,
        file: one('collection file'),
        parallel: parallelOf(flags.parallel),
        junit: flags.junit === undefined ? undefined : resolve(flags.junit),
      };
  }
}

function common(flags: Flags, command: OneShotCommand, where: Surroundings): CommonPlan {
  if (command === undefined) throw new UsageError('a command is needed');
  const target = targetOf(flags, command, where);
  const oauthFlags = (['token-store', 'client-id', 'client-secret'] as const).filter(
    (flag) => flags[flag] !== undefined,
  );
  // A config file's server reached by URL authorizes as --url does.
  if (oauthFlags.length > 0 && !(target && 'url' in target))
    throw new UsageError(`--${oauthFlags[0]} only applies to --url`);
  if (flags['client-secret'] !== undefined && flags['client-id'] === undefined) {
    throw new UsageError('--client-secret needs --client-id');
  }
  const timeoutMs = parseMilliseconds('timeout', flags.timeout) ?? 60_000;
  return {
    target,
    tokenStore: flags['token-store'] === undefined ? undefined : resolve(flags['token-store']),
    clientId: flags['client-id'],
    clientSecret: flags['client-secret'],
    json: flags.json === true,
    timeoutMs: timeoutMs === 0 ? Infinity : timeoutMs,
    connectTimeoutMs: parseConnectTimeout(flags['connect-timeout']),
    answers: flags.answer ?? [],
  };
}

/**
 * The server named by --stdio or --url, or the one server --config (with --server) chooses. A --server without
 * --config looks in the usual places; with neither, no file is read: a script names its server.
 */
function targetOf(flags: Flags, command: OneShotCommand, where: Surroundings): McpTarget | undefined {
  const direct = parseTarget(flags);
  const chosen = serversFromFlags(flags, where, flags.server !== undefined);
  return chosen ? chooseOneServer(chosen.servers, flags.server ?? [], command).target : direct;
}

/** `--args` (inline JSON, `@file`, `-` for stdin) first, then each `--arg key=value` on top. */
function argumentsOf(
  flags: Flags,
  readStdin: () => string,
  valueOf: (text: string) => unknown = jsonOrString,
): Record<string, unknown> {
  const args: Record<string, unknown> = flags.args === undefined ? {} : argsObject(flags.args, readStdin);
  for (const pair of flags.arg ?? []) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`--arg must look like key=value, got "${pair}"`);
    args[pair.slice(0, at)] = valueOf(pair.slice(at + 1));
  }
  return args;
}

function argsObject(value: string, readStdin: () => string): Record<string, unknown> {
  let text = value;
  let from = '--args';
  if (value === '-') {
    text = readStdin();
    from = '--args - (stdin)';
  } else if (value.startsWith('@')) {
    from = `--args ${value}`;
    try {
      text = readFileSync(value.slice(1), 'utf8');
    } catch (error) {
      throw new UsageError(
        `cannot read ${value.slice(1)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${from} is not JSON: ${(error as Error).message}`);
  }
  if (!isPlainObject(parsed)) throw new UsageError(`${from} must be a JSON object of arguments`);
  return parsed;
}

function expectationOf(flag: string): Expectation {
  const expectation = parseExpectationFlag(flag);
  if ('error' in expectation) throw new UsageError(expectation.error);
  return expectation;
}

function parallelOf(value: string | undefined): number {
  if (value === undefined) return 1;
  if (!/^[1-9][0-9]{0,3}$/.test(value))
    throw new UsageError(`--parallel must be a whole number from 1, got "${value}"`);
  return Number(value);
}
