import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ToolConsoleOptions } from './types.js';

/** A node:http listener; given `next`, Connect/Express middleware. */
export type ConsoleHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

export function createHandler(options: ToolConsoleOptions): ConsoleHandler {
  void options;
  return (_req, res) => {
    res.writeHead(501, { 'Content-Type': 'application/json' });
    res.end('{"error":"Not implemented yet"}');
  };
}
