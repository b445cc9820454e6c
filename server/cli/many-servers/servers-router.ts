// The one node handler in front of every console of `--config`, below the CLI's --prefix:
//   GET /                 the server switcher page (shell-page.ts)
//   GET /assets/<file>    the page's built assets
//   GET /servers          the listing (server-listing.ts), JSON with an ETag
//   GET /servers/<name>/oauth/callback   completes that server's OAuth authorization (oauth-callback.ts)
//   /servers/<name>/...   that server's whole console, made on its first request (server-entry.ts)
// Every route checks the Host header as the console does (DNS rebinding). On the sandbox listener's host (where tool
// UIs run) only the servers' own sandbox routes answer, which each server's console keeps to: an app's script must
// never read the listing or frame the shell.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CachedReply } from '../../core/http/cached-reply.js';
import { nodeHeader } from '../../core/http/console-request.js';
import { HttpError } from '../../core/http/http-error.js';
import { negotiateReply, type Answer } from '../../core/http/negotiate-reply.js';
import { errorReply } from '../../core/http/reply.js';
import { RequestGuard, type AllowedHosts } from '../../core/http/request-guard.js';
import { normalisePrefix } from '../../core/options.js';
import { AssetFolder } from '../../core/page/assets.js';
import { utf8Bytes } from '../../core/platform/bytes.js';
import { decodeSegment, pathBelow } from '../../core/routes/path-match.js';
import { parseSandboxOrigin, sandboxHostCheck } from '../../core/sandbox/sandbox-origin.js';
import type { ConsoleHandler } from '../../node/handler.js';
import { nodePlatform } from '../../node/node-platform.js';
import { send } from '../../node/send.js';
import type { Logger } from '../../types.js';
import { oauthCallback } from './oauth-callback.js';
import { serverListing } from './server-listing.js';
import { serverNameOf } from './server-segment.js';
import type { ServerSet } from './server-set.js';
import { ShellPage } from './shell-page.js';

export interface ServersRouterOptions {
  servers: ServerSet;
  /** The CLI's --prefix (undefined: none). */
  prefix: string | undefined;
  allowedHosts: AllowedHosts;
  /** The sandbox listener's origin, whose requests get only the servers' sandbox routes. */
  sandboxOrigin: string;
  /** The switcher page's title. */
  title: string;
  /** The built page's folder (default: the package's own). */
  pageDir?: string;
  logger: Logger;
}

/** Time a client that stops reading may hold an answer (the console's default writeTimeoutMs). */
const WRITE_TIMEOUT_MS = 10_000;
const READ_ONLY = { Allow: 'GET, HEAD' };
const NOT_FOUND = 'Not found.';
const SERVERS = '/servers/';
const OAUTH_CALLBACK = '/oauth/callback';
const LISTING_HEADERS = { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' };

/** A request that a server's console took over: the router writes nothing for it. */
const HANDED_ON = Symbol('handed on');

/** The listing's last answer, kept while its text stays the same, so its ETag is computed once per change. */
class ListingReplies {
  #last: { text: string; reply: CachedReply } | undefined;

  of(text: string): CachedReply {
    if (this.#last?.text !== text) {
      this.#last = { text, reply: new CachedReply(200, LISTING_HEADERS, utf8Bytes(text), { etag: true }) };
    }
    return this.#last.reply;
  }
}

function readOnly(req: IncomingMessage): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    throw new HttpError(405, `Method ${req.method} is not allowed here.`, READ_ONLY);
  }
}

