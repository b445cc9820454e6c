// A child process serving one of the two servers on loopback, so its CPU time per request can be measured alone.
// argv: <bare|ours> <tool count>. Tells the parent its port, and answers 'cpu' with process.cpuUsage().
import type { AddressInfo } from 'node:net';
import { createServer } from '../../server/index.js';
import { createBareServer } from './bare-server.js';
import { benchmarkHandler, benchmarkTools } from './workload.js';

const [kind, count] = [process.argv[2], Number(process.argv[3])];
const tools = benchmarkTools(count);
const silent = { info() {}, warn() {}, error() {} };
const server =
  kind === 'bare'
    ? createBareServer(tools)
    : createServer({ tools, handleCall: benchmarkHandler, allowExecute: true, logger: silent });

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  if (message === 'stop') server.close(() => process.exit(0));
});
// Never outlive the benchmark.
process.on('disconnect', () => process.exit(0));
