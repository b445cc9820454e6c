// What pages watching the tool list can cost (not part of `npm test`): WATCHERS (default 1,000, the default
// maxWatchers) raw connections watch a list of 10,000 tools (2.3 MB) and never read, the host says the list changed
// three times, and one watcher more asks. Prints RSS before, at its peak and after (client and server share the
// process, so RSS is an upper bound for the server), and what the extra watcher got.
//   npx tsc -p tsconfig.build.json && node dist/bench/abuse/watchers.js
import { connect, type Socket } from 'node:net';
import type { ConsoleNotifier, Tool } from '../../server/index.js';
import { startConsole } from '../../test/server/helpers.js';
import { collectGarbage } from '../../test/load/forced-gc.js';

const MB = 1024 * 1024;
const WATCHERS = Number(process.env.WATCHERS ?? 1_000);
const CHANGES = 3;
const tool = (index: number): Tool => ({
  name: `tool_${index}`,
  description: 'A tool with a description long enough to make the list a few megabytes. '.repeat(4),
  inputSchema: { type: 'object' },
});
const tools = Array.from({ length: 10_000 }, (_, index) => tool(index));
let notifier!: ConsoleNotifier;
const app = await startConsole({ tools: () => tools, notifications: (given) => (notifier = given) });
const listBytes = (await app.request('GET', '/tools')).body.length;

const serverSides: Socket[] = [];
app.server.on('connection', (socket: Socket) => serverSides.push(socket));
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
collectGarbage();
const before = process.memoryUsage.rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
const watch = 'GET /tools HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n';
const clients = Array.from({ length: WATCHERS }, () => {
  const socket = connect(app.port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(watch);
  socket.pause();
  return socket;
});
// Every watcher has its first event once the server has written to each connection.
while (serverSides.length < WATCHERS || serverSides.some((socket) => socket.bytesWritten === 0)) await settle();
for (let change = 0; change < CHANGES; change++) {
  tools.push(tool(tools.length));
  notifier.toolsChanged();
  await settle();
}
const extra = await fetch(`http://127.0.0.1:${app.port}/tools`, { headers: { Accept: 'text/event-stream' } });
const extraAnswer = extra.status === 200 ? '200, a stream' : `${extra.status} ${await extra.text()}`;
if (extra.status === 200) await extra.body?.cancel();
clearInterval(sampler);
collectGarbage();
const after = process.memoryUsage.rss();
const open = serverSides.filter((socket) => !socket.destroyed).length;
for (const client of clients) client.destroy();
await app.close();

console.log(`node ${process.version}\n`);
console.log(
  `| ${WATCHERS} watchers that never read, list of ${(listBytes / MB).toFixed(1)} MB, ${CHANGES} changes | |`,
);
console.log('|---|---|');
console.log(
  `| RSS before / peak / after | ${(before / MB).toFixed(0)} / ${(peak / MB).toFixed(0)} / ${(after / MB).toFixed(0)} MB |`,
);
console.log(`| connections still open at the end | ${open} |`);
console.log(`| one watcher more | ${extraAnswer} |`);
