// The browser tests must not take the port `npm start` serves on: web-test-runner takes 8000 when it is free, and a
// console started while they run then cannot listen. The config asks the system for a free port instead.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { close } from '../support/listen.js';

const root = new URL('../../../', import.meta.url);

describe('the web-test-runner config', () => {
  it('should serve the browser tests on a free port the system picked, not 8000', async () => {
    // Plain JavaScript that tsc does not copy to dist: load it from the source tree.
    const { default: config } = (await import(new URL('test/web-test-runner.config.mjs', root).href)) as {
      default: { port?: unknown };
    };
    assert.equal(typeof config.port, 'number', 'the config names its port (unset, the runner takes 8000)');
    assert.notEqual(config.port, 8000);
    // Free now: the runner can listen on it.
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: config.port as number, host: '127.0.0.1' }, resolve);
    });
    await close(server);
  });
});
