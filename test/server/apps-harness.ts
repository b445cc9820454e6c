// The MCP Apps server tests run against both adapters, as the call tests do: the node listener (createServer) and the
// Fetch handler (createFetchHandler, served by @hono/node-server). Requests are raw, so headers go as written.
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { createFetchHandler } from '../../server/fetch.js';
import { createServer, type ToolConsoleOptions } from '../../server/index.js';
import { close, listen } from '../support/listen.js';
import { rawRequest, recordingLogger, weatherTool, type RecordingLogger, type RunningConsole } from './helpers.js';

export type Adapter = 'node' | 'fetch';
export const ADAPTERS: readonly Adapter[] = ['node', 'fetch'];

export interface AdapterConsole extends Omit<RunningConsole, 'server'> {
  logger: RecordingLogger;
}

/** The console with `options` (loose: a test passes handlers written for either adapter) on a free loopback port. */
export async function startAdapter(adapter: Adapter, options: Record<string, unknown> = {}): Promise<AdapterConsole> {
  const logger = recordingLogger();
  const all = {
    tools: [weatherTool],
    handleCall: async () => [[{ type: 'text', text: 'ok' }], false],
    logger,
    ...options,
  };
  const server: Server =
    adapter === 'node'
      ? createServer(all as unknown as ToolConsoleOptions)
      : (createAdaptorServer({ fetch: createFetchHandler(all as unknown as ToolConsoleOptions<Request>) }) as Server);
  const port = await listen(server);
  return {
    port,
    logger,
    request: (method, path, requestOptions) => rawRequest(port, method, path, requestOptions),
    close: () => close(server),
  };
}
