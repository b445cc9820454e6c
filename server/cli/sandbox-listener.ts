// The CLI's second listener: the origin tool UIs (MCP Apps) run on, so that an app never shares the console's origin.
// It listens before the console exists (the console must know its origin, and a free port is known only once bound),
// answers 503 until then, and then hands every request to the console's own handler, which serves the sandbox page
// to requests for the sandbox's host and nothing else.
import { createServer as createHttpServer, type Server } from 'node:http';
import { handleClientError, handleConnect } from '../node/client-errors.js';
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
    this.server.on('clientError', handleClientError);
    this.server.on('connect', handleConnect);
  }

  /** The console is ready: from now on it answers every request. */
  open(console: ConsoleHandler): void {
    this.#console = console;
  }
}

// Hosts that mean "every interface": browsers on this machine reach them over loopback.
const ANY_HOST = new Set(['0.0.0.0', '::', '']);
// Loopback addresses a console may be opened on, and the loopback name that is another site than each.
const OTHER_LOOPBACK_SITE = new Set(['127.0.0.1', '::1', '[::1]']);

/**
 * The sandbox's origin when browsers reach the listener directly (`bound`: the address it is bound to). On loopback,
 * another site than the console's: two ports of one host are one site, and browsers run a site's pages in one
 * process, so a busy app froze the console's tab (7.6 s). So `localhost` for a console on 127.0.0.1, ::1 or every
 * interface, and the bound address for a console on `localhost` (which the Host guard answers either way). Any other
 * host is its own, the only name the CLI knows for it (--sandbox-origin gives another).
 */
export function listenerOrigin(host: string, port: number, bound: string): string {
  let reachable = host;
  if (ANY_HOST.has(host) || OTHER_LOOPBACK_SITE.has(host)) reachable = 'localhost';
  else if (host.toLowerCase() === 'localhost') reachable = bound;
  return new URL(`http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`).origin;
}
