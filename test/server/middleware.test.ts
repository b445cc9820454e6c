// createHandler as Connect/Express middleware: the host's own paths reach `next`, Express's mount-path stripping
// and body parsing are understood.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createHandler, type ToolConsoleOptions } from '../../server/index.js';
import { close, listen } from '../support/listen.js';
import { deleteTool, rawRequest, recordingLogger, weatherTool } from './helpers.js';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** A tiny Connect: the middleware first, then a host route that answers everything it is given. */
async function hostApp(middleware: Middleware): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) =>
    middleware(req, res, () => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end(`host saw ${req.url}`);
    }),
  );
  return { server, port: await listen(server) };
}

const options = (extra: Partial<ToolConsoleOptions> = {}): ToolConsoleOptions => ({
  tools: [weatherTool, deleteTool],
  handleCall: async (_name, args) => [[{ type: 'text', text: JSON.stringify(args) }], false],
  allowExecute: true,
  logger: recordingLogger(),
  ...extra,
});

describe('middleware with a prefix', () => {
  let host: { server: Server; port: number };
  before(async () => {
    const handler = createHandler(options({ prefix: '/explorer' }));
    host = await hostApp(handler);
  });
  after(() => close(host.server));

  it('serves its own paths below the prefix', async () => {
    const answer = await rawRequest(host.port, 'GET', '/explorer/tools');
    assert.equal(answer.status, 200);
    assert.equal(answer.json.length, 2);
  });

  it('passes every path outside the prefix to next()', async () => {
    for (const path of ['/', '/tools', '/api/users', '/explorerx/tools']) {
      const answer = await rawRequest(host.port, 'GET', path);
      assert.equal(answer.text, `host saw ${path}`);
    }
  });

  it('keeps unknown paths below its prefix as its own 404', async () => {
    const answer = await rawRequest(host.port, 'GET', '/explorer/nope');
    assert.equal(answer.status, 404);
    assert.deepEqual(answer.json, { error: 'Not found.' });
  });
});

describe('middleware at the root', () => {
  it('answers its routes and leaves every other path to the host', async () => {
    const host = await hostApp(createHandler(options()));
    try {
      assert.equal((await rawRequest(host.port, 'GET', '/tools/get_weather')).json.name, 'get_weather');
      assert.equal((await rawRequest(host.port, 'GET', '/api/users')).text, 'host saw /api/users');
      assert.equal((await rawRequest(host.port, 'POST', '/tools')).status, 405);
    } finally {
      await close(host.server);
    }
  });
});

describe('mounted like Express app.use("/console", handler)', () => {
  let host: { server: Server; port: number };
  before(async () => {
    const handler = createHandler(options());
    // Express strips the mount path from req.url, keeps the full one in originalUrl, and body-parser may have
    // consumed the stream into req.body already.
    host = await hostApp((req, res, next) => {
      const mounted = req as IncomingMessage & { originalUrl?: string; body?: unknown };
      if (!req.url?.startsWith('/console')) return next();
      mounted.originalUrl = req.url;
      req.url = req.url.slice('/console'.length) || '/';
      if (!req.url.startsWith('/')) req.url = `/${req.url}`;
      if (req.method !== 'POST') return handler(req, res, next);
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        mounted.body = JSON.parse(text);
        handler(req, res, next);
      });
    });
  });
  after(() => close(host.server));

  it('adds a base so the slashless mount path still resolves relative URLs below it', async () => {
    const slashless = await rawRequest(host.port, 'GET', '/console');
    assert.equal(slashless.status, 200);
    assert.match(slashless.text, /<base href="console\/">/);
    const slashed = await rawRequest(host.port, 'GET', '/console/');
    assert.equal(slashed.status, 200);
    assert.doesNotMatch(slashed.text, /<base /);
  });

  it('uses the body a body parser left in req.body', async () => {
    const answer = await rawRequest(host.port, 'POST', '/console/tools/get_weather/call', { body: '{"city":"Oslo"}' });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json.content, [{ type: 'text', text: '{"city":"Oslo"}' }]);
  });
});
