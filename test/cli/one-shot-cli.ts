// Runs a one-shot command of the built CLI (`tool-console call ...`) to its end, with input on stdin if given, and
// notes how long it took to exit after its first output: a command must stop its server at once, not after a grace.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { cliPath, everythingServer } from '../fixtures/mcp/paths.js';
import { close, listen } from '../support/listen.js';

export interface OneShotRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from the first byte on stdout (or stderr) to the exit. */
  exitAfterOutputMs: number;
}

/** server-everything over stdio, as --stdio takes it. */
export const everythingStdio = ['--stdio', `"${process.execPath}" "${everythingServer}"`];

export async function oneShot(
  args: string[],
  { stdin, env, cwd }: { stdin?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<OneShotRun> {
  const child = spawn(process.execPath, [cliPath, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env, cwd });
  const output = { stdout: '', stderr: '' };
  let firstOutput: number | undefined;
  const seen = () => (firstOutput ??= performance.now());
  child.stdout.on('data', (chunk) => ((output.stdout += chunk), seen()));
  child.stderr.on('data', (chunk) => ((output.stderr += chunk), seen()));
  child.stdin.end(stdin ?? '');
  // 'close', not 'exit': the exit can be heard before the last of its output is read (seen under load: exit code 2
  // with an empty stderr).
  const [code] = await once(child, 'close');
  return { code, ...output, exitAfterOutputMs: performance.now() - (firstOutput ?? performance.now()) };
}

/** server-everything's own Streamable HTTP entry point, as a process on a free loopback port. */
export async function startEverythingHttp(): Promise<{ url: string; stop(): Promise<void> }> {
  const probe = createServer();
  const port = await listen(probe);
  await close(probe);
  const child = spawn(process.execPath, [everythingServer, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (/listening on port/.test(stderr)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${stderr}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async stop() {
      child.kill();
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
