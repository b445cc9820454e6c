// The /server routes through both adapters, in front of an inspector a test drives: absent without the `inspect`
// option (404, and no `inspect` in the page's offers); with it, the state, the protocol log (filtered, as a file, live),
// the notifications, the log level, ping, reconnect and restart, each answered `no-store`; every guard in the call's
// order (foreign Origin 403, 415, execution off 403, the auth hook's 401); and a 502 that carries the diagnosis.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServerInspector, ServerWatcher } from '../../server/index.js';
import type { Diagnosis, ProtocolEntry, ServerState } from '../../protocol/index.js';
import { EventReader } from '../support/event-stream.js';
import { ADAPTERS, startAdapter, type AdapterConsole } from './apps-harness.js';

const diagnosis: Diagnosis = {
  reason: 'exited',
  sentence: 'Could not connect to the MCP server (srv): it exited with exit code 3 before answering.',
  evidence: { exitCode: 3, stderr: ['<b>boom</b>'] },
};

const entry = (seq: number, direction: ProtocolEntry['direction'], kind: ProtocolEntry['kind'], method: string) =>
  ({ seq, time: 1_000 + seq, direction, kind, method, size: 10, message: { method } }) as ProtocolEntry;

/** An inspector whose answers the tests set: `failing` makes every action fail like an unreachable MCP server. */
class TestInspector implements ServerInspector {
  entries: ProtocolEntry[] = [
    entry(1, 'sent', 'request', 'initialize'),
    entry(2, 'received', 'response', 'initialize'),
    entry(3, 'received', 'notification', 'notifications/message'),
    entry(4, 'sent', 'request', 'tools/list'),
  ];
  level: ServerState['logLevel'] = 'info';
  failing = false;
  hang = false;
  readonly watchers = new Set<ServerWatcher>();

  state(): ServerState {
    return {
      connected: !this.failing,
      name: 'test-server',
      transport: 'stdio',
      target: 'srv --token [redacted]',
      clientCapabilities: {},
      roots: [],
      logLevel: this.level,
      stderr: [],
      ...(this.failing && { diagnosis }),
    };
  }
  log() {
    return { dropped: 2, entries: this.entries };
  }
  notifications() {
    return this.entries.filter((each) => each.kind === 'notification').reverse();
  }
  watch(watcher: ServerWatcher) {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }
  async #server(): Promise<void> {
    if (this.hang) await new Promise<never>(() => {});
    if (this.failing) throw Object.assign(new Error(diagnosis.sentence), { status: 502, diagnosis });
  }
  async setLogLevel(level: string) {
    await this.#server();
    this.level = level as ServerState['logLevel'];
    return this.state();
  }
  async ping() {
    await this.#server();
    return { ms: 1.5 };
  }
  async reconnect() {
    await this.#server();
    return this.state();
  }
  async restart(): Promise<ServerState> {
    throw Object.assign(new Error('Only a stdio server can be restarted; reconnect to a URL instead.'), {
      status: 409,
    });
  }
}

const offersOf = (html: string) => /<tool-console\s[^>]*\soffers="([^"]*)"/.exec(html)?.[1];

