// Benchmark: the instructions one call costs, ours against the bare servers of run.ts, counted rather than timed.
// Each server runs under valgrind's callgrind, which counts the instructions its process runs in user space (every
// thread: the JIT's and the garbage collector's too). One client keeps one connection open and sends calls one at a
// time; after the warm-up, counting is switched on for a fixed number of calls. A fresh connection would make V8
// throw away and recompile the stream code it had optimised, and that compiling would swamp the count: hence one
// connection. The same build counts the same to within about 0.2%, however busy the machine is. It is the CPU work a
// call costs, without what the throughput runs also measure: system calls, cache misses, scheduling.
//   npm run build && node dist/bench/server/instructions.js    # about 3 minutes; needs valgrind
//   [--calls 4000] [--warm-up 8000] [--tools 100,10000]
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { CALL_BODY, middleToolName } from './workload.js';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '4000' },
    'warm-up': { type: 'string', default: '8000' },
    tools: { type: 'string', default: '100,10000' },
  },
});
const calls = Number(values.calls);
const warmUp = Number(values['warm-up']);
const toolCounts = values.tools.split(',').map(Number);
const PAIRS = [
  { label: 'node:http', bare: 'bare', ours: 'ours' },
  { label: 'Fetch', bare: 'bare-fetch', ours: 'ours-fetch' },
] as const;
const run = promisify(execFile);

try {
  await run('valgrind', ['--version']);
} catch {
  console.error('This benchmark counts instructions with valgrind, which is not installed (apt install valgrind).');
  process.exit(1);
}

/** Sends the call route's request on one connection, one at a time, and counts the answers that were 200. */
class OneConnection {
  readonly #socket: Socket;
  readonly #request: Buffer;
  #received = Buffer.alloc(0);
  #answered: (() => void) | undefined;
  ok = 0;

  constructor(socket: Socket, port: number, count: number) {
    this.#socket = socket;
    this.#request = Buffer.from(
      `POST /tools/${middleToolName(count)}/call HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(CALL_BODY)}\r\n\r\n${CALL_BODY}`,
    );
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
  }

  /** Consumes one whole answer once it has arrived (its head, then Content-Length bytes of body). */
  #read(chunk: Buffer): void {
    this.#received = Buffer.concat([this.#received, chunk]);
    const headEnd = this.#received.indexOf('\r\n\r\n');
    if (headEnd === -1) return;
    const head = this.#received.subarray(0, headEnd).toString('latin1');
    const length = Number(/^content-length: *(\d+)/im.exec(head)?.[1] ?? 0);
    if (this.#received.length < headEnd + 4 + length) return;
    if (head.startsWith('HTTP/1.1 200 ')) this.ok++;
    this.#received = this.#received.subarray(headEnd + 4 + length);
    this.#answered?.();
  }

  async send(times: number): Promise<void> {
    for (let sent = 0; sent < times; sent++) {
      await new Promise<void>((resolve) => {
        this.#answered = resolve;
        this.#socket.write(this.#request);
      });
    }
  }

  close(): void {
    this.#socket.destroy();
  }
}

/** Instructions per call of the call route for one server kind. */
async function instructionsPerCall(kind: string, count: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'tool-console-callgrind-'));
  try {
    const server = spawn(
      'valgrind',
      [
        '--tool=callgrind',
        '--instr-atstart=no',
        `--callgrind-out-file=${join(dir, 'callgrind.out')}`,
        process.execPath,
        fileURLToPath(new URL('./target.js', import.meta.url)),
        kind,
        String(count),
      ],
      { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] },
    );
    const [{ port }] = (await once(server, 'message')) as [{ port: number }];
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const client = new OneConnection(socket, port, count);
    await client.send(warmUp);
    client.ok = 0;
    await run('callgrind_control', ['--instr=on', String(server.pid)]);
    await client.send(calls);
    await run('callgrind_control', ['--instr=off', String(server.pid)]);
    client.close();
    server.send('stop');
    await once(server, 'exit');
    if (client.ok !== calls) throw new Error(`${kind}: ${calls - client.ok} of ${calls} calls were not answered 200`);
    const [file] = readdirSync(dir);
    const totals = /^totals: (\d+)/m.exec(readFileSync(join(dir, file!), 'utf8'));
    if (totals === null) throw new Error(`${kind}: callgrind wrote no totals`);
    return Number(totals[1]) / calls;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `POST /tools/{name}/call, one connection, ${calls.toLocaleString('en')} calls counted after ` +
    `${warmUp.toLocaleString('en')}\n`,
);
console.log('| adapter | tools | instructions per call, bare → ours | ours/bare |');
console.log('|---|---|---|---|');
const thousands = (instructions: number) => `${(instructions / 1000).toFixed(1)}k`;
for (const pair of PAIRS) {
  for (const count of toolCounts) {
    const bare = await instructionsPerCall(pair.bare, count);
    const ours = await instructionsPerCall(pair.ours, count);
    console.log(
      `| ${pair.label} | ${count.toLocaleString('en')} | ${thousands(bare)} → ${thousands(ours)} | ` +
        `${(ours / bare).toFixed(2)} |`,
    );
  }
}
