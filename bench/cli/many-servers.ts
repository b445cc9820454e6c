// What many servers in one console cost in memory (issue 32): the console's own RSS (its MCP servers' processes not
// counted) with ten server-memory servers started (`--config` with `--eager`, each server's console opened once)
// against the sum of ten separate `tool-console --stdio` processes doing the same; and the RSS of a console with ten
// idle configured servers against two, and against the demo console (no MCP server at all).
//
//   node dist/bench/cli/many-servers.js
//
// Linux only (reads /proc). Each figure is read once the consoles have answered and settled for a second.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { ServerListing } from '../../protocol/servers.js';
import { cliPath, everythingServer } from '../../test/fixtures/mcp/paths.js';

const SERVERS = 10;
const memoryServer = join(everythingServer, '../../../server-memory/dist/index.js');
const dir = mkdtempSync(join(tmpdir(), 'bench-many-servers-'));
const started: ChildProcess[] = [];

/** A process's resident set, in MB (its children not counted). */
function rssMb(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) / 1024;
}

/** Starts the CLI with `args` and resolves with it and the URL it serves. */
function serve(args: string[], env = process.env): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [cliPath, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const url = /serving at (http\S+)/.exec(stdout)?.[1];
      if (url) resolve({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`the CLI exited (${code}): ${stderr}`)));
  });
}

const memoryEntry = (index: number) => ({
  command: process.execPath,
  args: [memoryServer],
  env: { MEMORY_FILE_PATH: join(dir, `memory-${index}.jsonl`) },
});

function configFile(count: number): string {
  const file = join(dir, `mcp-${count}.json`);
  const mcpServers = Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`memory-${index}`, memoryEntry(index)]),
  );
  writeFileSync(file, JSON.stringify({ mcpServers }));
  return file;
}

async function tools(url: string): Promise<void> {
  const answer = await fetch(`${url}tools`);
  if (answer.status !== 200) throw new Error(`${url}tools answered ${answer.status}`);
  await answer.arrayBuffer();
}

/** The console's own RSS once it has settled. */
async function settledRss(child: ChildProcess): Promise<number> {
  await delay(1_000);
  return rssMb(child.pid!);
}

async function stopAll(): Promise<void> {
  await Promise.all(
    started.splice(0).map((child) => {
      if (child.exitCode !== null) return undefined;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      return exited;
    }),
  );
}

async function manyStarted(): Promise<number> {
  const { child, url } = await serve(['--config', configFile(SERVERS), '--eager']);
  // Each server's console opened once, as the switcher does when each is shown.
  for (let index = 0; index < SERVERS; index++) await tools(`${url}servers/memory-${index}/`);
  const listing = (await (await fetch(`${url}servers`)).json()) as ServerListing;
  const ready = listing.servers.filter((server) => server.status === 'ready').length;
  if (ready !== SERVERS) throw new Error(`only ${ready} of ${SERVERS} servers are ready`);
  return settledRss(child);
}

async function separateConsoles(): Promise<number[]> {
  const consoles = await Promise.all(
    Array.from({ length: SERVERS }, (_, index) =>
      // A --stdio server inherits the CLI's environment: each its own memory file, as in the config file.
      serve(['--stdio', `${process.execPath} ${memoryServer}`], { ...process.env, ...memoryEntry(index).env }).then(
        async (serving) => {
          await tools(serving.url);
          return serving;
        },
      ),
    ),
  );
  await delay(1_000);
  return consoles.map(({ child }) => rssMb(child.pid!));
}

async function idle(args: string[]): Promise<number> {
  const { child, url } = await serve(args);
  await (await fetch(url)).arrayBuffer();
  return settledRss(child);
}

const mb = (value: number) => `${value.toFixed(1)} MB`;

try {
  const many = await manyStarted();
  await stopAll();
  const separate = await separateConsoles();
  await stopAll();
  const separateSum = separate.reduce((sum, value) => sum + value, 0);
  console.log(`${SERVERS} servers started, one console (its own RSS): ${mb(many)}`);
  console.log(
    `${SERVERS} separate tool-console --stdio processes: ${mb(separateSum)} in all ` +
      `(each ${mb(Math.min(...separate))} to ${mb(Math.max(...separate))})`,
  );
  const idleTen = await idle(['--config', configFile(SERVERS)]);
  await stopAll();
  const idleTwo = await idle(['--config', configFile(2)]);
  await stopAll();
  const demo = await idle(['--demo']);
  await stopAll();
  console.log(
    `${SERVERS} idle configured servers: ${mb(idleTen)}; 2 idle: ${mb(idleTwo)}; the demo console: ${mb(demo)}`,
  );
} finally {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
}
