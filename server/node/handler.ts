// createHandler: the console as a node:http listener, or Connect/Express middleware when given `next`. A thin adapter:
// it wraps the request for the core and writes the core's reply.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createConsoleCore } from '../core/console-core.js';
import type { Reply } from '../core/http/reply.js';
import type { ToolConsoleOptions } from '../types.js';
import { NodeRequest } from './node-request.js';
import { nodePlatform } from './node-platform.js';
import { send } from './send.js';

/** A node:http listener; given `next`, Connect/Express middleware. */
export interface ConsoleHandler {
  (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void;
  /** Ends the event streams the console holds open (pages watching the tool list), so the server can close. */
  close(): void;
}

export function createHandler(options: ToolConsoleOptions): ConsoleHandler {
  const core = createConsoleCore(options, nodePlatform()!);
  const { writeTimeoutMs, logger } = core.settings;
  const toolConsole = function toolConsole(req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) {
    const deliver = (reply: Reply) => send(res, reply, writeTimeoutMs);
    // Writing the answer failed (a bug of ours or of a host's response object): say so, and end the connection
    // rather than leave the client waiting for an answer that will not come.
    const undeliverable = (error: unknown) => {
      logger.error('tool-console:', error);
      res.destroy();
    };
    core.handle(new NodeRequest(req, res), deliver, undeliverable, next && (() => next()));
  };
  return Object.assign(toolConsole, { close: () => core.close() });
}
