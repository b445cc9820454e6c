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
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

function start(args: string[]) {
  const child = spawn(process.execPath, [cliPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (output.stdout += chunk));
  child.stderr.on('data', (chunk) => (output.stderr += chunk));
  return { child, output };
}

export async function runCli(args: string[]): Promise<Finished> {
  const { child, output } = start(args);
  const [code] = await once(child, 'exit');
  return { code, ...output };
}

/** Rejects with what the CLI printed when it exits (or takes 15 s) before serving. */
export function serveCli(args: string[]): Promise<Serving> {
  const { child, output } = start(['--port', '0', ...args]);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the CLI printed no URL in 15 s: ${output.stderr}`));
    }, 15_000);
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
