// Clients that ask for a large answer and never read it: the server must let go of them (and of the buffered
// answer) once they take in nothing for `writeTimeoutMs`, while a slow client that keeps reading gets everything.
// Watchers of the tool list that stop reading are let go the same way, however little waits for them.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { ConsoleNotifier, Tool } from '../../server/index.js';
import { startConsole, type RunningConsole } from '../server/helpers.js';

const WRITE_TIMEOUT_MS = 400;
// Large enough to overflow the kernel's loopback buffers on both sides, so most of it waits in the server.
const BIG_TEXT = 'x'.repeat(8 * 1024 * 1024);

const manyTools: Tool[] = Array.from({ length: 10_000 }, (_, index) => ({
  name: `tool_${index}`,
  description: 'A tool with a description long enough to make the list a few megabytes. '.repeat(4),
  inputSchema: { type: 'object' },
}));

/** A raw connection that sends `requests` and then reads nothing. */
function stalledClient(port: number, requests: string): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(requests);
  socket.pause();
  return socket;
}

describe('clients that stop reading', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({
      tools: manyTools,
      allowExecute: true,
      writeTimeoutMs: WRITE_TIMEOUT_MS,
      handleCall: () => [[{ type: 'text', text: BIG_TEXT }], false],
    });
  });
  after(() => app.close());

  it(
    'should close 30 connections that asked for large answers and read none of them',
    { timeout: 30_000 },
    async () => {
      const list = 'GET /tools HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
      const call =
        'POST /tools/tool_1/call HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';
      // The server's side of each connection: a paused client would not notice the close, the server must make it.
      const serverSides: Promise<void>[] = [];
      const allConnected = new Promise<void>((resolve) => {
        const onConnection = (socket: Socket) => {
          serverSides.push(new Promise((closed) => socket.once('close', () => closed())));
          if (serverSides.length === 30) resolve(app.server.off('connection', onConnection) && undefined);
        };
        app.server.on('connection', onConnection);
      });
      const clients = Array.from({ length: 30 }, (_, index) =>
        stalledClient(app.port, index % 2 ? list.repeat(5) : call),
      );
      await allConnected;
      // Each resolves only when the server lets go of that client: a server that holds them forever fails by timeout.
      await Promise.all(serverSides);
      for (const client of clients) client.destroy();
    },
  );

  it('should send the whole answer to a client that reads slowly but keeps reading', async () => {
    // The kernel shows progress only when half its send buffer (megabytes on loopback) has been read, so "slow" here
    // is slow next to a longer limit: bursts of 512 KiB with pauses a tenth of the limit.
    const patient = await startConsole({
      allowExecute: true,
      writeTimeoutMs: 2_000,
      handleCall: () => [[{ type: 'text', text: BIG_TEXT }], false],
    });
    try {
      const socket = connect(patient.port, '127.0.0.1');
      socket.write(
        'POST /tools/get_weather/call HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
      );
      let received = 0;
      let nextPause = 0;
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received < nextPause) return;
        nextPause = received + 512 * 1024;
        socket.pause();
        setTimeout(() => socket.resume(), 200).unref();
      });
      await new Promise((resolve) => socket.once('end', resolve));
      assert.ok(received > BIG_TEXT.length, `received ${received} bytes`);
    } finally {
      await patient.close();
    }
  });

  it('should keep serving others meanwhile', async () => {
    assert.equal((await app.request('GET', '/tools/tool_9')).status, 200);
  });
});

describe('watchers of the tool list that stop reading', () => {
  it(
    'should drop a watcher whose connection has not drained within writeTimeoutMs, however little is waiting',
    { timeout: 10_000 },
    async () => {
      let notifier!: ConsoleNotifier;
      const watched = await startConsole({
        writeTimeoutMs: WRITE_TIMEOUT_MS,
        notifications: (given) => (notifier = given),
      });
      const serverSide = new Promise<Socket>((resolve) => watched.server.once('connection', resolve));
      const client = stalledClient(
        watched.port,
        'GET /tools HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n',
      );
      try {
        const socket = await serverSide;
        const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
        // Log lines of 4 KiB until the kernel's buffers are full and one waits in the server: far below node's own
        // high-water mark (16 KiB), so node alone would not call this connection backed up.
        const line = 'x'.repeat(4096);
        for (let sent = 0; socket.writableLength === 0 && !socket.destroyed; sent++) {
          assert.ok(sent < 20_000, 'the kernel takes no more than 80 MB');
          notifier.log('info', line);
          await new Promise((resolve) => setImmediate(resolve));
        }
        assert.ok(socket.writableLength < 16 * 1024, `${socket.writableLength} bytes wait`);
        // Resolves only when the server lets go of the watcher: one that holds it fails by the test's timeout.
        await closed;
      } finally {
        client.destroy();
        await watched.close();
      }
    },
  );
});
