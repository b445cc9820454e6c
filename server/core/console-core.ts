// The console itself, whatever serves it: everything that never changes is prepared here once (options, page, asset
// list, tool index), and `handle` turns a ConsoleRequest into a Reply. It knows nothing of node:http or of the Fetch
// API; the adapters (node/handler.ts, fetch/handler.ts) translate a request in and a reply out.
import { AssetFolder } from './page/assets.js';
import { bundledPage } from './page/bundled-page.js';
import { ToolCatalog } from './catalog/catalog.js';
import type { ConsoleRequest } from './http/console-request.js';
import { CorsPolicy } from './http/cors.js';
import { DeadlineList } from './calls/deadlines.js';
import { HttpError } from './http/http-error.js';
import { normaliseOptions, type ConsoleSettings } from './options.js';
import { negotiateReply, type Answer } from './http/negotiate-reply.js';
import { ConsolePage } from './page/page.js';
import type { ConsolePlatform } from './platform/platform.js';
import { errorReply, type Reply, type ReplyHeaders } from './http/reply.js';
import { RequestGuard } from './http/request-guard.js';
import { sandboxHostCheck } from './sandbox/sandbox-origin.js';
import { sandboxPageReply, underSandboxPolicy } from './sandbox/sandbox-page.js';
import { andThen, type MaybeAsync } from './maybe-async.js';
import { pathBelow, RouteTable, type RouteMatch } from './routes/path-match.js';
import { ConsoleRoutes } from './routes/console-routes.js';
import { isInspectRow, ROUTES } from './routes/route-table.js';
import { InspectRoutes } from './inspect/inspect-routes.js';
import { ServerLogWatchers } from './inspect/server-log-watchers.js';
import type { ToolConsoleOptions } from '../types.js';
import { ToolWatchers } from './catalog/tool-watchers.js';
import { ArgumentValidator } from './calls/validation.js';
import { addVary } from './http/vary.js';

export interface ConsoleCore {
  readonly settings: ConsoleSettings;
  /**
   * Answers `request`: hands its reply (failures become error replies) to `deliver`, the adapter's way of sending
   * one, and returns what `deliver` returns, at once or, for an answer that takes time, as a promise. Delivering in
   * the same step that makes the reply saves every async answer a promise of its own. Given `passOn` (middleware's
   * `next()`), a path that is not the console's (outside its prefix, or unknown while mounted at the root) is left to
   * it instead. What fails while delivering goes to `undeliverable` (the adapter's last answer, or its log), so the
   * promise returned never rejects: an adapter needs no handler of its own on it (one more promise per answer).
   */
  handle<T>(
    request: ConsoleRequest,
    deliver: (reply: Reply) => T,
    undeliverable: (error: unknown) => T,
    passOn?: () => T,
  ): T | Promise<T>;
  /** Ends the streams the console holds open (pages watching the tool list), so its server can close. */
  close(): void;
}

/** `reply` plus `extra` (CORS); both may name request headers the answer depends on, so their `Vary` lists are joined. */
function withHeaders(reply: Reply, extra: ReplyHeaders | undefined): Reply {
  if (extra === undefined) return reply;
  const headers = { ...reply.headers, ...extra };
  if (reply.headers.Vary !== undefined && extra.Vary !== undefined)
    headers.Vary = addVary(reply.headers.Vary, String(extra.Vary));
  return { ...reply, headers };
}

