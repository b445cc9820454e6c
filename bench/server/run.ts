// Benchmark: our server against a bare node:http server answering the same routes with the same JSON, and our Fetch
// handler against a bare Fetch handler on the same adapter (@hono/node-server), at 100 and 10,000 tools. Each server
// runs in its own child process, autocannon drives it on loopback; throughput is measured at saturation.
// - Both at once: the two servers of a pair are driven at the same time, on the same core, in every round. This
//   machine's CPU is shared (up to a third of it stolen by neighbours, in bursts of seconds): servers measured one
//   after the other each met a different machine, and a round's ratio went from 0.56 to 1.42. Sharing a core, both
//   meet the same one, and each gets half of it; a round's ratio then stays within a few hundredths.
// - Throughput: each server's requests/s at saturation in that half core. Each route gets `--instances` fresh pairs of
//   processes, `--rounds` rounds each; figures and ratios are medians over all their rounds. (One pair alone is not
//   enough: the same code's ratio moved from 0.87 to 0.95 between fresh pairs, ±0.03 between one pair's rounds.)
// - CPU per request: measured at the same offered load for both (70% of the slower one's throughput), because a
//   saturated server batches work and a server at a different load is not comparable.
// - Peak RSS: the highest resident memory each server process reached; each route gets fresh processes.
// - Cores: on Linux with two cores or more, autocannon runs on one core and both servers on the other (`taskset`), so
//   that neither the driver nor the scheduler's choice of core decides a ratio. `--no-pin` leaves them unpinned.
//   npm run build && node dist/bench/server/run.js
//     [--seconds 2] [--rounds 3] [--instances 3] [--connections 50] [--no-pin] [--route call]
//   `--route`: only the routes whose label contains it (`call`: the call route alone, about 3 minutes).
import autocannon from 'autocannon';
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { SERVER_PAIRS, type ServerKind, type ServerPair } from './pairs.js';
import { CALL_BODY, middleToolName } from './workload.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    instances: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'no-pin': { type: 'boolean', default: false },
    route: { type: 'string', default: '' },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const instances = Number(values.instances);
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

const allRoutes: Route[] = [
  { label: 'GET /tools', path: () => '/tools', method: 'GET' },
  { label: 'GET /tools/{name}', path: (count) => `/tools/${middleToolName(count)}`, method: 'GET' },
  { label: 'POST /tools/{name}/call', path: (count) => `/tools/${middleToolName(count)}/call`, method: 'POST' },
];
const routes = allRoutes.filter((route) => route.label.includes(values.route));
if (routes.length === 0) throw new Error(`--route ${values.route}: no route's label contains it`);

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

type Side = 'bare' | 'ours';
type Targets = Record<Side, Target>;

/** Drives both servers of a pair at once for `duration` seconds, each with its own connections. */
async function driveBoth(targets: Targets, route: Route, count: number, duration: number, overallRate?: number) {
  const [bare, ours] = await Promise.all(
    (['bare', 'ours'] as const).map((side) => drive(targets[side], route, count, duration, overallRate)),
  );
  // Sharing a core, each saturated server gets half of it; much less means something else held it back (the driver).
  if (pinned && overallRate === undefined) {
    for (const [side, figures] of [
      ['bare', bare!],
      ['ours', ours!],
    ] as const) {
      const share = (figures.rps * figures.cpuMicrosPerRequest) / 1e6;
      if (share < 0.4)
        process.stderr.write(`warning: ${side} got ${Math.round(share * 100)}% of the core on ${route.label}\n`);
    }
  }
  return { bare: bare!, ours: ours! };
}

type Round = Record<Side, Figures>;

/**
 * Throughput, then CPU per request, of one fresh pair of servers on one route: `rounds` rounds each, every round
 * driving both servers at once (see the top of this file). Answers the rounds and the pair's peak RSS.
 */
