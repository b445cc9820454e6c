// A runtime may offer process.getBuiltinModule with only some of node's modules, or parts of them, or refuse to load
// one: the Fetch handler then takes the web platform (gzip only, no Brotli) instead of a node platform that fails
// halfway through a request. Here node's loader is wrapped while the handler is made, each case taking one thing away.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createAdaptorServer } from '@hono/node-server';
import { createFetchHandler, type FetchHandler } from '../../server/fetch.js';
import type { Tool } from '../../server/index.js';
import { close, listen } from '../support/listen.js';
import { rawRequest, recordingLogger } from './helpers.js';

type Loader = (id: string) => unknown;
const nodeLoader = process.getBuiltinModule as Loader;

/** A Fetch handler made while `process.getBuiltinModule` is `loader`. */
function handlerMadeWith(loader: Loader): FetchHandler {
  const saved = Object.getOwnPropertyDescriptor(process, 'getBuiltinModule');
  Object.defineProperty(process, 'getBuiltinModule', { value: loader, configurable: true, writable: true });
  try {
    return createFetchHandler({ tools, handleCall: async () => [[], false], logger: recordingLogger() });
  } finally {
    if (saved) Object.defineProperty(process, 'getBuiltinModule', saved);
  }
}

/** node's loader, except that module `id` comes without `member`. */
const without =
  (id: string, member: string): Loader =>
  (requested) => {
    const loaded = nodeLoader(requested) as Record<string, unknown>;
    return requested === id ? { ...loaded, [member]: undefined } : loaded;
  };

// Enough tools that the list is worth compressing (over 1 KiB).
const tools: Tool[] = Array.from({ length: 40 }, (_, index) => ({
  name: `tool_${index}`,
  description: `Tool number ${index}, which does the thing numbered ${index}.`,
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
}));

const cases: [string, Loader, string | undefined][] = [
  ["node's own loader (Brotli, as a control)", nodeLoader, 'br'],
  ['node:fs without readdirSync', without('node:fs', 'readdirSync'), undefined],
  ['node:zlib without brotliCompress', without('node:zlib', 'brotliCompress'), undefined],
  ['node:util without inspect', without('node:util', 'inspect'), undefined],
  ['node:url without fileURLToPath', without('node:url', 'fileURLToPath'), undefined],
  ...['node:fs', 'node:zlib', 'node:util', 'node:url'].map((missing): [string, Loader, undefined] => [
    `a loader that has no ${missing}`,
    (id) => (id === missing ? undefined : nodeLoader(id)),
    undefined,
  ]),
  [
    'a loader that throws for node:util',
    (id) => {
      if (id === 'node:util') throw new Error('No such built-in module: node:util');
      return nodeLoader(id);
    },
    undefined,
  ],
];

describe('the Fetch handler made where there is no process at all (Workers without nodejs_compat)', () => {
  let server: Server;
  let port: number;
  before(async () => {
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'process')!;
    Object.defineProperty(globalThis, 'process', { value: undefined, configurable: true, writable: true });
    let handler: FetchHandler;
    try {
      handler = createFetchHandler({ tools, handleCall: async () => [[], false], logger: recordingLogger() });
    } finally {
      Object.defineProperty(globalThis, 'process', saved);
    }
    server = createAdaptorServer({ fetch: handler }) as Server;
    port = await listen(server);
  });
  after(() => close(server));

  it('sends no Brotli, and still answers', async () => {
    const answer = await rawRequest(port, 'GET', '/tools', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-encoding'], undefined);
  });
});

for (const [label, loader, brotli] of cases) {
  describe(`the Fetch handler made with ${label}`, () => {
    let server: Server;
    let port: number;
    before(async () => {
      server = createAdaptorServer({ fetch: handlerMadeWith(loader) }) as Server;
      port = await listen(server);
    });
    after(() => close(server));

    it(brotli ? 'sends Brotli to a client that takes it' : 'sends no Brotli, and still answers', async () => {
      const answer = await rawRequest(port, 'GET', '/tools', { headers: { 'Accept-Encoding': 'br' } });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-encoding'], brotli);
    });
  });
}
