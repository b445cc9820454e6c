// How long the CLI takes from its start to the first 200 of `GET /`, in front of a real MCP server (server-everything
// by default): the "time to first page" the issue compares with the Inspector's (0.5 s). Runs the built CLI several
// times on a free port and polls the page every 5 ms; prints each run and the median.
//
//   node dist/bench/start/first-200.js [runs] [-- <--stdio command>]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { cliPath, everythingServer } from '../../test/fixtures/mcp/paths.js';

const runs = Number(process.argv[2] ?? 5);
const dash = process.argv.indexOf('--');
const stdio = dash === -1 ? `"${process.execPath}" "${everythingServer}"` : process.argv.slice(dash + 1).join(' ');

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function firstPage(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [process.env.CLI ?? cliPath, '--port', String(port), '--stdio', stdio], {
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${port}/`).then(
        (response) => (void response.body?.cancel(), response.status),
        () => 0,
      );
      if (status === 200) return performance.now() - started;
      if (child.exitCode !== null) throw new Error(`the CLI exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill();
    await once(child, 'exit');
  }
}

const times: number[] = [];
for (let run = 0; run < runs; run++) {
  const ms = await firstPage();
  times.push(ms);
  console.log(`run ${run + 1}: ${ms.toFixed(0)} ms`);
}
times.sort((a, b) => a - b);
console.log(`median of ${runs}: ${times[Math.floor(runs / 2)].toFixed(0)} ms to the first 200 of GET /`);
