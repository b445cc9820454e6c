// Pages watching the tool list (`GET /tools` as an event stream) through both adapters: the list at once, again when
// the host says it changed, the host's log messages, and streams that end when the server closes.
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

async function start(adapter: 'node' | 'fetch') {
  const tools = [tool('first')];
  let notifier: ConsoleNotifier | undefined;
  const options = {
    tools: () => tools,
    handleCall: () => ({ content: [] }),
    notifications: (given: ConsoleNotifier) => (notifier = given),
    logger: recordingLogger(),
  };
  const fetchHandler = adapter === 'fetch' ? createFetchHandler(options as ToolConsoleOptions<Request>) : undefined;
  const server: Server = fetchHandler
    ? (createAdaptorServer({ fetch: fetchHandler }) as Server)
    : createServer(options as ToolConsoleOptions);
  const port = await listen(server);
  const watch = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/tools`, { headers: { Accept: 'text/event-stream' } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    return new EventReader(response.body!);
  };
  return {
    tools,
    port,
    notifier: () => notifier!,
    watch,
    logger: options.logger,
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
    it('should send the list at once, and again each time the host says it changed', async () => {
      const console = await start(adapter);
      try {
        const reader = await console.watch();
        const plain = await (await fetch(`http://127.0.0.1:${console.port}/tools`)).json();
        assert.deepEqual(await reader.next(), { event: 'tools', data: plain });
        console.tools.push(tool('second'));
        console.notifier().toolsChanged();
        const changed = await reader.next();
        assert.equal(changed?.event, 'tools');
        assert.deepEqual(
          (changed!.data as Tool[]).map((each) => each.name),
          ['first', 'second'],
        );
      } finally {
        await console.close();
      }
    });

    it('should skip the list at first for a page that names it in If-None-Match, in whatever coding it came', async () => {
      const console = await start(adapter);
      try {
        const listed = await fetch(`http://127.0.0.1:${console.port}/tools`, { headers: { 'Accept-Encoding': 'br' } });
        const etag = listed.headers.get('etag')!;
        assert.match(etag, /^"[^".]+\.br/, 'the Brotli form has its own tag');
        const response = await fetch(`http://127.0.0.1:${console.port}/tools`, {
          headers: { Accept: 'text/event-stream', 'If-None-Match': etag },
        });
        const reader = new EventReader(response.body!);
        console.tools.push(tool('second'));
        console.notifier().toolsChanged();
        const first = await reader.next();
        assert.deepEqual(
          (first!.data as Tool[]).map((each) => each.name),
          ['first', 'second'],
          'the first event is the change, not the list the page had',
        );
      } finally {
        await console.close();
      }
    });

    it('should send the list at once to a page whose If-None-Match names an older list', async () => {
      const console = await start(adapter);
      try {
        const stale = (await fetch(`http://127.0.0.1:${console.port}/tools`)).headers.get('etag')!;
        console.tools.push(tool('second'));
        const response = await fetch(`http://127.0.0.1:${console.port}/tools`, {
          headers: { Accept: 'text/event-stream', 'If-None-Match': stale },
        });
        const first = await new EventReader(response.body!).next();
        assert.equal(first?.event, 'tools');
        assert.deepEqual(
          (first!.data as Tool[]).map((each) => each.name),
          ['first', 'second'],
        );
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

    it('should forget a watcher that went away, and end the others when the server closes', async () => {
      const console = await start(adapter);
      const gone = await console.watch();
      await gone.next();
      await gone.cancel();
      const staying = await console.watch();
      await staying.next();
      console.notifier().toolsChanged();
      assert.equal((await staying.next())?.event, 'tools');
      const closed = console.closeGently();
      assert.deepEqual(await staying.rest(), [], 'the stream ends with nothing more');
      await closed;
      assert.equal(console.logger.text('error'), '');
    });
  });
}

describe('the notifications option', () => {
  it('should be a function', () => {
    assert.throws(
      () => createServer({ tools: [], handleCall: () => ({ content: [] }), notifications: 'yes' as never }),
      /tool-console: notifications must be a function/,
    );
  });
});
