// Pages watching the tool list (`GET /tools` as an event stream) through both adapters: a `tools-changed` event naming
// the current list's ETag at once and whenever the host says it changed (the page then fetches `GET /tools`, cached
// and compressed, 304 when it has it), the host's log messages, a cap on watchers, and streams that end when the
// server closes.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { describe, it } from 'node:test';
import { createAdaptorServer } from '@hono/node-server';
import { createFetchHandler } from '../../server/fetch.js';
import { createServer, type ConsoleNotifier, type Tool, type ToolConsoleOptions } from '../../server/index.js';
import { EventReader } from '../support/event-stream.js';
import { close, listen } from '../support/listen.js';
import { recordingLogger } from './helpers.js';

// Descriptions long enough (over 1 KiB in all) that the list is sent compressed to clients that accept it.
const tool = (name: string): Tool => ({
  name,
  description: `The ${name} tool. `.repeat(80),
  inputSchema: { type: 'object' },
});

async function start(adapter: 'node' | 'fetch', extra: Partial<ToolConsoleOptions<unknown>> = {}, count = 1) {
  const tools = Array.from({ length: count }, (_, index) => tool(index ? `tool_${index}` : 'first'));
  let notifier: ConsoleNotifier | undefined;
  const logger = recordingLogger();
  const options = {
    tools: () => tools,
    handleCall: () => ({ content: [] }),
    notifications: (given: ConsoleNotifier) => (notifier = given),
    logger,
    ...extra,
  };
  const fetchHandler = adapter === 'fetch' ? createFetchHandler(options as ToolConsoleOptions<Request>) : undefined;
  const server: Server = fetchHandler
    ? (createAdaptorServer({ fetch: fetchHandler }) as Server)
    : createServer(options as ToolConsoleOptions);
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}/tools`;
  const watch = async (headers: Record<string, string> = {}) => {
    const response = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    return new EventReader(response.body!);
  };
  /** The tag of the plain list as sent uncompressed. */
  const plainTag = async () => (await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })).headers.get('etag')!;
  return {
    tools,
    url,
    notifier: () => notifier!,
    watch,
    plainTag,
    logger,
    /** Closes as a host would, without dropping connections: the streams must end for close() to finish. */
    closeGently: () => {
      // Under the Fetch handler the host ends the streams itself (createServer does it in server.close()).
      fetchHandler?.close();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
    close: () => close(server),
  };
}

for (const adapter of ['node', 'fetch'] as const) {
  describe(`watching the tool list (${adapter} adapter)`, () => {
    it("should name the current list's ETag at once, and the new one each time the host says it changed", async () => {
      const console = await start(adapter);
      try {
        const reader = await console.watch();
        const first = await console.plainTag();
        assert.deepEqual(await reader.next(), { event: 'tools-changed', data: { etag: first } });
        console.tools.push(tool('second'));
        console.notifier().toolsChanged();
        const changed = await reader.next();
        const second = await console.plainTag();
        assert.notEqual(second, first);
        assert.deepEqual(changed, { event: 'tools-changed', data: { etag: second } });
        // What the page does then: ask for the list naming the one it has, and get it only when it is new.
        const fresh = await fetch(console.url, { headers: { 'If-None-Match': first, 'Accept-Encoding': 'identity' } });
        assert.equal(fresh.status, 200);
        assert.deepEqual(
          ((await fresh.json()) as Tool[]).map((each) => each.name),
          ['first', 'second'],
        );
        const same = await fetch(console.url, { headers: { 'If-None-Match': second, 'Accept-Encoding': 'identity' } });
        assert.equal(same.status, 304);
      } finally {
        await console.close();
      }
    });

    it('should tell of a change at 10,000 tools in under 100 bytes, not send the megabytes of the list', async () => {
      const console = await start(adapter, {}, 10_000);
      try {
        const reader = await console.watch();
        await reader.next();
        console.tools.pop();
        console.notifier().toolsChanged();
        const changed = await reader.next();
        assert.equal(changed?.event, 'tools-changed');
        assert.ok(JSON.stringify(changed.data).length < 100, JSON.stringify(changed.data).slice(0, 200));
        assert.equal((changed.data as { etag: string }).etag, await console.plainTag());
      } finally {
        await console.close();
      }
    });

    it('should say nothing at first to a page that names the list in If-None-Match, in whatever coding it came', async () => {
      const console = await start(adapter);
      try {
        const listed = await fetch(console.url, { headers: { 'Accept-Encoding': 'br' } });
        const etag = listed.headers.get('etag')!;
        assert.match(etag, /^"[^".]+\.br/, 'the Brotli form has its own tag');
        const reader = await console.watch({ 'If-None-Match': etag });
        console.tools.push(tool('second'));
        console.notifier().toolsChanged();
        assert.deepEqual(
          await reader.next(),
          { event: 'tools-changed', data: { etag: await console.plainTag() } },
          'the first event is the change, not the list the page had',
        );
      } finally {
        await console.close();
      }
    });

    it('should name the current list at once to a page whose If-None-Match names an older list', async () => {
      const console = await start(adapter);
      try {
        const stale = await console.plainTag();
        console.tools.push(tool('second'));
        const first = await (await console.watch({ 'If-None-Match': stale })).next();
        assert.deepEqual(first, { event: 'tools-changed', data: { etag: await console.plainTag() } });
      } finally {
        await console.close();
      }
    });

    it("should send the host's log messages to every watcher, and refuse a level MCP does not know", async () => {
      const console = await start(adapter);
      try {
        const [one, two] = [await console.watch(), await console.watch()];
        await Promise.all([one.next(), two.next()]);
        console.notifier().log('warning', 'Disk nearly full', 'storage');
        const expected = { event: 'log', data: { level: 'warning', logger: 'storage', data: 'Disk nearly full' } };
        assert.deepEqual(await one.next(), expected);
        assert.deepEqual(await two.next(), expected);
        assert.throws(() => console.notifier().log('loud' as never, 'x'), /notifier\.log's level must be one of debug/);
      } finally {
        await console.close();
      }
    });

    it('should answer 503 past maxWatchers, saying so, and take a watcher again once one has left', async () => {
      const console = await start(adapter, { maxWatchers: 2 });
      try {
        const first = await console.watch();
        await Promise.all([first.next(), (await console.watch()).next()]);
        const refused = await fetch(console.url, { headers: { Accept: 'text/event-stream' } });
        assert.equal(refused.status, 503);
        assert.equal(refused.headers.get('content-type'), 'application/json');
        assert.ok(Number(refused.headers.get('retry-after')) > 0, 'Retry-After says when to come back');
        assert.deepEqual(await refused.json(), {
          error: 'Too many pages are watching the tool list (at most 2, the maxWatchers option); try again later.',
        });
        // The plain list is not limited.
        assert.equal((await fetch(console.url)).status, 200);
        await first.cancel();
        // The server learns of the leaving from its connection: ask until it has (each try is a round trip).
        let again = await fetch(console.url, { headers: { Accept: 'text/event-stream' } });
        for (let tries = 0; again.status === 503 && tries < 200; tries++) {
          await again.body?.cancel();
          again = await fetch(console.url, { headers: { Accept: 'text/event-stream' } });
        }
        assert.equal(again.status, 200);
        await again.body?.cancel();
      } finally {
        await console.close();
      }
    });

    it('should forget a watcher that went away, and end the others when the server closes', async () => {
      const console = await start(adapter);
      const gone = await console.watch();
      await gone.next();
      await gone.cancel();
      const staying = await console.watch();
      await staying.next();
      console.notifier().toolsChanged();
      assert.equal((await staying.next())?.event, 'tools-changed');
      const closed = console.closeGently();
      assert.deepEqual(await staying.rest(), [], 'the stream ends with nothing more');
      await closed;
      assert.equal(console.logger.text('error'), '');
    });
  });
}

describe('the watch options', () => {
  it('should take notifications as a function only', () => {
    assert.throws(
      () => createServer({ tools: [], handleCall: () => ({ content: [] }), notifications: 'yes' as never }),
      /tool-console: notifications must be a function/,
    );
  });

  it('should take maxWatchers as a whole number of at least 1', () => {
    for (const maxWatchers of [0, 1.5, -1, '10']) {
      assert.throws(
        () => createServer({ tools: [], handleCall: () => ({ content: [] }), maxWatchers: maxWatchers as never }),
        /tool-console: maxWatchers must be an integer >= 1/,
      );
    }
  });
});
