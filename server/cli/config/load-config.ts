// The config files people already have for their MCP servers, read into the targets the bridge connects to:
//   Claude Desktop, Cursor, Claude Code (.mcp.json): {"mcpServers": {name: {command, args?, env?, cwd?} | {url, headers?}}}
//   VS Code (.vscode/mcp.json, JSON with comments):  {"servers": {name: {type: "stdio", command, ...} |
//                                                     {type: "http" | "sse", url, headers?}}, "inputs": [...]}
// Placeholders are filled in as placeholders.ts says. Every mistake is a UsageError (exit 2) naming the file and the
// place in it (`mcpServers.github.args[1]`), so the person can go straight to it.
import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { isPlainObject } from '../../../protocol/index.js';
import type { McpTarget } from '../../mcp/index.js';
import { HEADER_NAME } from '../http-header-name.js';
import { UsageError } from '../usage-error.js';
import type { ConfiguredServer, ServersConfig } from './configured-server.js';
import { parseJsonWithComments } from './json-with-comments.js';
import { fillPlaceholders, PlaceholderError, type PlaceholderContext } from './placeholders.js';

type Path = (string | number)[];

/** `mcpServers.github.args[1]`; a key that is not a plain word is quoted: `headers["X Custom"]`. */
function placeOf(path: Path): string {
  return path
    .map((key, index) =>
      typeof key === 'number'
        ? `[${key}]`
        : /^[\w-]+$/.test(key)
          ? `${index ? '.' : ''}${key}`
          : `[${JSON.stringify(key)}]`,
    )
    .join('');
}

/** Reads `file` and parses it (see parseServersConfig). */
export function loadServersConfig(file: string, env: NodeJS.ProcessEnv = process.env): ServersConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : (code ?? String(error));
    throw new UsageError(`cannot read the config file ${file}: ${why}`);
  }
  return parseServersConfig(text, file, env);
}

/**
 * The servers a config file's text describes, in the file's order. `file` names the file in messages and places
 * `${workspaceFolder}`; `env` fills `${env:NAME}` and is the environment every stdio server starts with (plus its
 * own `env`), as a server started with --stdio inherits the CLI's.
 */
export function parseServersConfig(text: string, file: string, env: NodeJS.ProcessEnv = process.env): ServersConfig {
  const fail = (path: Path, problem: string): never => {
    throw new UsageError(`${file}: ${path.length ? `${placeOf(path)}: ` : ''}${problem}`);
  };
  let json: unknown;
  try {
    json = parseJsonWithComments(text);
  } catch (error) {
    return fail([], `not JSON: ${(error as Error).message}`);
  }
  if (!isPlainObject(json)) return fail([], 'must hold a JSON object');
  const key = 'mcpServers' in json ? 'mcpServers' : 'servers' in json ? 'servers' : undefined;
  if (key === undefined)
    return fail([], 'has no "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code) naming MCP servers');
  if ('mcpServers' in json && 'servers' in json)
    return fail([], 'has both "mcpServers" and "servers": keep the one your app reads');
  const entries = json[key];
  if (!isPlainObject(entries)) return fail([key], 'must be an object of servers by name');
  if (Object.keys(entries).length === 0) return fail([key], 'names no servers');
  const context: PlaceholderContext = {
    env,
    workspaceFolder: workspaceFolderOf(file),
    inputs: inputsOf(json.inputs, fail),
  };
  const inherited = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  // A server switched off in the app that wrote the file (Cline's and Windsurf's `"disabled": true`) is not one to
  // serve, nor to check: its placeholders may name variables this shell never sets.
  const enabled = Object.entries(entries).filter(([name, entry]) => {
    const disabled = isPlainObject(entry) ? entry.disabled : undefined;
    if (disabled !== undefined && typeof disabled !== 'boolean')
      return fail([key, name, 'disabled'], `must be true or false, got ${kindOf(disabled)}`);
    return disabled !== true;
  });
  if (enabled.length === 0) return fail([key], 'names no servers that are not "disabled"');
  const servers = enabled.map(([name, entry]): ConfiguredServer => {
    if (name.trim() === '') return fail([key, name], 'a server needs a name');
    const reader = new EntryReader([key, name], context, fail);
    return { name, target: reader.target(entry, inherited) };
  });
  return { file, servers };
}

// ${workspaceFolder} is the project: the folder holding .vscode/ (or .cursor/), else the file's own folder.
function workspaceFolderOf(file: string): string {
  const folder = dirname(resolve(file));
  return basename(folder) === '.vscode' || basename(folder) === '.cursor' ? dirname(folder) : folder;
}

