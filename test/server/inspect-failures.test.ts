// The /server routes when the inspector fails or is slow, and the `inspect` option's check: a status the inspector
// gives is kept only from 400 to 599 (else 502), only a 5xx is logged (naming what failed), a diagnosis is passed on
// only as an object; reconnecting and restarting may outlast the call time limit, setting the log level may not; an
// auth hook that never answers is a 401; and anything but an object with every method is refused at startup.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServer, type ServerInspector } from '../../server/index.js';
import type { ServerState } from '../../protocol/index.js';
import { connectedState, startConsole, type RunningConsole } from './helpers.js';

const TIME_LIMIT_MS = 40;

const state = connectedState;

/** An inspector whose actions all do what `act` does (by default: answer the state at once). */
function inspectorActing(act: () => Promise<unknown>): ServerInspector {
  return {
    state: () => state,
    log: () => ({ dropped: 0, entries: [] }),
    notifications: () => [],
    watch: () => () => {},
    setLogLevel: () => act() as Promise<ServerState>,
    ping: () => act() as Promise<{ ms: number }>,
    reconnect: () => act() as Promise<ServerState>,
    restart: () => act() as Promise<ServerState>,
  };
}

describe('the /server actions failing', () => {
  let app: RunningConsole;
  let thrown: unknown;
  before(async () => {
    app = await startConsole({
      allowExecute: true,
      callTimeoutMs: TIME_LIMIT_MS,
      inspect: inspectorActing(async () => {
        throw thrown;
      }),
    });
  });
  after(() => app.close());

  const failWith = (fields: Record<string, unknown>) => (thrown = Object.assign(new Error('it broke'), fields));

  it('answers with the status the inspector gave, from 400 to 599, and 502 for any other', async () => {
    const cases: [unknown, number][] = [
      [400, 400],
      [499, 499],
      [500, 500],
      [599, 599],
      [399, 502],
      [600, 502],
      [404.5, 502],
      ['404', 502],
      [undefined, 502],
    ];
    for (const [status, expected] of cases) {
      failWith({ status });
      const answer = await app.request('POST', '/server/ping', { body: '{}' });
      assert.deepEqual([status, answer.status, answer.json], [status, expected, { error: 'it broke' }]);
      assert.equal(answer.headers['cache-control'], 'no-store');
    }
  });

  it('logs only what failed with a 5xx, naming the action', async () => {
    const warnings = () => app.logger.lines.filter((line) => line.level === 'warn').length;
    const before = warnings();
    failWith({ status: 499 });
    assert.equal((await app.request('POST', '/server/reconnect', { body: '{}' })).status, 499);
    assert.equal(warnings(), before);
    failWith({ status: 500 });
    assert.equal((await app.request('POST', '/server/reconnect', { body: '{}' })).status, 500);
    assert.equal(warnings(), before + 1);
    assert.match(app.logger.lines.at(-1)!.text, /^tool-console: reconnecting failed: .*it broke/);
    assert.equal((await app.request('POST', '/server/restart', { body: '{}' })).status, 500);
    assert.match(app.logger.lines.at(-1)!.text, /^tool-console: restarting failed: .*it broke/);
    const level = await app.request('POST', '/server/log-level', { body: '{"level":"debug"}' });
    assert.equal(level.status, 500);
    assert.match(app.logger.lines.at(-1)!.text, /^tool-console: setting the log level failed: .*it broke/);
  });

  it('passes on a diagnosis only when it is an object', async () => {
    failWith({ diagnosis: 'not an object' });
    assert.deepEqual((await app.request('POST', '/server/ping', { body: '{}' })).json, { error: 'it broke' });
    failWith({ diagnosis: { reason: 'exited' } });
    assert.deepEqual((await app.request('POST', '/server/ping', { body: '{}' })).json, {
      error: 'it broke',
      diagnosis: { reason: 'exited' },
    });
  });
});

