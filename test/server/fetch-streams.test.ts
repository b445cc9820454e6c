// The Fetch handler called directly, as Bun, Deno and Workers call it: event streams whose single events are over
// 1 MiB (a large list, a large synchronous result, a large log message) arrive whole, and no error ever leaves the
// handler as a rejected promise (a runtime would answer it with its own error page, stack and paths included).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createFetchHandler } from '../../server/fetch.js';
import type { ConsoleNotifier, Tool, ToolConsoleOptions } from '../../server/index.js';
import { EventReader } from '../support/event-stream.js';
import { recordingLogger } from './helpers.js';

const OVER_A_MEBIBYTE = 'z'.repeat(1536 * 1024);
const bigTool: Tool = { name: 'big', description: OVER_A_MEBIBYTE, inputSchema: { type: 'object' } };

function handler(extra: Partial<ToolConsoleOptions<Request>> = {}) {
  let notifier: ConsoleNotifier | undefined;
  const logger = recordingLogger();
  const fetchHandler = createFetchHandler({
    tools: [bigTool],
    allowExecute: true,
    handleCall: () => ({ content: [{ type: 'text', text: OVER_A_MEBIBYTE }] }),
    notifications: (given) => (notifier = given),
    logger,
    ...extra,
  });
  return { fetchHandler, logger, notifier: () => notifier! };
}

const watchRequest = () => new Request('http://127.0.0.1/tools', { headers: { Accept: 'text/event-stream' } });

describe('createFetchHandler with events over 1 MiB', () => {
  it('should watch a list over 1 MiB: 200 and a tools-changed event', async () => {
    const { fetchHandler } = handler();
    try {
      const response = await fetchHandler(watchRequest());
      assert.equal(response.status, 200);
      const first = await new EventReader(response.body!).next();
      assert.equal(first?.event, 'tools-changed');
    } finally {
      fetchHandler.close();
    }
  });

  it('should send a log message over 1 MiB to a watcher whole', async () => {
    const { fetchHandler, notifier } = handler({ tools: [] });
    try {
      const response = await fetchHandler(watchRequest());
      const reader = new EventReader(response.body!);
      await reader.next();
      notifier().log('info', OVER_A_MEBIBYTE);
      assert.deepEqual(await reader.next(), { event: 'log', data: { level: 'info', data: OVER_A_MEBIBYTE } });
    } finally {
      fetchHandler.close();
    }
  });

  it("should send a streamed call's synchronous result over 1 MiB whole", async () => {
    const { fetchHandler } = handler();
    const response = await fetchHandler(
      new Request('http://127.0.0.1/tools/big/call', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: '{}',
      }),
    );
    assert.equal(response.status, 200);
    const events = await new EventReader(response.body!).rest();
    assert.equal(events.length, 1);
    assert.equal(events[0].event, 'result');
    assert.equal(
      (events[0].data as { result: { content: { text: string }[] } }).result.content[0].text,
      OVER_A_MEBIBYTE,
    );
  });
});

describe('createFetchHandler when something unexpected fails', () => {
  it('should answer a generic 500 in JSON and log the error, never reject', async () => {
    const { fetchHandler, logger } = handler();
    // A request object the handler cannot read: the failure happens before any route runs.
    const unreadable = {
      get url(): string {
        throw new Error('unreadable url at /srv/app/secret-path.ts:12');
      },
    } as unknown as Request;
    const response = await fetchHandler(unreadable);
    assert.equal(response.status, 500);
    assert.equal(response.headers.get('content-type'), 'application/json');
    assert.deepEqual(await response.json(), { error: 'Internal Server Error' });
    assert.match(logger.text('error'), /unreadable url/);
  });
});
