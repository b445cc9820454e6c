// How long a scripted `list tools` takes against server-everything over stdio, from start to exit, beside the MCP
// Inspector's `--cli` mode doing the same (`--method tools/list`): the issue measured the Inspector at 2.45 s to exit
// with its answer ready at 0.43 s. Each tool runs several times, one after the other; prints each run (time to the
// first output, time to exit) and the medians. Before them, where a one-shot's time goes: Node's own start
// (`node -e 0`), loading the CLI's one-shot path (`list --help`: no server), and server-everything's start to its
// `initialize` answer. TOOL_CONSOLE_CLI names another build's cli.js (an older commit's, for a before/after).
//
//   node dist/bench/cli/one-shot.js [runs]
//
// The Inspector is installed into a temporary folder with npm (once; INSPECTOR_DIR reuses a folder that has it).
// Tests never run this: they must not download anything.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliPath, everythingServer } from '../../test/fixtures/mcp/paths.js';

const INSPECTOR_VERSION = '2.12.0';
const runs = Number(process.argv[2] ?? 7);
const cli = process.env.TOOL_CONSOLE_CLI ?? cliPath;

interface Timing {
  firstOutputMs: number;
  exitMs: number;
}

/** Runs `args` with node to its exit; fails on a non-zero exit (a broken run is not a fast one). */
function timed(args: string[]): Promise<Timing> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let firstOutputMs: number | undefined;
  let stderr = '';
  child.stdout.on('data', () => (firstOutputMs ??= performance.now() - started));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      const exitMs = performance.now() - started;
      if (code !== 0) reject(new Error(`${args.join(' ')} exited with ${code}: ${stderr}`));
      else resolve({ firstOutputMs: firstOutputMs ?? exitMs, exitMs });
    }),
  );
}

/** How long server-everything takes from its start to its answer to `initialize` (it is stopped then). */
function serverStart(): Promise<Timing> {
  const started = performance.now();
  const child = spawn(process.execPath, [everythingServer], { stdio: ['pipe', 'pipe', 'ignore'] });
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
  };
  child.stdin.write(`${JSON.stringify(initialize)}\n`);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}) before it answered`)));
    child.stdout.once('data', () => {
      const ms = performance.now() - started;
      child.removeAllListeners('exit');
      child.kill();
      resolve({ firstOutputMs: ms, exitMs: ms });
    });
  });
}

function inspectorCli(): string {
  const folder = process.env.INSPECTOR_DIR ?? join(tmpdir(), `tool-console-bench-inspector-${INSPECTOR_VERSION}`);
  const entry = join(
    folder,
    'node_modules',
    '@modelcontextprotocol',
    'inspector',
    'clients',
    'launcher',
    'build',
    'index.js',
  );
  if (!existsSync(entry)) {
    mkdirSync(folder, { recursive: true });
    console.log(`installing @modelcontextprotocol/inspector@${INSPECTOR_VERSION} into ${folder} ...`);
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', `@modelcontextprotocol/inspector@${INSPECTOR_VERSION}`],
      {
        cwd: folder,
        stdio: 'inherit',
      },
    );
  }
  return entry;
}

async function measure(label: string, args: string[] | (() => Promise<Timing>)): Promise<number> {
  const times: Timing[] = [];
  for (let run = 0; run < runs; run++) {
    const timing = await (typeof args === 'function' ? args() : timed(args));
    times.push(timing);
    console.log(
      `${label} run ${run + 1}: answer at ${timing.firstOutputMs.toFixed(0)} ms, exit at ${timing.exitMs.toFixed(0)} ms`,
    );
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const exit = median(times.map((each) => each.exitMs));
  console.log(
    `${label}: median of ${runs}: answer at ${median(times.map((each) => each.firstOutputMs)).toFixed(0)} ms, ` +
      `exit at ${exit.toFixed(0)} ms`,
  );
  return exit;
}

await measure('node -e 0 (Node alone)', ['-e', '0']);
await measure('tool-console list --help (loading, no server)', [cli, 'list', '--help']);
await measure('server-everything: start to its initialize answer', serverStart);
const ours = await measure('tool-console list tools', [
  cli,
  'list',
  'tools',
  '--stdio',
  `"${process.execPath}" "${everythingServer}"`,
]);
const theirs = await measure('inspector --cli tools/list', [
  inspectorCli(),
  '--cli',
  process.execPath,
  everythingServer,
  '--method',
  'tools/list',
]);
console.log(`tool-console exits ${(theirs / ours).toFixed(1)}x sooner than the Inspector's --cli`);