describe('the /server actions taking longer than the call time limit', () => {
  let app: RunningConsole;
  before(async () => {
    // Each action answers three time limits later: a slow reconnect, not a hung one.
    const slow = () => new Promise((resolve) => setTimeout(() => resolve(state), TIME_LIMIT_MS * 3));
    app = await startConsole({ allowExecute: true, callTimeoutMs: TIME_LIMIT_MS, inspect: inspectorActing(slow) });
  });
  after(() => app.close());

  it('lets reconnecting and restarting finish', async () => {
    for (const action of ['reconnect', 'restart']) {
      const answer = await app.request('POST', `/server/${action}`, { body: '{}' });
      assert.deepEqual([action, answer.status, answer.json], [action, 200, state]);
    }
  });

  it('answers 504 for setting the log level', async () => {
    const answer = await app.request('POST', '/server/log-level', { body: '{"level":"debug"}' });
    assert.equal(answer.status, 504);
    assert.deepEqual(answer.json, { error: `Setting the log level did not finish within ${TIME_LIMIT_MS} ms.` });
  });
});

describe('POST /server/log-level with a level MCP does not have', () => {
  it('says what it got: no level, or the first 40 characters of it', async () => {
    const app = await startConsole({ allowExecute: true, inspect: inspectorActing(async () => state) });
    try {
      const levels = 'debug, info, notice, warning, error, critical, alert, emergency';
      const numeric = await app.request('POST', '/server/log-level', { body: '{"level":3}' });
      assert.deepEqual(
        [numeric.status, numeric.json],
        [400, { error: `The log level must be one of ${levels}, got no {"level": "..."}.` }],
      );
      const long = await app.request('POST', '/server/log-level', { body: JSON.stringify({ level: 'x'.repeat(60) }) });
      assert.deepEqual(
        [long.status, long.json],
        [400, { error: `The log level must be one of ${levels}, got "${'x'.repeat(40)}".` }],
      );
      const fine = await app.request('POST', '/server/log-level', { body: '{"level":"debug"}' });
      assert.deepEqual([fine.status, fine.json], [200, state]);
    } finally {
      await app.close();
    }
  });
});

describe('the /server routes and the auth hook', () => {
  it('lets every request through without a hook', async () => {
    const app = await startConsole({ allowExecute: true, inspect: inspectorActing(async () => state) });
    try {
      assert.deepEqual(
        [(await app.request('GET', '/server')).status, (await app.request('GET', '/server')).json],
        [200, state],
      );
    } finally {
      await app.close();
    }
  });

  it('answers 401 when the hook does not call next() within the call time limit, and logs why', async () => {
    const app = await startConsole({
      allowExecute: true,
      callTimeoutMs: TIME_LIMIT_MS,
      inspect: inspectorActing(async () => state),
      authHook: () => {},
    });
    try {
      const answer = await app.request('GET', '/server');
      assert.deepEqual([answer.status, answer.json], [401, { error: 'Unauthorized' }]);
      assert.match(
        app.logger.text('warn'),
        /auth hook denied a call: .*the hook did not call next\(\) within the call time limit/,
      );
    } finally {
      await app.close();
    }
  });
});

describe('the inspect option', () => {
  const start = (inspect: unknown) =>
    createServer({ tools: [], handleCall: () => [[], false], inspect: inspect as ServerInspector });
  const refusal = {
    message:
      'tool-console: inspect must be an object with state, log, notifications, watch, setLogLevel, ping, reconnect and restart',
  };

  it('refuses anything but an object with every method of an inspector', () => {
    const whole = inspectorActing(async () => state);
    assert.throws(() => start(null), refusal);
    assert.throws(() => start('inspector'), refusal);
    assert.throws(() => start(Object.assign(() => {}, whole)), refusal);
    assert.throws(() => start({ ...whole, restart: undefined }), refusal);
    assert.throws(() => start({ ...whole, state: 'connected' }), refusal);
    start(whole).close();
  });
});
