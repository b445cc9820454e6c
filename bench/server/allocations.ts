// Benchmark: how much memory one call allocates, ours against the bare servers of run.ts, counted in a way a busy
// machine cannot skew. Each server runs with a fixed 16 MiB young generation and --trace-gc; after a warm-up, a fixed
// number of calls is sent and the young-generation collections (scavenges) they caused are counted. Every scavenge
// means about 16 MiB allocated, so collections per call measure bytes per call, whatever else the machine is doing;
// allocation is much of what a call costs beyond the bare server's, and what throughput alone cannot show here.
//   npm run build && node dist/bench/server/allocations.js [--calls 100000]
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { SERVER_PAIRS } from './pairs.js';
import { CALL_BODY, middleToolName } from './workload.js';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '100000' } } });
const calls = Number(values.calls);
const SEMI_SPACE_MB = 16;

/** Scavenges per 10,000 calls of the call route for one server kind. */
async function scavengesPer10k(kind: string, count: number): Promise<number> {
  const child = fork(new URL('./target.js', import.meta.url), [kind, String(count)], {
    execArgv: ['--trace-gc', `--min-semi-space-size=${SEMI_SPACE_MB}`, `--max-semi-space-size=${SEMI_SPACE_MB}`],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let scavenges = 0;
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (text: string) => (scavenges += text.split('Scavenge').length - 1));
  const [{ port }] = (await once(child, 'message')) as [{ port: number }];
  const send = (amount: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}/tools/${middleToolName(count)}/call`,
      method: 'POST',
      body: CALL_BODY,
      headers: { 'Content-Type': 'application/json' },
      connections: 20,
      amount,
    });
  await send(Math.min(20_000, calls)); // the JIT warmed up, the heap grown to its working size
  const before = scavenges;
  const result = await send(calls);
  // --trace-gc lines arrive on a pipe: give the last ones a moment.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const counted = scavenges - before;
  child.send('stop');
  await once(child, 'exit');
  if (result.non2xx || result.errors) throw new Error(`${kind}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return (counted * 10_000) / result['2xx'];
}

console.log(
  `POST /tools/{name}/call, ${calls.toLocaleString('en')} calls each, ${SEMI_SPACE_MB} MiB young generation\n`,
);
console.log('| adapter | tools | scavenges per 10k calls, bare → ours | ≈ KB per call, bare → ours | ours/bare |');
console.log('|---|---|---|---|---|');
const kbPerCall = (per10k: number) => ((per10k * SEMI_SPACE_MB * 1024) / 10_000).toFixed(1);
for (const pair of SERVER_PAIRS) {
  for (const count of [100, 10_000]) {
    const bare = await scavengesPer10k(pair.bare, count);
    const ours = await scavengesPer10k(pair.ours, count);
    console.log(
      `| ${pair.label} | ${count.toLocaleString('en')} | ${bare.toFixed(2)} → ${ours.toFixed(2)} | ` +
        `${kbPerCall(bare)} → ${kbPerCall(ours)} | ${(ours / bare).toFixed(2)} |`,
    );
  }
}
