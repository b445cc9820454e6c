// The CLI's server for a --url console. It listens before the MCP connection exists, because an MCP server behind
// OAuth sends the user's browser back to the console (`/oauth/callback`) before there are tools to show. Until the
// console is ready it says what it waits for, with the link to authorize; then it hands every request to it.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { HttpError } from '../core/http/http-error.js';
import { RequestGuard, type AllowedHosts } from '../core/http/request-guard.js';
import { handleClientError, handleConnect } from '../node/client-errors.js';
import type { ConsoleHandler } from '../node/handler.js';
import { SERVER_DEFAULTS } from '../node/server.js';
import { authorizeLink, NOTHING_WAITING, oauthPage } from './oauth-page.js';

type Finish = (query: URLSearchParams) => Promise<void>;

export class FrontDoor {
  readonly server: Server;
  readonly #base: string;
  readonly #serverName: string;
  readonly #guard: RequestGuard;
  #console: ConsoleHandler | undefined;
  #pending: { url: URL; finish: Finish } | undefined;

  /** `prefix` as given to --prefix; `serverName` names the MCP server on the waiting page. */
  constructor(prefix: string | undefined, serverName: string, allowedHosts: AllowedHosts) {
    this.#base = (prefix ?? '').replace(/\/+$/, '');
    this.#serverName = serverName;
    this.#guard = new RequestGuard(allowedHosts, undefined);
    this.server = createHttpServer(SERVER_DEFAULTS, (req, res) => this.#route(req, res));
    this.server.on('clientError', handleClientError);
    this.server.on('connect', handleConnect);
    const closeServer = this.server.close.bind(this.server);
    this.server.close = (callback) => {
      this.#console?.close();
      return closeServer(callback);
    };
  }

  /** Where the authorization server is to send the browser back, given the console's own URL (ending in `/`). */
  static callbackUrl(consoleUrl: string): string {
    return `${consoleUrl}oauth/callback`;
  }

  /** The console is ready: from now on it answers everything but the callback. */
  open(console: ConsoleHandler): void {
    this.#console = console;
  }

  /** An authorization is waiting for the user; the callback completes it with `finish`. */
  awaitAuthorization(url: URL, finish: Finish): void {
    this.#pending = { url, finish };
  }

  #route(req: IncomingMessage, res: ServerResponse): void {
    const isCallback = (req.url ?? '/').split('?')[0] === `${this.#base}/oauth/callback`;
    // The console listens before it is connected (cli/deferred-bridge.ts): while an authorization waits for the user,
    // its page is the waiting page with the link, since nothing else there can work until the user follows it.
    const path = (req.url ?? '/').split('?')[0];
    const isPage = path === `${this.#base}/` || path === this.#base;
    if (!isCallback && this.#console && !(this.#pending && isPage)) return this.#console(req, res); // checks the host
    if (!this.#hostAllowed(req, res)) return;
    if (isCallback && (req.method === 'GET' || req.method === 'HEAD')) {
      void this.#callback(req, res);
    } else if (this.#pending) {
      const link = authorizeLink(this.#pending.url, 'Authorize');
      page(
        res,
        503,
        'Authorization pending',
        `tool-console waits for you to authorize with ${this.#serverName}.`,
        link,
      );
    } else {
      // Reloads itself: a browser sent here from the callback lands in the console once it is ready.
      const reload = '<meta http-equiv="refresh" content="1">';
      page(res, 503, 'Connecting', `tool-console is connecting to ${this.#serverName}.`, 'One moment…', reload);
    }
  }

  // The waiting page shows the authorization URL with its state: a page that reached the console under a name of
  // its own (DNS rebinding) must not read it, as the console itself refuses such requests.
  #hostAllowed(req: IncomingMessage, res: ServerResponse): boolean {
    try {
      this.#guard.checkHost(req.headers.host);
      return true;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      page(res, error.status, 'Refused', error.message, '');
      return false;
    }
  }

  async #callback(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const query = new URL(req.url ?? '/', 'http://callback').searchParams;
    if (!this.#pending) {
      page(res, 400, 'Authorization refused', NOTHING_WAITING, '');
      return;
    }
    const pending = this.#pending;
    try {
      await pending.finish(query);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      page(res, 400, 'Authorization refused', message, authorizeLink(this.#pending.url, 'Try again'));
      return;
    }
    // Authorized: until the console is ready, its address says it is connecting, not that it waits for the user.
    if (this.#pending === pending) this.#pending = undefined;
    // On to the console, which leaves the code and state out of the address bar and the browser's history.
    res.writeHead(303, { Location: `${this.#base}/`, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
    res.end();
  }
}

/** Writes one of the small pages (oauth-page.ts). */
function page(res: ServerResponse, status: number, title: string, message: string, extraHtml: string, head = ''): void {
  const reply = oauthPage(status, title, message, extraHtml, head);
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body);
}
