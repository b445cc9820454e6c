// Runs the built CLI against an MCP server behind OAuth and plays the user's browser: it opens the authorization
// URL the CLI prints, follows the authorization server's redirect to the console's callback, and then the
// console's redirect to its page, each by hand (redirect: 'manual'), as a browser would.
import { spawn, type ChildProcess } from 'node:child_process';
import { cliPath } from '../fixtures/mcp/paths.js';

export interface OAuthCli {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  /** Resolves with the first match of `pattern` in what the CLI printed (stdout and stderr), once it appears. */
  waitFor(pattern: RegExp, from?: 'stdout' | 'stderr'): Promise<RegExpExecArray>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

export function startCli(args: string[], env: NodeJS.ProcessEnv = process.env): OAuthCli {
  const child = spawn(process.execPath, [cliPath, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  const output = { stdout: '', stderr: '' };
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  child.stdout.on('data', (chunk) => ((output.stdout += chunk), changed()));
  child.stderr.on('data', (chunk) => ((output.stderr += chunk), changed()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (changed(), resolve(code))));
  const waitFor = (pattern: RegExp, from: 'stdout' | 'stderr' = 'stderr') =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output[from]);
        if (match) {
          listeners.delete(check);
          resolve(match);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          listeners.delete(check);
          reject(new Error(`the CLI exited (${child.exitCode}) before printing ${pattern}: ${output.stderr}`));
        }
      };
      listeners.add(check);
      check();
    });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return { child, output, waitFor, exited, stop };
}

/** The authorization URL the CLI printed after `index` earlier ones, once it has. */
export async function authorizationUrl(cli: OAuthCli, index = 0): Promise<string> {
  await cli.waitFor(new RegExp(`(?:tool-console: authorize at \\S+\\n[^]*?){${index + 1}}`));
  return [...cli.output.stderr.matchAll(/tool-console: authorize at (\S+)\n/g)][index][1];
}

/** The console's URL, once it serves. */
export async function consoleUrl(cli: OAuthCli): Promise<string> {
  return (await cli.waitFor(/serving at (http\S+)/, 'stdout'))[1];
}

/** Opens the authorization URL as a browser would: the authorization server's redirect leads to the callback. */
export async function authorize(url: string): Promise<string> {
  const agreed = await fetch(url, { redirect: 'manual' });
  if (agreed.status !== 302)
    throw new Error(`the authorization server answered ${agreed.status}: ${await agreed.text()}`);
  return agreed.headers.get('location')!;
}

/** Follows the redirect to the console's callback; returns its answer (a redirect to the page, or a refusal). */
export function callBack(callbackUrl: string): Promise<Response> {
  return fetch(callbackUrl, { redirect: 'manual' });
}

/** The user agrees at `url`, and the browser comes back to the console's callback: its answer. */
export async function authorizeAsUser(url: string): Promise<Response> {
  return callBack(await authorize(url));
}
