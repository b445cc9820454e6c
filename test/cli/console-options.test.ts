// The options a CLI console is made with: in front of a bridge, everything the bridge offers (its tools, calls,
// reads, catalogs and panel) with the shared flags and the mount; without one, the demo tools and nothing else. And
// the page's title: the server's own once it has connected, else the fallback.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { consoleOptionsOf, serverTitle } from '../../server/cli/console-options.js';
import { DeferredBridge } from '../../server/cli/deferred-bridge.js';
import { terseLogger } from '../../server/cli/logger.js';
import type { McpBridge } from '../../server/mcp/index.js';

const PLAN = { allowExecute: true, maxBodyBytes: 1234, timeoutMs: 5, totalTimeoutMs: 6, allowedHosts: ['a.test'] };
const MOUNT = { prefix: '/x', sandboxOrigin: 'http://localhost:9', title: 'T' };

const connected = (serverInfo: unknown) =>
  new DeferredBridge(async () => ({ serverInfo, inspector: {}, notifications() {} }) as unknown as McpBridge);

describe('consoleOptionsOf', () => {
  it('passes the flags and the mount to a console of either kind', () => {
    for (const bridge of [undefined, connected(undefined)]) {
      const options = consoleOptionsOf(bridge, PLAN, MOUNT);
      assert.deepEqual(
        [options.allowExecute, options.maxBodyBytes, options.callTimeoutMs, options.callTotalTimeoutMs],
        [true, 1234, 5, 6],
      );
      assert.deepEqual(options.allowedHosts, ['a.test']);
      assert.deepEqual([options.prefix, options.sandboxOrigin, options.title], ['/x', 'http://localhost:9', 'T']);
      assert.equal(options.logger, terseLogger);
    }
  });

  it('serves the demo tools without a bridge, and nothing the demo does not have', async () => {
    const options = consoleOptionsOf(undefined, { ...PLAN, allowExecute: false }, MOUNT);
    assert.equal(options.allowExecute, false);
    const tools = typeof options.tools === 'function' ? await options.tools() : options.tools;
    assert.ok(tools.length > 0);
    assert.equal(typeof options.handleCall, 'function');
    for (const key of ['notifications', 'serverInfo', 'resources', 'prompts', 'complete', 'inspect'] as const)
      assert.equal(options[key], undefined, key);
  });

  it("hands on everything a bridge offers, and the server's own account of itself", () => {
    const bridge = connected({ name: 'srv' });
    const options = consoleOptionsOf(bridge, PLAN, MOUNT);
    const given = bridge.options;
    assert.deepEqual(
      [
        options.tools,
        options.handleCall,
        options.notifications,
        options.readResource,
        options.resources,
        options.resourceTemplates,
        options.prompts,
        options.getPrompt,
        options.complete,
        options.subscribeResource,
        options.unsubscribeResource,
        options.inspect,
      ],
      [
        given.tools,
        given.handleCall,
        given.notifications,
        given.readResource,
        given.resources,
        given.resourceTemplates,
        given.prompts,
        given.getPrompt,
        given.complete,
        given.subscribeResource,
        given.unsubscribeResource,
        bridge.inspector,
      ],
    );
    assert.equal(typeof options.serverInfo, 'function');
  });
});

describe('serverTitle', () => {
  it("names the page after the server's title, else its name, else the fallback", async () => {
    const titled = connected({ name: 'srv', title: 'Server title' });
    const named = connected({ name: 'srv', title: '' });
    const nameless = connected({ name: '' });
    assert.equal(serverTitle(titled, 'fallback')(), 'fallback', 'before connecting');
    assert.equal(serverTitle(titled)(), undefined);
    await Promise.all([titled.ready(), named.ready(), nameless.ready()]);
    assert.equal(serverTitle(titled, 'fallback')(), 'Server title');
    assert.equal(serverTitle(named, 'fallback')(), 'srv');
    assert.equal(serverTitle(nameless, 'fallback')(), 'fallback');
    const options = consoleOptionsOf(titled, PLAN, MOUNT);
    assert.deepEqual((options.serverInfo as () => unknown)(), { name: 'srv', title: 'Server title' });
  });
});
