// A child process serving one of the four servers on loopback, so its CPU time and memory can be measured alone.
// argv: <bare|ours|bare-fetch|ours-fetch> <tool count>. The two Fetch handlers are served by @hono/node-server, the
// same adapter for both. Tells the parent its port, and answers 'cpu' with its CPU time and peak RSS so far.
import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import { createFetchHandler } from '../../server/fetch.js';
import { createServer } from '../../server/index.js';
import { close, listen } from '../../test/support/listen.js';
import { createBareFetchHandler, createBareServer } from './bare-server.js';
import { benchmarkHandler, benchmarkTools } from './workload.js';

const [kind, count] = [process.argv[2], Number(process.argv[3])];
const tools = benchmarkTools(count);
const options = {
  tools,
  handleCall: benchmarkHandler,
  allowExecute: true,
  logger: { info() {}, warn() {}, error() {} },
};

// createAdaptorServer is what @hono/node-server's serve() listens with.
function create(): Server {
  switch (kind) {
    case 'bare':
      return createBareServer(tools);
    case 'ours':
      return createServer(options);
    case 'bare-fetch':
      return createAdaptorServer({ fetch: createBareFetchHandler(tools) }) as Server;
    case 'ours-fetch':
      return createAdaptorServer({ fetch: createFetchHandler(options) }) as Server;
    default:
      throw new Error(`unknown server kind ${kind}`);
  }
}

let peakRss = process.memoryUsage.rss();
setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20).unref();

const server = create();
process.on('message', (message) => {
  if (message === 'cpu')
    process.send?.({ cpu: process.cpuUsage(), peakRss: Math.max(peakRss, process.memoryUsage.rss()) });
  if (message === 'stop') void close(server).then(() => process.exit(0));
});
// Never outlive the benchmark.
process.on('disconnect', () => process.exit(0));
process.send?.({ port: await listen(server) });
