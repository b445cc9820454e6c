// How the console's answer goes out on node:http's response, and what happens when it cannot: a host whose response
// object throws as the answer is written gets its connection closed (no client is left waiting) and the error logged.
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createHandler } from '../../server/index.js';
import { close, listen } from '../support/listen.js';
import { recordingLogger, weatherTool, type RecordingLogger } from './helpers.js';

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
