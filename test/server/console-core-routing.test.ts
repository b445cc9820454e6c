// What the core decides for every request, seen from outside: the Vary header when CORS grants every origin, the
// sandbox host behind middleware mounted below a prefix, and an answer the host's response object can no longer take.
import assert from 'node:assert/strict';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { describe, it } from 'node:test';
import { createHandler, type Tool, type ToolConsoleOptions } from '../../server/index.js';
import { close, listen } from '../support/listen.js';
import { rawRequest, recordingLogger, startConsole, weatherTool } from './helpers.js';

const SANDBOX = 'http://apps.example:8001';
const ON_SANDBOX = { Host: 'apps.example:8001' };

// Enough tools that the list is worth compressing.
const tools: Tool[] = Array.from({ length: 60 }, (_, index) => ({ ...weatherTool, name: `get_weather_${index}` }));

/** A server that hands each request to `handler` as middleware; the host answers 299 for what it is passed. */
async function behindMiddleware(options: Partial<ToolConsoleOptions>): Promise<{ port: number; server: Server }> {
  const handler = createHandler({ tools: [weatherTool], handleCall: () => [[], false], ...options });
  const server = createHttpServer((req, res) =>
    handler(req, res, () => {
      res.writeHead(299, { 'Content-Type': 'text/plain' });
      res.end('the host answered');
    }),
  );
  return { port: await listen(server), server };
}

describe('the core, for every request', () => {
  it('names Accept-Encoding alone in Vary when CORS grants every origin (the grant depends on no header)', async () => {
    const app = await startConsole({ tools, corsOrigins: '*' });
    try {
      const answer = await app.request('GET', '/tools', {
        headers: { 'Accept-Encoding': 'gzip', Origin: 'https://app.example' },
      });
      assert.equal(answer.headers['access-control-allow-origin'], '*');
      assert.equal(answer.headers['content-encoding'], 'gzip');
      assert.equal(answer.headers.vary, 'Accept-Encoding');
    } finally {
      await app.close();
    }
  });

  it('leaves paths outside its prefix on the sandbox host to the host, and keeps those below it', async () => {
    const { port, server } = await behindMiddleware({ sandboxOrigin: SANDBOX, prefix: '/console' });
    try {
      const status = async (method: string, path: string) =>
        (await rawRequest(port, method, path, { headers: ON_SANDBOX })).status;
      assert.equal(await status('GET', '/elsewhere'), 299);
      assert.equal(await status('GET', '/console/sandbox'), 200);
      assert.equal(await status('GET', '/console/tools'), 404);
      assert.equal(await status('GET', '/console/elsewhere'), 404);
    } finally {
      await close(server);
    }
  });

  it('keeps a malformed path below one of its routes on the sandbox host as its own 404, at the root too', async () => {
    const { port, server } = await behindMiddleware({ sandboxOrigin: SANDBOX });
    try {
      const answer = await rawRequest(port, 'GET', '/tools/%zz', { headers: ON_SANDBOX });
      assert.deepEqual([answer.status, answer.json], [404, { error: 'Not found.' }]);
    } finally {
      await close(server);
    }
  });

  it("logs an answer the host's response object refuses, and ends the connection", { timeout: 2_000 }, async () => {
    const logger = recordingLogger();
    const handler = createHandler({ tools: [weatherTool], handleCall: () => [[], false], logger });
    // A host whose response wrapper fails when written to: the client must not wait for an answer that cannot come.
    const server = createHttpServer((req, res) => {
      res.writeHead = () => {
        throw new Error('this response is read-only');
      };
      handler(req, res);
    });
    const port = await listen(server);
    try {
      const failed = new Promise<string>((resolve) => {
        const request = httpRequest({ port, host: '127.0.0.1', path: '/tools' }, () => resolve('answered'));
        request.on('error', (error) => resolve(error.message));
        request.end();
      });
      assert.equal(await failed, 'socket hang up');
      assert.equal(logger.text('error').split('\n')[0], 'tool-console: Error: this response is read-only');
    } finally {
      await close(server);
    }
  });
});
