// A BridgeClient linked in-process (the SDK's InMemoryTransport) to the SDK's own low-level Server, whose answers to
// `tools/call` and the `tasks/*` requests each test writes: for the task loops (call-as-task.ts, follow-task.ts),
// whose every branch depends on what a server says next, and which a real process would make slow to reach. The
// SDK's Server insists that a `tools/call` answer carries `content`, so a test's task answer to it carries an empty
// one beside its `task` (the bridge reads only the task).
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { BridgeClient } from '../../server/mcp/bridge-client.js';

/** Takes any params: each handler reads what it needs. */
const anyParams = {
  '~standard': { version: 1 as const, vendor: 'test', validate: (value: unknown) => ({ value }) },
} as const;

export type Handler = (params: Record<string, unknown>) => unknown;

export interface LinkedServer {
  client: BridgeClient;
  /** Every request the server received, in order, as `method` and params. */
  received: { method: string; params: Record<string, unknown> }[];
  /** Resolves once a request of `method` arrived (at once if one did). */
  requested(method: string): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Links a client to a server that answers each method of `handlers` with what its handler returns or throws. */
export async function linkTaskServer(handlers: Record<string, Handler>): Promise<LinkedServer> {
  const server = new Server(
    { name: 'linked-task-server', version: '1.0.0' },
    { capabilities: { tools: {} }, supportedProtocolVersions: ['2025-11-25'] },
  );
  const received: LinkedServer['received'] = [];
  const waiters: { method: string; resolve: (params: Record<string, unknown>) => void }[] = [];
  for (const [method, handler] of Object.entries(handlers)) {
    server.setRequestHandler(method, { params: anyParams }, async (params: unknown) => {
      const given = (params ?? {}) as Record<string, unknown>;
      received.push({ method, params: given });
      for (const waiter of waiters.filter((w) => w.method === method)) waiter.resolve(given);
      return (await handler(given)) as never;
    });
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new BridgeClient({ name: 'test', version: '1.0.0' }, { capabilities: {} });
  await client.connect(clientSide);
  return {
    client,
    received,
    requested: (method) => {
      const seen = received.find((r) => r.method === method);
      if (seen) return Promise.resolve(seen.params);
      return new Promise((resolve) => waiters.push({ method, resolve }));
    },
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