export function createServersRouter(options: ServersRouterOptions): ConsoleHandler {
  const { servers, logger } = options;
  const prefix = normalisePrefix(options.prefix);
  const sandbox = parseSandboxOrigin(options.sandboxOrigin);
  if (sandbox === undefined) throw new TypeError(`tool-console: not a sandbox origin: ${options.sandboxOrigin}`);
  const onSandboxHost = sandboxHostCheck(sandbox);
  const guard = new RequestGuard(options.allowedHosts, undefined, sandbox.origin);
  const platform = nodePlatform()!;
  const files = platform.pageFolder(options.pageDir);
  const shell = new ShellPage(files, options.title);
  const assets = new AssetFolder(files, platform);
  const listings = new ListingReplies();

  /**
   * A server's console answers everything below its name but its OAuth callback (never on the sandbox's host, whose
   * pages run tool UIs' scripts); the name is canonicalised to its console's prefix.
   */
  function toServer(
    req: IncomingMessage,
    res: ServerResponse,
    url: string,
    below: string,
    sandboxed: boolean,
  ): Promise<Answer> | typeof HANDED_ON {
    const slash = below.indexOf('/');
    const segment = slash === -1 ? below : below.slice(0, slash);
    const name = serverNameOf(segment);
    const entry = servers.get(name);
    // The sandbox's origin runs tool UIs' scripts: it is not told where the config file is.
    if (entry === undefined) {
      throw new HttpError(404, sandboxed ? NOT_FOUND : `No server named ${JSON.stringify(name)} in ${servers.file}`);
    }
    if (!sandboxed && slash !== -1 && below.slice(slash) === OAUTH_CALLBACK) {
      // It spends the authorization's one-time code: only the browser's GET, which the authorization server sent.
      if (req.method !== 'GET') throw new HttpError(405, `Method ${req.method} is not allowed here.`, { Allow: 'GET' });
      return oauthCallback(entry, url, prefix);
    }
    if (segment !== entry.segment) {
      // Another spelling of the same name (`%41` for `A`): its console matches its prefix as the listing spells it.
      const query = url.indexOf('?');
      const rest = slash === -1 ? '' : below.slice(slash);
      req.url = `${prefix}${SERVERS}${entry.segment}${rest}${query === -1 ? '' : url.slice(query)}`;
    }
    entry.handle(req, res);
    return HANDED_ON;
  }

  function route(req: IncomingMessage, res: ServerResponse): Answer | Promise<Answer> | typeof HANDED_ON {
    const host = req.headers.host;
    const sandboxed = onSandboxHost(host);
    if (!sandboxed) guard.checkHost(host);
    // Stryker disable next-line StringLiteral: node's server gives every request it hands over a url, so '/' is never used
    const url = req.url ?? '/';
    const path = pathBelow(prefix, url);
    if (path === undefined) throw new HttpError(404, NOT_FOUND);
    if (path.startsWith(SERVERS)) return toServer(req, res, url, path.slice(SERVERS.length), sandboxed);
    if (sandboxed) throw new HttpError(404, NOT_FOUND);
    if (path === '/servers') {
      readOnly(req);
      return serverListing(servers).then((listing) => listings.of(JSON.stringify(listing)));
    }
    if (path === '/') {
      readOnly(req);
      return shell.reply();
    }
    if (path === '') {
      // The page asked for without its slash: its relative URLs (`servers`, `assets/...`) need it.
      readOnly(req);
      const last = prefix.slice(prefix.lastIndexOf('/') + 1);
      throw new HttpError(308, 'The page is at the address with a trailing slash.', { Location: `${last}/` });
    }
    if (path.startsWith('/assets/')) {
      readOnly(req);
      const reply = assets.reply(decodeSegment(path.slice('/assets/'.length)));
      if (reply === undefined) throw new HttpError(404, NOT_FOUND);
      return reply;
    }
    throw new HttpError(404, NOT_FOUND);
  }

  const router = (req: IncomingMessage, res: ServerResponse) => {
    let answer: ReturnType<typeof route>;
    try {
      answer = route(req, res);
    } catch (error) {
      answer = errorReply(error, logger);
    }
    if (answer === HANDED_ON) return;
    const conditions = { header: (name: string) => nodeHeader(req.headers, name) };
    Promise.resolve(answer)
      .catch((error: unknown) => errorReply(error, logger))
      .then((ready) => negotiateReply(ready, conditions, platform))
      .then(
        (reply) => send(res, reply, WRITE_TIMEOUT_MS),
        (error: unknown) => {
          logger.error('tool-console:', error);
          res.destroy();
        },
      );
  };
  return Object.assign(router, { close: () => servers.endStreams() });
}
