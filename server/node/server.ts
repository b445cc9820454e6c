// createServer: the handler on its own http.Server, with limits so a slow or silent client cannot hold a socket.
import { createServer as createHttpServer, type Server, type ServerOptions } from 'node:http';
import { handleClientError, handleConnect } from './client-errors.js';
import { createHandler, type ConsoleHandler } from './handler.js';
import type { ToolConsoleOptions } from '../types.js';

export const SERVER_DEFAULTS: ServerOptions = {
  headersTimeout: 10_000, // the request line and headers must arrive within 10 s...
  requestTimeout: 30_000, // ...and the whole request (body included) within 30 s; tool calls may run longer.
  connectionsCheckingInterval: 2_000, // how often those limits are checked (node's default is every 30 s)
  keepAliveTimeout: 5_000,
};

/** An http.Server serving the console, not yet listening. `serverOptions` overrides node:http's settings. */
export function createServer(options: ToolConsoleOptions, serverOptions: ServerOptions = {}): Server {
  return serverFor(createHandler(options), serverOptions);
}

/** An http.Server for a console handler made already (the CLI serves one handler on two ports). */
export function serverFor(handler: ConsoleHandler, serverOptions: ServerOptions = {}): Server {
  const server = createHttpServer({ ...SERVER_DEFAULTS, ...serverOptions }, handler);
  // close() waits for every open response to end, and a page watching the tool list never ends its own: closing
  // the server ends those streams first.
  const closeServer = server.close.bind(server);
  server.close = (callback) => {
    handler.close();
    return closeServer(callback);
  };
  // What node refuses before the handler runs is answered in JSON too, and CONNECT is refused instead of ignored.
  server.on('clientError', handleClientError);
  server.on('connect', handleConnect);
  return server;
}
