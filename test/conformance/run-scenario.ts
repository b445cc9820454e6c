// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, installed: nothing is fetched) against
// the conformance client in this folder, one client scenario per process, and reads the suite's verdict: its exit
// code (1 for a failed or warned check, a client that timed out, or one that exited with an error where the scenario
// does not allow it) and the checks it wrote.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const suiteBin = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url),
);
const clientEntry = fileURLToPath(new URL('./client.js', import.meta.url));

export interface Check {
  id: string;
  name: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO';
  description: string;
  errorMessage?: string;
  /** What the check measured (its fields differ from check to check). */
  details?: Record<string, unknown>;
}

export interface ScenarioRun {
  code: number | null;
  /** What the suite printed, the client's output included when the client failed. */
  output: string;
  checks: Check[];
}

function runSuite(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [suiteBin, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Every client scenario the installed suite lists. */
export async function clientScenarios(): Promise<string[]> {
  const { output } = await runSuite(['list']);
  const section = output.split('Client scenarios')[1] ?? '';
  return [...section.matchAll(/^\s+- (\S+)$/gm)].map((match) => match[1]);
}

/** Runs one scenario; `timeoutMs` bounds the client (the suite's default is 30 s). */
export async function runScenario(scenario: string, timeoutMs: number): Promise<ScenarioRun> {
  const results = mkdtempSync(join(tmpdir(), 'tool-console-conformance-results-'));
  try {
    const { code, output } = await runSuite([
      'client',
      '--command',
      `${process.execPath} ${clientEntry}`,
      '--scenario',
      scenario,
      '--timeout',
      String(timeoutMs),
      '--output-dir',
      results,
    ]);
    // The suite saves to <results>/<scenario>-<time>/checks.json (a scenario "auth/x" makes a folder "auth").
    const saved = readdirSync(results, { recursive: true, encoding: 'utf8' }).find((file) =>
      file.endsWith('checks.json'),
    );
    const checks = saved ? (JSON.parse(readFileSync(join(results, saved), 'utf8')) as Check[]) : [];
    return { code, output, checks };
  } finally {
    rmSync(results, { recursive: true, force: true });
  }
}
