// The deferred bridge in-process, in front of a fake MCP bridge that records what it is asked: its status through an
// attempt, one attempt shared by everything waiting, a new one after a failure, what the server panel and the page
// are told before the bridge exists, and every request forwarded once it does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServerState } from '../../protocol/index.js';
import { DeferredBridge } from '../../server/cli/deferred-bridge.js';
import { HttpError } from '../../server/core/http/http-error.js';
import type { ServerWatcher } from '../../server/core/inspect/server-inspector.js';
import type { McpBridge } from '../../server/mcp/index.js';
import type { ConsoleNotifier } from '../../server/types.js';

const CONNECTED = { connected: true, target: 'fake', clientCapabilities: {}, roots: [], logLevel: 'info', stderr: [] };

/** A bridge whose every method records its name and arguments in `asked` and answers with them. */
function fakeBridge(overrides: Record<string, unknown> = {}, transport: 'stdio' | 'streamable-http' = 'stdio') {
  const asked: unknown[][] = [];
  const answer =
    (name: string) =>
    async (...args: unknown[]) => {
      asked.push([name, ...args]);
      return { name, args };
    };
  const watchers: ServerWatcher[] = [];
  const bridge = {
    tools: async () => [{ name: 'from-a-function' }],
    handleCall: answer('handleCall'),
    readResource: answer('readResource'),
    notifications: (notifier: ConsoleNotifier) => asked.push(['notifications', notifier]),
    serverInfo: { name: 'fake', version: '1' },
    resources: answer('resources'),
    resourceTemplates: answer('resourceTemplates'),
    subscribeResource: answer('subscribeResource'),
    unsubscribeResource: answer('unsubscribeResource'),
    prompts: answer('prompts'),
    getPrompt: answer('getPrompt'),
    complete: answer('complete'),
    inspector: {
      state: () => ({ ...CONNECTED, transport }) as ServerState,
      log: () => ({ dropped: 3, entries: [] }),
      notifications: () => [{ method: 'x' }],
      watch: (watcher: ServerWatcher) => {
        watchers.push(watcher);
        return () => asked.push(['unwatch']);
      },
      setLogLevel: answer('setLogLevel'),
      ping: answer('ping'),
      reconnect: answer('reconnect'),
      restart: answer('restart'),
    },
    close: async () => void asked.push(['close']),
    ...overrides,
  };
  return { bridge: bridge as unknown as McpBridge, asked, watchers };
}

/** A connect function whose attempts the test settles one by one. */
function gatedConnect() {
  const attempts: { resolve: (bridge: McpBridge) => void; reject: (error: unknown) => void }[] = [];
  const connect = () => new Promise<McpBridge>((resolve, reject) => attempts.push({ resolve, reject }));
  return { connect, attempts };
}

/** A watcher that records the states it is told. */
function stateWatcher(): ServerWatcher & { states: ServerState[] } {
  const states: ServerState[] = [];
  return { states, entry() {}, dropped() {}, stderr() {}, state: (state) => void states.push(state) };
}

const EVIDENCE = { exitCode: 3, stderr: ['starting', 'no config'] };
const diagnosed = () =>
  Object.assign(new Error('could not connect'), { diagnosis: { reason: 'exited', sentence: 's', evidence: EVIDENCE } });

describe('DeferredBridge: the attempts', () => {
  it('goes from idle to connecting to ready, with one attempt for everything waiting', async () => {
    const { connect, attempts } = gatedConnect();
    const deferred = new DeferredBridge(connect);
    assert.equal(deferred.status, 'idle');
    assert.equal(deferred.serverInfo, undefined);
    const first = deferred.ready();
    const second = deferred.ready();
    assert.equal(first, second);
    assert.equal(attempts.length, 1);
    assert.equal(deferred.status, 'connecting');
    const { bridge } = fakeBridge();
    attempts[0]!.resolve(bridge);
    assert.equal(await first, bridge);
    assert.equal(deferred.status, 'ready');
    assert.deepEqual(deferred.serverInfo, { name: 'fake', version: '1' });
    assert.equal(await deferred.ready(), bridge);
    assert.equal(attempts.length, 1);
  });

  it('fails the requests waiting on a failed attempt, says so, and tries again on the next', async () => {
    const { connect, attempts } = gatedConnect();
    const heard: unknown[] = [];
    const deferred = new DeferredBridge(connect, undefined, (error) => heard.push(error));
    const waiting = [deferred.ready(), deferred.ready()];
    const error = new Error('refused');
    attempts[0]!.reject(error);
    for (const request of waiting) await assert.rejects(request, error);
    assert.deepEqual(heard, [error]);
    assert.equal(deferred.status, 'failed');
    const again = deferred.ready();
    assert.equal(attempts.length, 2);
    assert.equal(deferred.status, 'connecting');
    attempts[1]!.resolve(fakeBridge().bridge);
    await again;
    assert.equal(deferred.status, 'ready');
  });

  it('is closed: no new attempt, and a bridge that connects after is closed at once', async () => {
    const { connect, attempts } = gatedConnect();
    const heard: unknown[] = [];
    const deferred = new DeferredBridge(connect, undefined, (error) => heard.push(error));
    const late = deferred.ready();
    const failing = new DeferredBridge(connect, undefined, (error) => heard.push(error));
    const failed = failing.ready();
    await deferred.close();
    await failing.close();
    await assert.rejects(deferred.ready(), { message: 'The MCP connection is closed.' });
    assert.equal(attempts.length, 2);
    const { bridge, asked } = fakeBridge();
    attempts[0]!.resolve(bridge);
    await assert.rejects(late, { message: 'The MCP connection is closed.' });
    assert.deepEqual(asked, [['close']]);
    assert.equal(deferred.serverInfo, undefined);
    attempts[1]!.reject(new Error('too late'));
    await assert.rejects(failed, { message: 'too late' });
    assert.deepEqual(heard, [], 'a failure after closing is nobody news');
  });

  it('closes the bridge it has', async () => {
    const { bridge, asked } = fakeBridge();
    const deferred = new DeferredBridge(async () => bridge);
    await deferred.ready();
    await deferred.close();
    assert.deepEqual(asked, [['close']]);
  });
});

