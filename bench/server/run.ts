// Benchmark: our server against a bare node:http server answering the same routes with the same JSON, and our Fetch
// handler against a bare Fetch handler on the same adapter (@hono/node-server), at 100 and 10,000 tools. Each server
// runs in its own child process, autocannon drives it on loopback; throughput is measured at saturation.
// - Throughput: both measured back to back in each of `--rounds` rounds; figures and ratios are medians (compare()).
// - CPU per request: measured at the same offered load for both (70% of the slower one's throughput), because a
//   saturated server batches work and a server at a different load is not comparable.
// - Peak RSS: the highest resident memory each server process reached over the whole run.
// - Cores: on Linux with two cores or more, autocannon and the server under test are pinned to cores of their own
//   (`taskset`), so that the server's throughput is not decided by how the scheduler shares one core with its driver.
//   npm run build && node dist/bench/server/run.js [--seconds 3] [--rounds 3] [--connections 50] [--no-pin]
import autocannon from 'autocannon';
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { SERVER_PAIRS, type ServerKind } from './pairs.js';
import { CALL_BODY, middleToolName } from './workload.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'no-pin': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);

/** Binds every thread of a process to one core; false where that cannot be done (no taskset, not Linux). */
function pinToCore(pid: number, core: number): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(core), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const pinned = !values['no-pin'] && availableParallelism() >= 2 && pinToCore(process.pid, 0);

interface Target {
  child: ChildProcess;
  port: number;
}
interface Route {
  label: string;
  path: (count: number) => string;
  method: 'GET' | 'POST';
}
interface Figures {
  rps: number;
  cpuMicrosPerRequest: number;
}
interface Usage {
  cpuMicros: number;
  peakRss: number;
}

const routes: Route[] = [
  { label: 'GET /tools', path: () => '/tools', method: 'GET' },
  { label: 'GET /tools/{name}', path: (count) => `/tools/${middleToolName(count)}`, method: 'GET' },
  { label: 'POST /tools/{name}/call', path: (count) => `/tools/${middleToolName(count)}/call`, method: 'POST' },
];

async function start(kind: ServerKind, count: number): Promise<Target> {
  const child = fork(new URL('./target.js', import.meta.url), [kind, String(count)], { stdio: 'inherit' });
  const [message] = (await once(child, 'message')) as [{ port: number }];
  if (pinned) pinToCore(child.pid!, 1);
  return { child, port: message.port };
}

async function usage(target: Target): Promise<Usage> {
  target.child.send('cpu');
  const [message] = (await once(target.child, 'message')) as [{ cpu: NodeJS.CpuUsage; peakRss: number }];
  return { cpuMicros: message.cpu.user + message.cpu.system, peakRss: message.peakRss };
}