function inputsOf(inputs: unknown, fail: (path: Path, problem: string) => never): Map<string, string | undefined> {
  const byId = new Map<string, string | undefined>();
  if (inputs === undefined) return byId;
  if (!Array.isArray(inputs)) return fail(['inputs'], 'must be a list');
  for (const input of inputs) {
    if (isPlainObject(input) && typeof input.id === 'string') {
      byId.set(input.id, typeof input.description === 'string' ? input.description : undefined);
    }
  }
  return byId;
}

const TYPES = ['stdio', 'http', 'sse', 'streamable-http', 'streamableHttp'];

/** One server's entry, every field checked and its placeholders filled in. */
class EntryReader {
  readonly #at: Path;
  readonly #context: PlaceholderContext;
  readonly #fail: (path: Path, problem: string) => never;

  constructor(at: Path, context: PlaceholderContext, fail: (path: Path, problem: string) => never) {
    this.#at = at;
    this.#context = context;
    this.#fail = fail;
  }

  target(entry: unknown, inherited: Record<string, string>): McpTarget {
    const at = this.#at;
    const fail = this.#fail;
    if (!isPlainObject(entry))
      return fail(at, 'must be an object with "command" (a program to start) or "url" (a server to connect to)');
    const type = entry.type;
    if (type !== undefined && !TYPES.includes(type as string))
      return fail([...at, 'type'], `must be "stdio", "http" or "sse", got ${JSON.stringify(type)}`);
    if (entry.command !== undefined && entry.url !== undefined)
      return fail(at, 'has both "command" and "url": a server is started or connected to, not both');
    if (type === 'stdio' && entry.command === undefined) return fail(at, 'is of type "stdio" but has no "command"');
    if (type !== undefined && type !== 'stdio' && entry.url === undefined)
      return fail(at, `is of type ${JSON.stringify(type)} but has no "url"`);
    if (entry.command !== undefined) return this.#stdio(entry, inherited);
    if (entry.url !== undefined) return this.#http(entry);
    return fail(at, 'needs "command" (a program to start) or "url" (a server to connect to)');
  }

  #stdio(entry: Record<string, unknown>, inherited: Record<string, string>): McpTarget {
    const at = this.#at;
    const fail = this.#fail;
    if (entry.headers !== undefined) return fail([...at, 'headers'], 'only applies to a server with a "url"');
    if (entry.envFile !== undefined) {
      return fail(
        [...at, 'envFile'],
        'is not supported: put the variables in "env" (${env:NAME} takes one from the environment)',
      );
    }
    const command = this.#text(entry.command, 'command');
    if (command.trim() === '') return fail([...at, 'command'], 'must name a program');
    const args = entry.args === undefined ? [] : this.#list(entry.args, 'args');
    const env = entry.env === undefined ? {} : this.#strings(entry.env, 'env');
    const cwd =
      entry.cwd === undefined ? undefined : resolve(this.#context.workspaceFolder, this.#text(entry.cwd, 'cwd'));
    return { stdio: { command, args, env: { ...inherited, ...env }, ...(cwd !== undefined && { cwd }) } };
  }

  #http(entry: Record<string, unknown>): McpTarget {
    const at = this.#at;
    const fail = this.#fail;
    for (const field of ['args', 'env', 'envFile', 'cwd']) {
      if (entry[field] !== undefined) return fail([...at, field], 'only applies to a server with a "command"');
    }
    const text = this.#text(entry.url, 'url');
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      // said below
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      return fail([...at, 'url'], `must be an http(s) URL, got ${JSON.stringify(text)}`);
    const headers = entry.headers === undefined ? {} : this.#strings(entry.headers, 'headers');
    for (const name of Object.keys(headers)) {
      if (!HEADER_NAME.test(name)) return fail([...at, 'headers', name], 'is not a valid HTTP header name');
    }
    return { url, headers };
  }

  /** A string field, placeholders filled in. */
  #text(value: unknown, ...path: Path): string {
    if (typeof value !== 'string') return this.#fail([...this.#at, ...path], `must be a string, got ${kindOf(value)}`);
    try {
      return fillPlaceholders(value, this.#context);
    } catch (error) {
      if (error instanceof PlaceholderError) return this.#fail([...this.#at, ...path], error.message);
      throw error;
    }
  }

  #list(value: unknown, field: string): string[] {
    if (!Array.isArray(value))
      return this.#fail([...this.#at, field], `must be a list of strings, got ${kindOf(value)}`);
    return value.map((item, index) => this.#text(item, field, index));
  }

  #strings(value: unknown, field: string): Record<string, string> {
    if (!isPlainObject(value))
      return this.#fail([...this.#at, field], `must be an object of names and strings, got ${kindOf(value)}`);
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, this.#text(item, field, name)]));
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  // A string is not quoted: it may be a token written in the wrong place.
  return typeof value === 'string' ? 'a string' : `the ${typeof value} ${JSON.stringify(value)}`;
}
