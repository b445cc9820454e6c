// Benchmark: the instructions one call costs, ours against the bare servers of run.ts, counted rather than timed.
// Each server runs under valgrind's callgrind, which counts the instructions its process runs in user space (every
// thread: the JIT's and the garbage collector's too). One client keeps one connection open and sends calls one at a
// time; after the warm-up, counting is switched on for a fixed number of calls. A fresh connection would make V8
// throw away and recompile the stream code it had optimised, and that compiling would swamp the count: hence one
// connection. V8 compiles optimised code on the main thread, the moment it decides to (see the server's flags), so no
// compile is still pending when counting starts. The calls are counted in chunks and the median chunk is reported:
// a garbage collection or a late compile now and then lands in one chunk (one did, at 1.6x the others) and says
// nothing about what a call costs. It is the CPU work a call costs, without what the throughput runs also measure:
// system calls, cache misses, scheduling.
//   npm run build && node dist/bench/server/instructions.js    # about 3 minutes; needs valgrind
//   [--calls 4000] [--chunks 5] [--warm-up 8000] [--tools 100,10000] [--adapters node:http,Fetch]
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { SERVER_PAIRS } from './pairs.js';
import { CALL_BODY, middleToolName } from './workload.js';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '4000' },
    chunks: { type: 'string', default: '5' },
    'warm-up': { type: 'string', default: '8000' },
    tools: { type: 'string', default: '100,10000' },
    adapters: { type: 'string', default: SERVER_PAIRS.map((pair) => pair.label).join(',') },
  },
});
const calls = Number(values.calls);
const chunks = Number(values.chunks);
const warmUp = Number(values['warm-up']);
const toolCounts = values.tools.split(',').map(Number);
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
        // V8 optimises on the main thread, when it decides to: under valgrind a background compile can be held back
        // until it lands inside the counted calls (it did, adding 18,000 instructions a call on a busy day).
        '--no-concurrent-recompilation',
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
    const perChunk = Math.ceil(calls / chunks);
    await run('callgrind_control', ['--instr=on', String(server.pid)]);
    for (let chunk = 0; chunk < chunks; chunk++) {
      await run('callgrind_control', ['--zero', String(server.pid)]);
      await client.send(perChunk);
      await run('callgrind_control', ['--dump', String(server.pid)]);
    }
    await run('callgrind_control', ['--instr=off', String(server.pid)]);
    client.close();
    server.send('stop');
    await once(server, 'exit');
    const sent = perChunk * chunks;
    if (client.ok !== sent) throw new Error(`${kind}: ${sent - client.ok} of ${sent} calls were not answered 200`);
    // One file per chunk (callgrind.out.1, .2, …), then the one written at exit.
    const counts = readdirSync(dir)
      .filter((file) => /\.\d+$/.test(file))
      .map((file) => {
        const totals = /^totals: (\d+)/m.exec(readFileSync(join(dir, file), 'utf8'));
        if (totals === null) throw new Error(`${kind}: callgrind wrote no totals in ${file}`);
        return Number(totals[1]) / perChunk;
      });
    if (counts.length !== chunks) throw new Error(`${kind}: ${counts.length} of ${chunks} chunks were counted`);
    return counts.sort((a, b) => a - b)[Math.floor(chunks / 2)]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `POST /tools/{name}/call, one connection, ${calls.toLocaleString('en')} calls counted in ${chunks} chunks (the ` +
    `median chunk's count) after ${warmUp.toLocaleString('en')}\n`,
);
console.log('| adapter | tools | instructions per call, bare → ours | ours/bare |');
console.log('|---|---|---|---|');
const thousands = (instructions: number) => `${(instructions / 1000).toFixed(1)}k`;
const adapters = values.adapters.split(',');
for (const pair of SERVER_PAIRS.filter(({ label }) => adapters.includes(label))) {
  for (const count of toolCounts) {
    const bare = await instructionsPerCall(pair.bare, count);
    const ours = await instructionsPerCall(pair.ours, count);
    console.log(
      `| ${pair.label} | ${count.toLocaleString('en')} | ${thousands(bare)} → ${thousands(ours)} | ` +
        `${(ours / bare).toFixed(2)} |`,
    );
  }
}