/** Drives one route; answers requests per second and the server's CPU µs per request. */
async function drive(
  target: Target,
  route: Route,
  count: number,
  duration: number,
  overallRate?: number,
): Promise<Figures> {
  const before = (await usage(target)).cpuMicros;
  const result = await autocannon({
    url: `http://127.0.0.1:${target.port}${route.path(count)}`,
    method: route.method,
    body: route.method === 'POST' ? CALL_BODY : undefined,
    headers: route.method === 'POST' ? { 'Content-Type': 'application/json' } : undefined,
    connections,
    duration,
    overallRate,
  });
  const cpu = (await usage(target)).cpuMicros - before;
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${route.label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { rps: result['2xx'] / result.duration, cpuMicrosPerRequest: cpu / result['2xx'] };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Throughput, then CPU per request, of bare and ours on one route: medians over `rounds` paired rounds. A round
 * measures both back to back, the first of them alternating, and its ratio is ours over bare: a neighbour slowing the
 * machine for a few seconds moves both figures of a round, not their ratio. (Taking each server's best apart mixes a
 * lucky stretch of one with an unlucky one of the other: on a shared two-core machine, bare alone moved between
 * 14,000 and 34,000 calls/s minutes apart, and the ratio of the bests by ±25%.)
 */
async function compare(targets: { bare: Target; ours: Target }, route: Route, count: number) {
  const inOrder = (round: number) => (round % 2 === 0 ? (['bare', 'ours'] as const) : (['ours', 'bare'] as const));
  for (const kind of ['bare', 'ours'] as const) await drive(targets[kind], route, count, 1); // warm up the JIT
  const pairedRounds = async (rate?: number) => {
    const measured: Record<'bare' | 'ours', Figures>[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const figures = {} as Record<'bare' | 'ours', Figures>;
      for (const kind of inOrder(round)) figures[kind] = await drive(targets[kind], route, count, seconds, rate);
      measured.push(figures);
    }
    return measured;
  };
  const saturated = await pairedRounds();
  const rps = (kind: 'bare' | 'ours') => median(saturated.map((round) => round[kind].rps));
  const rate = Math.max(1, Math.floor(0.7 * Math.min(rps('bare'), rps('ours'))));
  const loaded = await pairedRounds(rate);
  const cpu = (kind: 'bare' | 'ours') => median(loaded.map((round) => round[kind].cpuMicrosPerRequest));
  return {
    bare: { rps: rps('bare'), cpuMicrosPerRequest: cpu('bare') },
    ours: { rps: rps('ours'), cpuMicrosPerRequest: cpu('ours') },
    rpsRatio: median(saturated.map((round) => round.ours.rps / round.bare.rps)),
    cpuRatio: median(loaded.map((round) => round.ours.cpuMicrosPerRequest / round.bare.cpuMicrosPerRequest)),
  };
}

const MB = 1024 * 1024;
const rows: string[][] = [];
const memoryRows: string[][] = [];
const ours = new Map<string, Figures>();
for (const pair of SERVER_PAIRS) {
  for (const count of [100, 10_000]) {
    const targets = { bare: await start(pair.bare, count), ours: await start(pair.ours, count) };
    for (const route of routes) {
      const { bare, ours: mine, rpsRatio, cpuRatio } = await compare(targets, route, count);
      ours.set(`${pair.label} ${route.label}@${count}`, mine);
      rows.push([
        pair.label,
        route.label,
        count.toLocaleString('en'),
        bare.rps.toFixed(0),
        mine.rps.toFixed(0),
        rpsRatio.toFixed(2),
        bare.cpuMicrosPerRequest.toFixed(1),
        mine.cpuMicrosPerRequest.toFixed(1),
        cpuRatio.toFixed(2),
      ]);
      process.stderr.write(`measured ${pair.label} ${route.label} at ${count} tools\n`);
    }
    const [bareRss, oursRss] = [(await usage(targets.bare)).peakRss, (await usage(targets.ours)).peakRss];
    memoryRows.push([
      pair.label,
      count.toLocaleString('en'),
      (bareRss / MB).toFixed(0),
      (oursRss / MB).toFixed(0),
      (oursRss / bareRss).toFixed(2),
    ]);
    for (const target of Object.values(targets)) target.child.send('stop');
  }
}

function table(header: string[], body: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of body) console.log(line(row));
}

console.log(
  `\n${seconds} s per measurement, ${rounds} paired rounds (medians), ${connections} connections, Node ${process.version}`,
);
console.log("CPU per request measured at the same rate for both servers: 70% of the slower one's throughput.");
console.log(pinned ? 'autocannon on core 0, the server under test on core 1.\n' : 'Not pinned to cores.\n');
table(
  [
    'adapter',
    'route',
    'tools',
    'req/s bare',
    'req/s ours',
    'ours/bare',
    'CPU µs/req bare',
    'CPU µs/req ours',
    'ours/bare',
  ],
  rows,
);
console.log('\nPeak RSS over the whole run:\n');
table(['adapter', 'tools', 'MB bare', 'MB ours', 'ours/bare'], memoryRows);

// Detail and call must cost the same whatever the number of tools.
console.log('\nours at 10,000 tools against 100 tools (target: within 1.2x):');
for (const pair of SERVER_PAIRS) {
  for (const route of routes.slice(1)) {
    const [small, large] = [
      ours.get(`${pair.label} ${route.label}@100`)!,
      ours.get(`${pair.label} ${route.label}@10000`)!,
    ];
    const cpu = (large.cpuMicrosPerRequest / small.cpuMicrosPerRequest).toFixed(2);
    const rps = (small.rps / large.rps).toFixed(2);
    console.log(`  ${pair.label} ${route.label}: CPU per request ${cpu}x, time per request (1/throughput) ${rps}x`);
  }
}
