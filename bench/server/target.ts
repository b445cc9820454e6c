// A child process serving one of the four servers on loopback, so its CPU time and memory can be measured alone.
// argv: <bare|ours|bare-fetch|ours-fetch> <tool count>. The two Fetch handlers are served by @hono/node-server, the
// same adapter for both. Tells the parent its port, and answers 'cpu' with its CPU time and peak RSS so far.
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFetchHandler } from '../../server/fetch.js';
import { createServer } from '../../server/index.js';
import { createBareFetchHandler, createBareServer } from './bare-server.js';
import { benchmarkHandler, benchmarkTools } from './workload.js';

const [kind, count] = [process.argv[2], Number(process.argv[3])];
const tools = benchmarkTools(count);
const options = { tools, handleCall: benchmarkHandler, allowExecute: true, logger: { info() {}, warn() {}, error() {} } };

function start(): Server {
  switch (kind) {
    case 'bare':
      return createBareServer(tools).listen(0, '127.0.0.1', announce);
    case 'ours':
      return createServer(options).listen(0, '127.0.0.1', announce);
    case 'bare-fetch':
      return serve({ fetch: createBareFetchHandler(tools), port: 0, hostname: '127.0.0.1' }, announce) as Server;
    case 'ours-fetch':
      return serve({ fetch: createFetchHandler(options), port: 0, hostname: '127.0.0.1' }, announce) as Server;
    default:
      throw new Error(`unknown server kind ${kind}`);
  }
}

let peakRss = process.memoryUsage.rss();
setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20).unref();

const server = start();
function announce(): void {
  process.send?.({ port: (server.address() as AddressInfo).port });
}
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage(), peakRss: Math.max(peakRss, process.memoryUsage.rss()) });
  if (message === 'stop') server.close(() => process.exit(0));
});
// Never outlive the benchmark.
process.on('disconnect', () => process.exit(0));