describe('DeferredBridge: the server panel before the bridge', () => {
  it('shows the target without a transport or a diagnosis before any attempt', () => {
    const deferred = new DeferredBridge(async () => fakeBridge().bridge);
    assert.deepEqual(deferred.inspector.state(), {
      connected: false,
      target: '',
      clientCapabilities: {},
      roots: [],
      logLevel: 'info',
      stderr: [],
    });
    assert.deepEqual(deferred.inspector.log(), { dropped: 0, entries: [] });
    assert.deepEqual(deferred.inspector.notifications(), []);
  });

  it("shows a stdio target's transport, and after a failure the doctor's diagnosis with its stderr", async () => {
    let fail = true;
    const { bridge } = fakeBridge();
    const deferred = new DeferredBridge(
      async () => {
        if (fail) throw diagnosed();
        return bridge;
      },
      { target: 'node server.js', transport: 'stdio', logLevel: 'debug' },
    );
    const watcher = stateWatcher();
    deferred.inspector.watch(watcher);
    await assert.rejects(deferred.ready());
    const failedState = {
      connected: false,
      transport: 'stdio',
      target: 'node server.js',
      clientCapabilities: {},
      roots: [],
      logLevel: 'debug',
      stderr: EVIDENCE.stderr,
      diagnosis: { reason: 'exited', sentence: 's', evidence: EVIDENCE },
    };
    assert.deepEqual(deferred.inspector.state(), failedState);
    assert.deepEqual(watcher.states, [failedState], 'the page following the log hears of the failure');
    fail = false;
    await deferred.ready();
    assert.deepEqual(deferred.inspector.state(), { ...CONNECTED, transport: 'stdio' });
    assert.deepEqual(deferred.inspector.log(), { dropped: 3, entries: [] });
    assert.deepEqual(deferred.inspector.notifications(), [{ method: 'x' }]);
  });

  it('shows a failure without a diagnosis as no stderr and no diagnosis', async () => {
    const deferred = new DeferredBridge(() => Promise.reject(new Error('x')), { target: 'u', logLevel: 'info' });
    await assert.rejects(deferred.ready());
    assert.deepEqual(deferred.inspector.state(), {
      connected: false,
      target: 'u',
      clientCapabilities: {},
      roots: [],
      logLevel: 'info',
      stderr: [],
    });
  });

  it('hands a watcher to the bridge once connected, with its state, and stops it when asked', async () => {
    const { connect, attempts } = gatedConnect();
    const deferred = new DeferredBridge(connect);
    const early = stateWatcher();
    const gone = stateWatcher();
    const stopEarly = deferred.inspector.watch(early);
    deferred.inspector.watch(gone)();
    const connecting = deferred.ready();
    const { bridge, asked, watchers } = fakeBridge();
    attempts[0]!.resolve(bridge);
    await connecting;
    assert.deepEqual(watchers, [early]);
    assert.deepEqual(early.states, [{ ...CONNECTED, transport: 'stdio' }]);
    assert.deepEqual(gone.states, []);
    stopEarly();
    assert.deepEqual(asked, [['unwatch']]);
    const late = stateWatcher();
    deferred.inspector.watch(late)();
    assert.deepEqual(watchers, [early, late], 'a watcher after connecting goes straight to the bridge');
    assert.deepEqual(asked, [['unwatch'], ['unwatch']]);
  });
});