async function measurePair(pair: ServerPair, route: Route, count: number) {
  const targets = { bare: await start(pair.bare, count), ours: await start(pair.ours, count) };
  await driveBoth(targets, route, count, 1); // warm up the JIT
  const measureRounds = async (rate?: number) => {
    const measured: Round[] = [];
    for (let round = 0; round < rounds; round += 1) {
      measured.push(await driveBoth(targets, route, count, seconds, rate));
    }
    return measured;
  };
  const saturated = await measureRounds();
  const rps = (side: Side) => median(saturated.map((round) => round[side].rps));
  const loaded = await measureRounds(Math.max(1, Math.floor(0.7 * Math.min(rps('bare'), rps('ours')))));
  const peakRss = { bare: (await usage(targets.bare)).peakRss, ours: (await usage(targets.ours)).peakRss };
  for (const target of Object.values(targets)) target.child.send('stop');
  return { saturated, loaded, peakRss };
}

/** Bare and ours on one route, over `instances` fresh pairs: medians of all rounds, the highest peak RSS. */
async function compare(pair: ServerPair, route: Route, count: number) {
  const saturated: Round[] = [];
  const loaded: Round[] = [];
  const peakRss = { bare: 0, ours: 0 };
  for (let instance = 0; instance < instances; instance += 1) {
    const measured = await measurePair(pair, route, count);
    saturated.push(...measured.saturated);
    loaded.push(...measured.loaded);
    for (const side of ['bare', 'ours'] as const) peakRss[side] = Math.max(peakRss[side], measured.peakRss[side]);
  }
  const figures = (side: Side): Figures => ({
    rps: median(saturated.map((round) => round[side].rps)),
    cpuMicrosPerRequest: median(loaded.map((round) => round[side].cpuMicrosPerRequest)),
  });
  return {
    bare: figures('bare'),
    ours: figures('ours'),
    rpsRatio: median(saturated.map((round) => round.ours.rps / round.bare.rps)),
    cpuRatio: median(loaded.map((round) => round.ours.cpuMicrosPerRequest / round.bare.cpuMicrosPerRequest)),
    peakRss,
  };
}

const MB = 1024 * 1024;
const rows: string[][] = [];
const ours = new Map<string, Figures>();
for (const pair of SERVER_PAIRS) {
  for (const count of [100, 10_000]) {
    // Fresh processes for each route: its peak RSS is its own, and no route warms the code another one runs.
    for (const route of routes) {
      const { bare, ours: mine, rpsRatio, cpuRatio, peakRss } = await compare(pair, route, count);
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
        (peakRss.bare / MB).toFixed(0),
        (peakRss.ours / MB).toFixed(0),
        (peakRss.ours / peakRss.bare).toFixed(2),
      ]);
      process.stderr.write(`measured ${pair.label} ${route.label} at ${count} tools\n`);
    }
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
  `\n${seconds} s per measurement, ${instances} fresh pairs x ${rounds} rounds (medians), ` +
    `${connections} connections each, Node ${process.version}`,
);
console.log("Both servers of a pair driven at once in every round; requests/s is each one's in its share of the CPU.");
console.log("CPU per request measured at the same rate for both servers: 70% of the slower one's throughput.");
console.log(pinned ? 'autocannon on core 0, both servers on core 1.\n' : 'Not pinned to cores.\n');
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
    'peak MB bare',
    'peak MB ours',
    'ours/bare',
  ],
  rows,
);
console.log('\nPeak RSS: the most any of its processes held, serving that route alone from its start.');

// Detail and call must cost the same whatever the number of tools.
console.log('\nours at 10,000 tools against 100 tools (target: within 1.2x):');
for (const pair of SERVER_PAIRS) {
  for (const route of routes.filter((route) => route.label !== 'GET /tools')) {
    const [small, large] = [
      ours.get(`${pair.label} ${route.label}@100`)!,
      ours.get(`${pair.label} ${route.label}@10000`)!,
    ];
    const cpu = (large.cpuMicrosPerRequest / small.cpuMicrosPerRequest).toFixed(2);
    const rps = (small.rps / large.rps).toFixed(2);
    console.log(`  ${pair.label} ${route.label}: CPU per request ${cpu}x, time per request (1/throughput) ${rps}x`);
  }
}
