// What one hostile request can cost (not part of `npm test`): the worst inputs we know of for the open validate route,
// each sent six times while the event loop's longest stall is measured (the first request to a schema also compiles
// it, once per process; client and server share the process, so the stall includes sending and reading), then 30 clients that ask for large answers and
// never read them, with the RSS they hold and how long until the server lets go.
//   npx tsc -p tsconfig.build.json && node dist/bench/abuse/run.js
import { connect, type Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Tool } from '../../server/index.js';
import { rawRequest, startConsole } from '../../test/server/helpers.js';
import { collectGarbage } from '../../test/load/forced-gc.js';

const MB = 1024 * 1024;
const tools: Tool[] = [
  {
    name: 'people',
    inputSchema: {
      type: 'object',
      properties: { people: { type: 'array', items: { type: 'object', required: ['name', 'age', 'email'] } } },
    },
  },
  { name: 'tags', inputSchema: { type: 'object', properties: { tags: { type: 'array', uniqueItems: true } } } },
  {
    name: 'tree',
    inputSchema: { $defs: { n: { type: ['array', 'number'], items: { $ref: '#/$defs/n' } } }, $ref: '#/$defs/n' },
  },
  {
    name: 'formats',
    inputSchema: {
      type: 'object',
      properties: {
        uri: { type: 'string', format: 'uri' },
        email: { type: 'string', format: 'email' },
        when: { type: 'string', format: 'date-time' },
      },
    },
  },
];

const distinctObjects = Array.from({ length: 2_500 }, (_, index) => ({
  id: index,
  tags: ['a', 'b'],
  nested: { deep: [index, index] },
}));
const CASES: [string, string, string][] = [
  [
    '340,000 empty objects, 3 required fields each (1 MB)',
    'people',
    `{"people":[${Array(340_000).fill('{}').join(',')}]}`,
  ],
  [
    '85,000 empty objects, 3 required fields each (255 KB)',
    'people',
    `{"people":[${Array(85_000).fill('{}').join(',')}]}`,
  ],
  ['333 empty objects: every error listed (1,000 values)', 'people', `{"people":[${Array(333).fill('{}').join(',')}]}`],
  [
    'uniqueItems, 40,000 distinct untyped numbers',
    'tags',
    JSON.stringify({ tags: Array.from({ length: 40_000 }, (_, i) => i) }),
  ],
  ['uniqueItems, 2,500 distinct objects', 'tags', JSON.stringify({ tags: distinctObjects })],
  ['recursive schema, 5,000-deep array', 'tree', '['.repeat(5_000) + ']'.repeat(5_000)],
  ['recursive schema, 64-deep array (the deepest validated)', 'tree', '['.repeat(64) + ']'.repeat(64)],
  [
    '250 KB strings against uri, email and date-time formats',
    'formats',
    JSON.stringify({ uri: `http://${'a'.repeat(85_000)}`, email: `${'a'.repeat(80_000)}@`, when: '1'.repeat(80_000) }),
  ],
];

const app = await startConsole({ tools });
const histogram = monitorEventLoopDelay({ resolution: 1 });
console.log(`node ${process.version}\n`);
console.log(
  '| validate request | status | answer bytes | longest stall, first request (compiles) | longest stall, 5 more |',
);
console.log('|---|---|---|---|---|');
for (const [label, tool, body] of CASES) {
  const stalls: number[] = [];
  let answer: Awaited<ReturnType<typeof rawRequest>> | undefined;
  for (let round = 0; round < 6; round += 1) {
    histogram.reset();
    histogram.enable();
    answer = await rawRequest(app.port, 'POST', `/tools/${tool}/validate`, { body });
    histogram.disable();
    stalls.push(histogram.max / 1e6);
  }
  const [first, ...later] = stalls;
  console.log(
    `| ${label} | ${answer!.status} | ${answer!.text.length} | ${first!.toFixed(1)} ms | ${Math.max(...later).toFixed(1)} ms |`,
  );
}
await app.close();

// 30 clients that ask for large answers and read nothing, against the default writeTimeoutMs.
const manyTools: Tool[] = Array.from({ length: 10_000 }, (_, index) => ({
  name: `tool_${index}`,
  description: 'A tool with a description long enough to make the list a few megabytes. '.repeat(4),
  inputSchema: { type: 'object' },
}));
const bigText = 'x'.repeat(8 * MB);
const big = await startConsole({
  tools: manyTools,
  allowExecute: true,
  handleCall: () => [[{ type: 'text', text: bigText }], false],
});
const list = 'GET /tools HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
const call =
  'POST /tools/tool_1/call HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';
collectGarbage();
const before = process.memoryUsage.rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
const started = performance.now();
const closed: Promise<number>[] = [];
big.server.on('connection', (socket: Socket) =>
  closed.push(new Promise((resolve) => socket.once('close', () => resolve(performance.now() - started)))),
);
const clients = Array.from({ length: 30 }, (_, index) => {
  const socket = connect(big.port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(index % 2 ? list.repeat(5) : call);
  socket.pause();
  return socket;
});
while (closed.length < 30) await new Promise((resolve) => setTimeout(resolve, 10));
const releasedAfter = Math.max(...(await Promise.all(closed)));
clearInterval(sampler);
collectGarbage();
const after = process.memoryUsage.rss();
for (const client of clients) client.destroy();
await big.close();
console.log(
  '\n| 30 clients that never read (15 × GET /tools at 10,000 tools ×5 pipelined, 15 × an 8 MB call result) | |',
);
console.log('|---|---|');
console.log(
  `| RSS before / peak / after | ${(before / MB).toFixed(0)} / ${(peak / MB).toFixed(0)} / ${(after / MB).toFixed(0)} MB |`,
);
console.log(`| all 30 connections closed by the server after | ${(releasedAfter / 1000).toFixed(1)} s |`);
