// Runs the built CLI as a child process: either to completion, or until it prints the URL it serves.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cliPath } from '../fixtures/mcp/paths.js';

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Serving {
  child: ChildProcess;
  /** The console's URL, ending in a slash. */
  url: string;
  output: { stdout: string; stderr: string };
  /** Sends the signal (SIGTERM unless told) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface CliOptions {
  /** The CLI's environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** The CLI's working directory (default: this process's). */
  cwd?: string;
}

function start(args: string[], { env, cwd }: CliOptions = {}) {
  const child = spawn(process.execPath, [cliPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env, cwd });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (output.stdout += chunk));
  child.stderr.on('data', (chunk) => (output.stderr += chunk));
  return { child, output };
}

export async function runCli(args: string[], options?: CliOptions): Promise<Finished> {
  const { child, output } = start(args, options);
  // 'close', not 'exit': the exit can be heard before the last of its output is read (seen under load: exit code 2
  // with an empty stderr).
  const [code] = await once(child, 'close');
  return { code, ...output };
}

/** Rejects with what the CLI printed when it exits (or takes 30 s) before serving. */
export function serveCli(args: string[], options?: CliOptions): Promise<Serving> {
  const { child, output } = start(['--port', '0', ...args], options);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the CLI printed no URL in 30 s: ${output.stderr}`));
    }, 30_000);
    child.stdout.on('data', () => {
      const url = /serving at (http\S+)/.exec(output.stdout)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ child, url, output, stop });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the CLI exited (${code}) before serving: ${output.stderr}`));
    });
  });
}

/** POSTs JSON arguments to a tool's call endpoint of a serving CLI, as the page does. */
export async function callTool(cli: Serving, name: string, args: object = {}) {
  const response = await fetch(`${cli.url}tools/${encodeURIComponent(name)}/call`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever came back
  return { status: response.status, body: (await response.json()) as any };
}

/**
 * The first line the CLI printed on stderr of its own (`tool-console: ...`), once it has: a CLI that could not connect
 * to its MCP server says why there while it keeps serving.
 */
export function ownStderrLine(cli: Serving): Promise<string> {
  const find = () => /^tool-console: .*$/m.exec(cli.output.stderr.slice(0, cli.output.stderr.lastIndexOf('\n') + 1));
  return new Promise((resolve, reject) => {
    const check = () => {
      const line = find()?.[0];
      if (line === undefined) return;
      cli.child.stderr!.off('data', check);
      resolve(line);
    };
    cli.child.stderr!.on('data', check);
    cli.child.once('exit', (code) => reject(new Error(`the CLI exited (${code}): ${cli.output.stderr}`)));
    check();
  });
}

/** Resolves once the CLI's MCP server is connected (its tool list answers), for what is known only then. */
export async function connected(cli: Serving): Promise<void> {
  const tools = await fetch(`${cli.url}tools`);
  if (tools.status !== 200) throw new Error(`the tool list answered ${tools.status}: ${await tools.text()}`);
}
