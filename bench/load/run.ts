// The long load run (minutes, not part of `npm test`): echo calls through the real server at two shapes of load,
// reporting throughput, p50/p99 latency and the process's RSS before, at its peak and after (client and server
// share the process, so the RSS is an upper bound for the server). Every answer is checked against its caller.
//   npx tsc -p tsconfig.build.json && node dist/bench/load/run.js [--calls N]
import { recordingLogger, weatherTool } from '../../test/server/helpers.js';
import { collectGarbage } from '../../test/load/forced-gc.js';
import {
  driveEchoCalls,
  listenForLoad,
  MB,
  percentile,
  RssSampler,
  slowEchoHandler,
} from '../../test/load/load-driver.js';

const callsFlag = process.argv.indexOf('--calls');
const scale = callsFlag === -1 ? 1 : Number(process.argv[callsFlag + 1]) / 20_000;

const SCENARIOS = [
  {
    name: 'slow handler 50-200 ms, 1,000 connections',
    minMs: 50,
    maxMs: 200,
    calls: Math.round(20_000 * scale),
    concurrency: 1_000,
  },
  { name: 'instant handler, 64 connections', minMs: 0, maxMs: 0, calls: Math.round(50_000 * scale), concurrency: 64 },
];

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

console.log(`node ${process.version}, ${process.arch}\n`);
console.log('| scenario | calls | calls/s | p50 | p99 | RSS before | RSS peak | RSS after | wrong or lost |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const scenario of SCENARIOS) {
  const { handleCall } = slowEchoHandler(scenario.minMs, scenario.maxMs);
  const app = await listenForLoad({ tools: [weatherTool], allowExecute: true, handleCall, logger: recordingLogger() });
  collectGarbage();
  const before = process.memoryUsage.rss();
  const sampler = new RssSampler();
  const result = await driveEchoCalls(app.port, '/tools/get_weather/call', scenario.calls, scenario.concurrency);
  const peak = sampler.stop();
  await app.drained();
  collectGarbage();
  const after = process.memoryUsage.rss();
  await app.close();
  const perSecond = Math.round((scenario.calls / result.elapsedMs) * 1000);
  const p = (n: number) => `${percentile(result.latenciesMs, n).toFixed(1)} ms`;
  console.log(
    `| ${scenario.name} | ${scenario.calls} | ${perSecond} | ${p(50)} | ${p(99)} | ${mb(before)} | ${mb(peak)} | ${mb(after)} | ${result.problems.length} |`,
  );
  if (result.problems.length) console.error(result.problems.slice(0, 5).join('\n'));
}