/** The console for `options`, on `platform` (the adapter's: what the core needs of the runtime, see platform.ts). */
export function createConsoleCore(options: ToolConsoleOptions<never>, platform: ConsolePlatform): ConsoleCore {
  const settings = normaliseOptions(options, platform);
  const { prefix, logger, sandboxOrigin: sandbox } = settings;
  const pageFiles = settings.pageFiles ? bundledPage(settings.pageFiles) : platform.pageFolder(settings.pageDir);
  const page = new ConsolePage(settings, pageFiles);
  const assets = new AssetFolder(pageFiles, platform);
  const cors = new CorsPolicy(settings.corsOrigins);
  const guard = new RequestGuard(settings.allowedHosts, settings.corsOrigins, sandbox?.origin);
  // Stryker disable next-line ArrowFunction: undefined and false both mean "not the sandbox" to every reader of it
  const onSandboxHost = sandbox === undefined ? () => false : sandboxHostCheck(sandbox);
  const catalog = new ToolCatalog(settings.tools, logger, settings.toolsTimeoutMs);
  // The time limits of this console's calls and resource reads, timed together (deadlines.ts).
  const callTimeLimit = settings.callTimeoutMs > 0 ? new DeadlineList(settings.callTimeoutMs) : undefined;
  const watchers = new ToolWatchers(catalog, logger, settings.maxWatchers);
  settings.notifications?.(watchers);
  const validator = new ArgumentValidator(logger);
  const logWatchers = new ServerLogWatchers(settings.maxWatchers);
  const inspect = settings.inspect && new InspectRoutes(settings, settings.inspect, logWatchers);
  const handlers = new ConsoleRoutes(settings, { page, assets, catalog, watchers, validator, callTimeLimit, inspect });
  // Without an inspector the /server routes do not exist: 404, or the host's own paths as middleware.
  const routes = new RouteTable(inspect ? ROUTES : ROUTES.filter((row) => !isInspectRow(row)), handlers);

  /**
   * The answer of a console route; `host`: the authority the request addressed. The checks every route shares, in
   * this order: the host, the method (OPTIONS is the CORS preflight), then for a route that acts on a body the guard
   * against foreign pages: a foreign page's request never reaches a tool, not even its lookup.
   */
  function dispatch(match: RouteMatch, request: ConsoleRequest, host: string | undefined): MaybeAsync<Answer> {
    const { route } = match;
    guard.checkHost(host);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (method === 'OPTIONS') return cors.preflight(request, route.allow);
    if (method !== route.method) {
      throw new HttpError(405, `Method ${request.method} is not allowed here.`, { Allow: route.allow });
    }
    if (method === 'POST') guard.checkWrite(request, host);
    else if (route.originGuarded) guard.checkOrigin(request, host);
    return route.handle(request, match);
  }

  /**
   * A request on the sandbox origin gets the proxy page and nothing else: an app's script runs on this origin, so
   * nothing here may act, list tools or show the console. As middleware, the paths the console would not answer on
   * its own host stay the host's, as they do there.
   */
  function handleSandbox(
    request: ConsoleRequest,
    path: string | undefined,
    passOnUnknown: boolean,
  ): MaybeAsync<Answer> | undefined {
    if (path === '/sandbox' && (request.method === 'GET' || request.method === 'HEAD')) {
      return sandboxPageReply(request.url);
    }
    if (
      passOnUnknown &&
      (path === undefined || (prefix === '' && path !== '/sandbox' && !isConsolePath(request, path)))
    ) {
      return undefined;
    }
    throw new HttpError(404, 'Not found.');
  }

  function isConsolePath(request: ConsoleRequest, path: string): boolean {
    try {
      return routes.match(path) !== undefined;
    } catch {
      return true; // malformed below a console path: ours, and refused
    }
  }

  /** The answer to `request`, or `undefined` for a path to pass on when `passOnUnknown`. May throw an HttpError. */
  function answerOf(
    request: ConsoleRequest,
    host: string | undefined,
    sandboxed: boolean,
    passOnUnknown: boolean,
  ): MaybeAsync<Answer> | undefined {
    const path = pathBelow(prefix, request.url);
    if (sandboxed) return handleSandbox(request, path, passOnUnknown);
    const match = path === undefined ? undefined : routes.match(path);
    if (match === undefined) {
      // As middleware, leave the host's own paths alone: everything outside the mount point, and everything
      // unknown when mounted at the root. Below a real prefix the path space is ours.
      if (passOnUnknown && (path === undefined || prefix === '')) return undefined;
      throw new HttpError(404, 'Not found.');
    }
    return dispatch(match, request, host);
  }

  function handle<T>(
    request: ConsoleRequest,
    deliver: (reply: Reply) => T,
    undeliverable: (error: unknown) => T,
    passOn?: () => T,
  ): T | Promise<T> {
    const host = request.host;
    const sandboxed = onSandboxHost(host);
    // The sandbox serves no API, so it grants no cross-origin access either.
    const corsHeaders = sandboxed ? undefined : cors.headersFor(request);
    const send = (reply: Reply): T => {
      try {
        // Every answer of the sandbox origin has a policy: an app's script may run in any page of its origin.
        return deliver(sandboxed ? underSandboxPolicy(reply) : withHeaders(reply, corsHeaders));
      } catch (error) {
        return undeliverable(error);
      }
    };
    const finish = (answer: Answer): T | Promise<T> => {
      try {
        // The form of the answer this client gets: compressed as it accepts, or 304 for a discovery answer it has.
        return andThen(negotiateReply(answer, request, platform), send, undeliverable);
      } catch (error) {
        return undeliverable(error);
      }
    };
    const fail = (error: unknown) => finish(errorReply(error, logger));
    let answer: MaybeAsync<Answer> | undefined;
    try {
      answer = answerOf(request, host, sandboxed, passOn !== undefined);
    } catch (error) {
      return fail(error);
    }
    if (answer === undefined) return passOn!();
    return andThen(answer, finish, fail);
  }

  return { settings, handle, close };

  function close(): void {
    watchers.closeAll();
    logWatchers.closeAll();
  }
}
