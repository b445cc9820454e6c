// Following the protocol log live (`GET /server/log`, `Accept: text/event-stream`) and reading it filtered: a stream
// without `?after=` gets the state and then only what comes; a page one too many is told why and when to come back; a
// page that goes away, and every page when the server closes, stops being told; and the query's edge cases.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServerInspector, ServerWatcher } from '../../server/index.js';
import type { ProtocolEntry, ServerState } from '../../protocol/index.js';
import { EventReader } from '../support/event-stream.js';
import { connectedState, startConsole, type RunningConsole } from './helpers.js';

const state = connectedState;

const entry = (seq: number, direction: ProtocolEntry['direction'], method: string) =>
  ({ seq, time: 1_000 + seq, direction, kind: 'request', method, size: 10, message: { method } }) as ProtocolEntry;

const ENTRIES = [entry(1, 'sent', 'initialize'), entry(2, 'received', 'initialize'), entry(3, 'sent', 'tools/list')];

/** An inspector that records who watches it; `stopped()` resolves when the next watcher is stopped. */
class WatchedInspector implements ServerInspector {
  readonly watchers = new Set<ServerWatcher>();
  #onStop: (() => void) | undefined;
  state = () => state;
  log = () => ({ dropped: 0, entries: ENTRIES });
  notifications = () => [];
  watch(watcher: ServerWatcher) {
    this.watchers.add(watcher);
    return () => {
      this.watchers.delete(watcher);
      this.#onStop?.();
    };
  }
  stopped(): Promise<void> {
    return new Promise((resolve) => (this.#onStop = resolve));
  }
  setLogLevel = async () => state;
  ping = async () => ({ ms: 1 });
  reconnect = async () => state;
  restart = async () => state;
}

async function follow(app: RunningConsole, query = '') {
  const response = await fetch(`http://127.0.0.1:${app.port}/server/log${query}`, {
    headers: { Accept: 'text/event-stream' },
  });
  return { status: response.status, events: new EventReader(response.body!) };
}

describe('following the protocol log', () => {
  let app: RunningConsole;
  const inspector = new WatchedInspector();
  before(async () => {
    app = await startConsole({ allowExecute: true, inspect: inspector, maxWatchers: 1 });
  });
  after(() => app.close());

  it('sends the state and then only what comes, without ?after=', { timeout: 2_000 }, async () => {
    const { status, events } = await follow(app);
    assert.equal(status, 200);
    assert.deepEqual(await events.next(), { event: 'state', data: state });
    const [watcher] = inspector.watchers;
    watcher!.entry(entry(4, 'received', 'tools/list'));
    assert.deepEqual(await events.next(), { event: 'entry', data: entry(4, 'received', 'tools/list') });
    const stopped = inspector.stopped();
    await events.cancel();
    await stopped;
  });

  it(
    'refuses a page one too many with why and when to come back, and lets one in once a page went away',
    { timeout: 2_000 },
    async () => {
      const first = await follow(app);
      assert.equal(first.status, 200);
      const second = await app.request('GET', '/server/log', { headers: { Accept: 'text/event-stream' } });
      assert.deepEqual(
        [second.status, second.headers['retry-after'], second.json],
        [
          503,
          '5',
          {
            error:
              'Too many pages are following the protocol log (at most 1, the maxWatchers option); try again later.',
          },
        ],
      );
      // The first page goes away: the inspector stops telling it, and its place is free.
      const stopped = inspector.stopped();
      await first.events.cancel();
      await stopped;
      assert.equal(inspector.watchers.size, 0);
      const third = await follow(app);
      assert.equal(third.status, 200);
      assert.deepEqual(await third.events.next(), { event: 'state', data: state });
      const thirdStopped = inspector.stopped();
      await third.events.cancel();
      await thirdStopped;
    },
  );
});

describe('closing the server while pages follow the log', () => {
  it('ends each page’s stream and stops watching the inspector', { timeout: 2_000 }, async () => {
    const inspector = new WatchedInspector();
    const app = await startConsole({ allowExecute: true, inspect: inspector });
    const { events } = await follow(app);
    assert.deepEqual(await events.next(), { event: 'state', data: state });
    assert.equal(inspector.watchers.size, 1);
    const closed = new Promise<void>((resolve) => app.server.close(() => resolve()));
    assert.deepEqual(await events.rest(), []);
    await closed;
    assert.equal(inspector.watchers.size, 0);
  });
});

describe('the query of GET /server/log', () => {
  let app: RunningConsole;
  before(async () => {
    app = await startConsole({ allowExecute: true, inspect: new WatchedInspector() });
  });
  after(() => app.close());

  const seqs = async (query: string) => {
    const answer = await app.request('GET', `/server/log${query}`);
    assert.equal(answer.status, 200, answer.text);
    return (answer.json.entries as ProtocolEntry[]).map((each) => each.seq);
  };
  const refusal = async (query: string) => {
    const answer = await app.request('GET', `/server/log${query}`);
    return [answer.status, answer.json.error];
  };

  it('answers the whole log, not as a file, without a query or with empty filters', async () => {
    const plain = await app.request('GET', '/server/log');
    assert.equal(plain.headers['content-disposition'], undefined);
    assert.deepEqual(plain.json, { dropped: 0, entries: ENTRIES });
    assert.deepEqual(await seqs('?method=&direction='), [1, 2, 3]);
    assert.deepEqual(await seqs('?download=0'), [1, 2, 3]);
    assert.equal((await app.request('GET', '/server/log?download=0')).headers['content-disposition'], undefined);
  });

  it('takes a seq of several digits', async () => {
    assert.deepEqual(await seqs('?after=1'), [2, 3]);
    assert.deepEqual(await seqs('?after=10'), []);
  });

  it('refuses a seq with anything but digits around it, quoting its first 40 characters', async () => {
    const message = (got: string) => `after must be the seq of an entry (a whole number), got "${got}".`;
    assert.deepEqual(await refusal('?after=x5'), [400, message('x5')]);
    assert.deepEqual(await refusal('?after=5x'), [400, message('5x')]);
    assert.deepEqual(await refusal(`?after=${'9'.repeat(50)}`), [400, message('9'.repeat(40))]);
  });

  it('refuses another direction, quoting its first 40 characters', async () => {
    assert.deepEqual(await refusal(`?direction=${'s'.repeat(50)}`), [
      400,
      `direction must be "sent" or "received", got "${'s'.repeat(40)}".`,
    ]);
  });
});

describe('GET /server/log under a prefix that looks like a query', () => {
  it('reads no query from the path', async () => {
    // `&` and `=` may be in a path: only what follows `?` is the query.
    const app = await startConsole({ allowExecute: true, inspect: new WatchedInspector(), prefix: '/x&download=1&a=' });
    try {
      const answer = await app.request('GET', '/x&download=1&a=/server/log');
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-disposition'], undefined);
      assert.deepEqual(answer.json, { dropped: 0, entries: ENTRIES });
    } finally {
      await app.close();
    }
  });
});
