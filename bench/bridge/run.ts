// What the console adds to a tool call: the same echo call to server-everything, made directly with the SDK client
// and through the console (HTTP → createHandler → bridge → MCP), one call at a time, in alternating blocks so both
// sides see the same machine load. Run: npm run build && node dist/bench/bridge/run.js [calls]
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createServer } from '../../server/index.js';
import { connectMcp } from '../../server/mcp/index.js';
import { close, listen } from '../../test/support/listen.js';

const CALLS = Number(process.argv[2] ?? 2000);
const BLOCK = 100;
const WARMUP = 200;
const everything = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);
const serverParams = { command: process.execPath, args: [everything], stderr: 'ignore' as const };
const args = { message: 'benchmark' };

const direct = new Client({ name: 'bench', version: '1' });
await direct.connect(new StdioClientTransport(serverParams));

const bridge = await connectMcp({ stdio: serverParams });
const server = createServer({
  tools: bridge.tools,
  handleCall: bridge.handleCall,
  allowExecute: true,
  logger: console,
});
const port = await listen(server);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const body = JSON.stringify(args);

function callDirect(): Promise<unknown> {
  return direct.callTool({ name: 'echo', arguments: args });
}

function callThroughConsole(): Promise<void> {
  return new Promise((resolve, reject) => {
    const headers = { 'Content-Type': 'application/json' };
    const req = request(
      { port, host: '127.0.0.1', path: '/tools/echo/call', method: 'POST', headers, agent },
      (res) => {
        res
          .resume()
          .on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
      },
    );
    req.on('error', reject).end(body);
  });
}

async function time(call: () => Promise<unknown>, count: number, into: number[]) {
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    await call();
    into.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (value: number) => `${value.toFixed(3)} ms`;

await time(callDirect, WARMUP, []);
await time(callThroughConsole, WARMUP, []);
const directTimes: number[] = [];
const consoleTimes: number[] = [];
for (let done = 0; done < CALLS; done += BLOCK) {
  await time(callDirect, BLOCK, directTimes);
  await time(callThroughConsole, BLOCK, consoleTimes);
}
directTimes.sort((a, b) => a - b);
consoleTimes.sort((a, b) => a - b);

const rows = [
  ['', 'median', 'p99'],
  ['direct (SDK client)', ms(quantile(directTimes, 0.5)), ms(quantile(directTimes, 0.99))],
  ['through the console', ms(quantile(consoleTimes, 0.5)), ms(quantile(consoleTimes, 0.99))],
  [
    'added by the console',
    ms(quantile(consoleTimes, 0.5) - quantile(directTimes, 0.5)),
    ms(quantile(consoleTimes, 0.99) - quantile(directTimes, 0.99)),
  ],
];
console.log(`${CALLS} echo calls each to server-everything over stdio, one at a time (node ${process.version})`);
for (const row of rows) console.log(`${row[0].padEnd(22)}${row[1].padStart(12)}${row[2].padStart(12)}`);

agent.destroy();
await close(server);
await Promise.all([direct.close(), bridge.close()]);
