// The CLI's second listener: the origin tool UIs (MCP Apps) run on, so that an app never shares the console's origin.
// It listens before the console exists (the console must know its origin, and a free port is known only once bound),
// answers 503 until then, and then hands every request to the console's own handler, which serves the sandbox page
// to requests for the sandbox's host and nothing else.
import { createServer as createHttpServer, type Server } from 'node:http';
import { answerClientError, refuseConnect } from '../node/client-errors.js';
import type { ConsoleHandler } from '../node/handler.js';
import { SERVER_DEFAULTS } from '../node/server.js';

const NOT_READY = JSON.stringify({ error: 'tool-console is starting; try again in a moment.' });

export class SandboxListener {
  readonly server: Server;
  #console: ConsoleHandler | undefined;

  constructor() {
    this.server = createHttpServer(SERVER_DEFAULTS, (req, res) => {
      if (this.#console) return this.#console(req, res);
      res.writeHead(503, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(NOT_READY),
        'Retry-After': '1',
      });
      res.end(NOT_READY);
    });
    this.server.on('clientError', answerClientError);
    this.server.on('connect', refuseConnect);
  }

  /** The console is ready: from now on it answers every request. */
  open(console: ConsoleHandler): void {
    this.#console = console;
  }
}

/** The sandbox's origin when browsers reach the listener directly: the host it listens on (loopback for "any"). */
export function listenerOrigin(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return new URL(`http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`).origin;
}
