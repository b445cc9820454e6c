// The CLI's server for a --url console. It listens before the MCP connection exists, because an MCP server behind
// OAuth sends the user's browser back to the console (`/oauth/callback`) before there are tools to show. Until the
// console is ready it says what it waits for, with the link to authorize; then it hands every request to it.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { HttpError } from '../core/http/http-error.js';
import { escapeHtml } from '../core/page/page.js';
import { RequestGuard, type AllowedHosts } from '../core/http/request-guard.js';
import { handleClientError, handleConnect } from '../node/client-errors.js';
import type { ConsoleHandler } from '../node/handler.js';
import { SERVER_DEFAULTS } from '../node/server.js';

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
      page(
        res,
        400,
        'Authorization refused',
        'No authorization is waiting for this answer: it was used already, or is stale.',
        '',
      );
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

/** The authorization server chose the URL: only an http(s) one becomes a link (never `javascript:` or the like). */
function authorizeLink(url: URL, text: string): string {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return escapeHtml(`Open ${url.href} to authorize.`);
  return `<a href="${escapeHtml(url.href)}">${escapeHtml(text)}</a>`;
}

// The console's look, in brief: its system font and a readable measure, light or dark as the browser is.
const PAGE_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:12vh auto;padding:0 1rem}' +
  'h1{font-size:1.4rem;font-weight:600}a{font-weight:600}';

/** A small page of escaped text: the message may quote the authorization server. */
function page(res: ServerResponse, status: number, title: string, message: string, extraHtml: string, head = ''): void {
  const body =
    `<!doctype html><meta charset="utf-8"><meta name="color-scheme" content="light dark">${head}` +
    `<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style>` +
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p>${extraHtml}</p>\n`;
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    // Its one style is inline; nothing else may load or run.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    // The callback's address carries the authorization code: no link on these pages may pass it on.
    'Referrer-Policy': 'no-referrer',
    ...(status === 503 ? { 'Retry-After': '2' } : {}),
  });
  res.end(body);
}