for (const adapter of ADAPTERS) {
  describe(`the /server routes (${adapter})`, () => {
    describe('without the inspect option', () => {
      let app: AdapterConsole;
      before(async () => (app = await startAdapter(adapter, { allowExecute: true })));
      after(() => app.close());

      it('should not have them, nor tell the page of them', async () => {
        for (const [method, path] of [
          ['GET', '/server'],
          ['GET', '/server/log'],
          ['GET', '/server/notifications'],
          ['POST', '/server/ping'],
          ['POST', '/server/reconnect'],
        ]) {
          const answer = await app.request(method, path, { body: method === 'POST' ? '{}' : undefined });
          assert.equal(answer.status, 404, `${method} ${path}`);
        }
        assert.equal(offersOf((await app.request('GET', '/')).text), '');
      });
    });

    describe('with an inspector', () => {
      let app: AdapterConsole;
      const inspector = new TestInspector();
      let allow = true;
      before(async () => {
        app = await startAdapter(adapter, {
          allowExecute: true,
          inspect: inspector,
          callTimeoutMs: 200,
          maxWatchers: 1,
          maxBodyBytes: 64,
          authHook: (_req: unknown, next: (error?: unknown) => void) => (allow ? next() : next(new Error('no'))),
        });
      });
      after(() => app.close());

      it('should tell the page it may show its panes', async () => {
        assert.equal(offersOf((await app.request('GET', '/')).text), 'inspect');
      });

      it('should answer the state, not to be stored', async () => {
        const answer = await app.request('GET', '/server');
        assert.equal(answer.status, 200);
        assert.equal(answer.headers['cache-control'], 'no-store');
        assert.deepEqual(answer.json, inspector.state());
      });

      it('should answer the log, filtered by seq, method and direction, and as a file', async () => {
        const whole = await app.request('GET', '/server/log');
        assert.equal(whole.headers['cache-control'], 'no-store');
        assert.deepEqual(whole.json, { dropped: 2, entries: inspector.entries });
        const seqs = async (query: string) =>
          ((await app.request('GET', `/server/log?${query}`)).json.entries as ProtocolEntry[]).map((each) => each.seq);
        assert.deepEqual(await seqs('after=2'), [3, 4]);
        assert.deepEqual(await seqs('method=initialize'), [1, 2]);
        assert.deepEqual(await seqs('direction=sent'), [1, 4]);
        assert.deepEqual(await seqs('after=1&direction=received&method=initialize'), [2]);
        const file = await app.request('GET', '/server/log?download=1');
        assert.equal(file.headers['content-disposition'], 'attachment; filename="mcp-protocol-log.json"');
        assert.deepEqual(file.json, whole.json);
      });

      it('should refuse a query the log cannot be filtered by', async () => {
        const after = await app.request('GET', '/server/log?after=two');
        assert.equal(after.status, 400);
        assert.deepEqual(after.json, { error: 'after must be the seq of an entry (a whole number), got "two".' });
        const direction = await app.request('GET', '/server/log?direction=up');
        assert.equal(direction.status, 400);
        assert.deepEqual(direction.json, { error: 'direction must be "sent" or "received", got "up".' });
      });

      it('should answer the notifications, newest first', async () => {
        const answer = await app.request('GET', '/server/notifications');
        assert.equal(answer.status, 200);
        assert.deepEqual(answer.json, [inspector.entries[2]]);
      });

      it('should stream the state, what was missed, then entries, drops, stderr and state as they come', async () => {
        const url = `http://127.0.0.1:${app.port}/server/log?after=3&direction=sent`;
        const response = await fetch(url, { headers: { Accept: 'text/event-stream' } });
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('cache-control'), 'no-store, no-transform');
        const events = new EventReader(response.body!);
        assert.deepEqual(await events.next(), { event: 'state', data: inspector.state() });
        assert.deepEqual(await events.next(), { event: 'entry', data: inspector.entries[3] });
        // One page follows at most here (maxWatchers 1): a second is told to come back later.
        const second = await app.request('GET', '/server/log', { headers: { Accept: 'text/event-stream' } });
        assert.equal(second.status, 503);
        assert.equal(second.headers['retry-after'], '5');
        const [watcher] = inspector.watchers;
        watcher!.entry(entry(5, 'received', 'response', 'tools/list')); // not sent: the page asked for sent ones
        watcher!.entry(entry(6, 'sent', 'request', 'ping'));
        watcher!.dropped(3);
        watcher!.stderr('<script>alert(1)</script>');
        inspector.failing = true;
        watcher!.state(inspector.state());
        inspector.failing = false;
        assert.deepEqual(await events.next(), { event: 'entry', data: entry(6, 'sent', 'request', 'ping') });
        assert.deepEqual(await events.next(), { event: 'dropped', data: { dropped: 3 } });
        assert.deepEqual(await events.next(), { event: 'stderr', data: { line: '<script>alert(1)</script>' } });
        const failed = await events.next();
        assert.equal(failed?.event, 'state');
        assert.deepEqual((failed?.data as ServerState).diagnosis, diagnosis);
        await events.cancel();
      });

      it('should set the log level, and refuse one MCP does not have', async () => {
        const set = await app.request('POST', '/server/log-level', { body: '{"level":"debug"}' });
        assert.equal(set.status, 200);
        assert.equal(set.headers['cache-control'], 'no-store');
        assert.equal(set.json.logLevel, 'debug');
        const loud = await app.request('POST', '/server/log-level', { body: '{"level":"loud"}' });
        assert.equal(loud.status, 400);
        assert.deepEqual(loud.json, {
          error:
            'The log level must be one of debug, info, notice, warning, error, critical, alert, emergency, got "loud".',
        });
        const large = await app.request('POST', '/server/log-level', {
          body: JSON.stringify({ level: 'x'.repeat(80) }),
        });
        assert.equal(large.status, 413);
        const notJson = await app.request('POST', '/server/log-level', { body: '{level' });
        assert.equal(notJson.status, 400);
        assert.match(notJson.json.error, /^Invalid JSON: /);
      });

      it('should ping, reconnect, and refuse to restart what is not stdio', async () => {
        const ping = await app.request('POST', '/server/ping', { body: '{}' });
        assert.deepEqual([ping.status, ping.json], [200, { ms: 1.5 }]);
        const reconnect = await app.request('POST', '/server/reconnect', { body: '{}' });
        assert.deepEqual([reconnect.status, reconnect.json], [200, inspector.state()]);
        const restart = await app.request('POST', '/server/restart', { body: '{}' });
        assert.equal(restart.status, 409);
        assert.deepEqual(restart.json, { error: 'Only a stdio server can be restarted; reconnect to a URL instead.' });
      });

      it('should answer 502 with the doctor’s sentence and diagnosis when the server cannot be reached', async () => {
        inspector.failing = true;
        try {
          for (const [path, body] of [
            ['/server/ping', '{}'],
            ['/server/reconnect', '{}'],
            ['/server/log-level', '{"level":"error"}'],
          ]) {
            const answer = await app.request('POST', path!, { body });
            assert.equal(answer.status, 502, path);
            assert.equal(answer.headers['cache-control'], 'no-store');
            assert.deepEqual(answer.json, { error: diagnosis.sentence, diagnosis });
          }
        } finally {
          inspector.failing = false;
        }
      });

      it('should answer 504 for a ping that outlasts the call time limit', async () => {
        inspector.hang = true;
        try {
          const answer = await app.request('POST', '/server/ping', { body: '{}' });
          assert.equal(answer.status, 504);
          assert.deepEqual(answer.json, { error: 'The ping did not finish within 200 ms.' });
        } finally {
          inspector.hang = false;
        }
      });

      it('should refuse a foreign page, a body not sent as JSON, and whom the auth hook denies', async () => {
        const foreign = { headers: { Origin: 'http://evil.example' } };
        const read = await app.request('GET', '/server/log', foreign);
        assert.equal(read.status, 403);
        assert.match(read.json.error, /^Cross-origin request refused: http:\/\/evil.example/);
        assert.equal((await app.request('POST', '/server/ping', { body: '{}', ...foreign })).status, 403);
        const plain = await app.request('POST', '/server/ping', {
          body: '{}',
          headers: { 'Content-Type': 'text/plain' },
        });
        assert.equal(plain.status, 415);
        allow = false;
        try {
          for (const [method, path] of [
            ['GET', '/server'],
            ['GET', '/server/log'],
            ['GET', '/server/notifications'],
            ['POST', '/server/ping'],
            ['POST', '/server/restart'],
          ]) {
            const denied = await app.request(method!, path!, { body: method === 'POST' ? '{}' : undefined });
            assert.equal(denied.status, 401, `${method} ${path}`);
            assert.deepEqual(denied.json, { error: 'Unauthorized' });
          }
        } finally {
          allow = true;
        }
      });
    });

    describe('with an inspector but execution off', () => {
      let app: AdapterConsole;
      before(async () => (app = await startAdapter(adapter, { inspect: new TestInspector() })));
      after(() => app.close());

      it('should refuse every route as a call would, and not offer the panes', async () => {
        for (const [method, path] of [
          ['GET', '/server'],
          ['GET', '/server/log'],
          ['POST', '/server/log-level'],
          ['POST', '/server/reconnect'],
        ]) {
          const answer = await app.request(method!, path!, {
            body: method === 'POST' ? '{"level":"info"}' : undefined,
          });
          assert.equal(answer.status, 403, `${method} ${path}`);
          assert.deepEqual(answer.json, { error: 'Tool execution is disabled.' });
        }
        assert.equal(offersOf((await app.request('GET', '/')).text), '');
      });
    });
  });
}
