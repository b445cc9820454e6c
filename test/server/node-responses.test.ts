// How the console's answer goes out on node:http's response, and what happens when it cannot: a host whose response
// object throws as the answer is written gets its connection closed (no client is left waiting) and the error logged;
// a watcher of the tool list that reads everything keeps its stream however long it stays quiet.
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createHandler, type ConsoleNotifier } from '../../server/index.js';
import { EventReader } from '../support/event-stream.js';
import { close, listen } from '../support/listen.js';
import { recordingLogger, startConsole, weatherTool, type RecordingLogger } from './helpers.js';

describe('an answer the response object refuses', () => {
  let server: Server;
  let port: number;
  let logger: RecordingLogger;
  before(async () => {
    logger = recordingLogger();
    const handler = createHandler({ tools: [weatherTool], handleCall: () => [[], false], logger });
    // A host (or a bug of ours) whose response cannot take the answer's head.
    server = createServer((req, res) => {
      res.writeHead = () => {
        throw new Error('the host broke writeHead');
      };
      handler(req, res);
    });
    port = await listen(server);
  });
  after(() => close(server));

  it('closes the connection instead of leaving the client waiting, and logs why', { timeout: 2_000 }, async () => {
    const outcome = await new Promise<string>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/tools', agent: false }, (res) =>
        resolve(`answered ${res.statusCode}`),
      );
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      req.end();
    });
    assert.equal(outcome, 'ECONNRESET');
    const logged = await logger.waitFor('error', /the host broke writeHead/);
    assert.match(logged, /^tool-console: Error: the host broke writeHead/);
  });
});

describe('a watcher of the tool list that reads every event', () => {
  it('keeps its stream while nothing is left unsent, past writeTimeoutMs, and gets what comes later', async () => {
    let notifier: ConsoleNotifier | undefined;
    const app = await startConsole({ writeTimeoutMs: 100, notifications: (given) => (notifier = given) });
    try {
      const response = await fetch(`http://127.0.0.1:${app.port}/tools`, { headers: { Accept: 'text/event-stream' } });
      const events = new EventReader(response.body!);
      assert.equal((await events.next())?.event, 'tools-changed');
      // A burst: several events written before the socket has handed any of them on.
      for (const n of [1, 2, 3]) notifier!.log('info', `burst ${n}`, 'test');
      for (const n of [1, 2, 3])
        assert.deepEqual((await events.next())?.data, { level: 'info', logger: 'test', data: `burst ${n}` });
      // Three times the limit with every event handed on: no clock may be running to drop this watcher. (Nothing
      // happens in that time that could be awaited instead: the test is that nothing does.)
      await new Promise((resolve) => setTimeout(resolve, 300));
      notifier!.log('info', 'still watching', 'test');
      assert.deepEqual(await events.next(), {
        event: 'log',
        data: { level: 'info', logger: 'test', data: 'still watching' },
      });
    } finally {
      await app.close();
    }
  });
});