describe('DeferredBridge: the console options', () => {
  it('tells a notifier given before connecting that the tools changed once connected', async () => {
    const { connect, attempts } = gatedConnect();
    const deferred = new DeferredBridge(connect);
    let changed = 0;
    const notifier = { toolsChanged: () => changed++ } as unknown as ConsoleNotifier;
    deferred.options.notifications(notifier);
    const connecting = deferred.ready();
    assert.equal(changed, 0);
    const { bridge, asked } = fakeBridge();
    attempts[0]!.resolve(bridge);
    await connecting;
    assert.deepEqual(asked, [['notifications', notifier]]);
    assert.equal(changed, 1);
    const later = {} as ConsoleNotifier;
    deferred.options.notifications(later);
    assert.deepEqual(asked, [
      ['notifications', notifier],
      ['notifications', later],
    ]);
  });

  it('connects without a notifier', async () => {
    const deferred = new DeferredBridge(async () => fakeBridge().bridge);
    await deferred.ready();
    assert.equal(deferred.status, 'ready');
  });

  it('lists the tools whether the bridge has a list or a function, and forwards calls and reads', async () => {
    const { bridge, asked } = fakeBridge();
    const deferred = new DeferredBridge(async () => bridge);
    assert.deepEqual(await deferred.options.tools(), [{ name: 'from-a-function' }]);
    const listed = new DeferredBridge(async () => fakeBridge({ tools: [{ name: 'listed' }] }).bridge);
    assert.deepEqual(await listed.options.tools(), [{ name: 'listed' }]);
    const call = deferred.options.handleCall as unknown as (...args: unknown[]) => Promise<unknown>;
    assert.deepEqual(await call('echo', { a: 1 }), { name: 'handleCall', args: ['echo', { a: 1 }] });
    const read = deferred.options.readResource as unknown as (...args: unknown[]) => Promise<unknown>;
    assert.deepEqual(await read('ui://x', 'req'), { name: 'readResource', args: ['ui://x', 'req'] });
    assert.deepEqual(asked, [
      ['handleCall', 'echo', { a: 1 }],
      ['readResource', 'ui://x', 'req'],
    ]);
  });

  const OFFERS = [
    ['resources', 'This console offers no resources.'],
    ['resourceTemplates', 'This console offers no resources.'],
    ['subscribeResource', 'The MCP server offers no resource subscriptions.'],
    ['unsubscribeResource', 'The MCP server offers no resource subscriptions.'],
    ['prompts', 'This console offers no prompts.'],
    ['getPrompt', 'This console offers no prompts.'],
    ['complete', 'This console offers no completion.'],
  ] as const;

  for (const [key, missing] of OFFERS) {
    it(`waits for the bridge's ${key}, and answers 404 when the server does not offer it`, async () => {
      const { bridge } = fakeBridge();
      const offering = new DeferredBridge(async () => bridge);
      const offer = offering.options[key] as unknown as ((...args: unknown[]) => Promise<unknown>) & {
        offered(): boolean | undefined;
      };
      assert.equal(offer.offered(), undefined, 'not known before connecting');
      assert.deepEqual(await offer('a', 2), { name: key, args: ['a', 2] });
      assert.equal(offer.offered(), true);

      const lacking = new DeferredBridge(async () => fakeBridge({ [key]: undefined }).bridge);
      const absent = lacking.options[key] as unknown as typeof offer;
      await assert.rejects(absent('a'), (error) => {
        assert.ok(error instanceof HttpError);
        assert.deepEqual([error.status, error.message], [404, missing]);
        return true;
      });
      assert.equal(absent.offered(), false);
    });
  }
});

describe('DeferredBridge: the server panel requests', () => {
  it('forwards the log level and pings, connecting first', async () => {
    const { bridge, asked } = fakeBridge();
    const deferred = new DeferredBridge(async () => bridge);
    assert.deepEqual(await deferred.inspector.setLogLevel('debug'), { name: 'setLogLevel', args: ['debug'] });
    assert.deepEqual(await deferred.inspector.ping(), { name: 'ping', args: [] });
    assert.deepEqual(asked, [['setLogLevel', 'debug'], ['ping']]);
  });

  it('answers Reconnect before a bridge by connecting, and after by reconnecting it', async () => {
    const { bridge, asked } = fakeBridge();
    const deferred = new DeferredBridge(async () => bridge);
    assert.deepEqual(await deferred.inspector.reconnect(), { ...CONNECTED, transport: 'stdio' });
    assert.deepEqual(asked, []);
    assert.deepEqual(await deferred.inspector.reconnect(), { name: 'reconnect', args: [] });
  });

  it('answers Restart before a bridge by starting a stdio server, and after by restarting it', async () => {
    const { bridge, asked } = fakeBridge();
    const deferred = new DeferredBridge(async () => bridge);
    assert.deepEqual(await deferred.inspector.restart(), { ...CONNECTED, transport: 'stdio' });
    assert.deepEqual(asked, []);
    assert.deepEqual(await deferred.inspector.restart(), { name: 'restart', args: [] });
  });

  it("answers Restart before a bridge to a URL server with the bridge's own answer", async () => {
    const { bridge, asked } = fakeBridge({}, 'streamable-http');
    const deferred = new DeferredBridge(async () => bridge);
    assert.deepEqual(await deferred.inspector.restart(), { name: 'restart', args: [] });
    assert.deepEqual(asked, [['restart']]);
  });
});
