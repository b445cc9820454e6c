import { createServer as createHttpServer, type Server, type ServerOptions } from 'node:http';
import { createHandler } from './handler.js';
import type { ToolConsoleOptions } from './types.js';

/** An http.Server serving the console, not yet listening. */
export function createServer(options: ToolConsoleOptions, serverOptions: ServerOptions = {}): Server {
  return createHttpServer({ requestTimeout: 30_000, headersTimeout: 10_000, ...serverOptions }, createHandler(options));
}
