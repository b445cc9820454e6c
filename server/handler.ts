// createHandler: everything that never changes is prepared here once (options, page, asset list, tool index);
// the returned listener only routes and sends.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { AssetFolder } from './assets.js';
import { isPromiseLike, ToolCatalog } from './catalog.js';
import { CorsPolicy } from './cors.js';
import { HttpError } from './http-error.js';
import { normaliseOptions } from './options.js';
import { ConsolePage } from './page.js';
import { errorReply, type Reply } from './reply.js';
import { send } from './send.js';
import { RequestGuard } from './request-guard.js';
import { allowedMethods, isWriteRoute, matchRoute, pathBelow, type Route } from './router.js';
import { ApiRoutes } from './routes.js';
import type { ToolConsoleOptions } from './types.js';
import { ArgumentValidator } from './validation.js';

/** A node:http listener; given `next`, Connect/Express middleware. */
export type ConsoleHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

export function createHandler(options: ToolConsoleOptions): ConsoleHandler {
  const settings = normaliseOptions(options);
  const { prefix, logger } = settings;
  const page = new ConsolePage(settings.pageDir, settings.title, settings.allowExecute, logger);
  const assets = new AssetFolder(join(settings.pageDir, 'assets'));
  const cors = new CorsPolicy(settings.corsOrigins);
  const guard = new RequestGuard(settings.allowedHosts, settings.corsOrigins);
  const catalog = new ToolCatalog(settings.tools, logger, settings.toolsTimeoutMs);
  const api = new ApiRoutes(settings, catalog, new ArgumentValidator(logger));

  function dispatch(route: Route, req: IncomingMessage, res: ServerResponse): Reply | Promise<Reply> {
    guard.checkHost(req);
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const allow = allowedMethods(route);
    if (method === 'OPTIONS') return cors.preflight(req, allow);
    const writes = isWriteRoute(route);
    if (method !== (writes ? 'POST' : 'GET')) {
      throw new HttpError(405, `Method ${req.method} is not allowed here.`, { Allow: allow });
    }
    // Before anything runs or is read: a foreign page's request never reaches a tool, not even its lookup.
    if (writes) guard.checkWrite(req);
    switch (route.kind) {
      case 'page':
        return page.reply(route.baseHref);
      case 'asset': {
        const asset = assets.reply(route.path);
        if (asset === undefined) throw new HttpError(404, 'Not found.');
        return asset;
      }
      case 'tools':
        return api.listTools();
      case 'tool':
        return api.toolDetail(route.name);
      case 'call':
        return api.callTool(route.name, req, res);
      case 'validate':
        return api.validateArguments(route.name, req);
    }
  }

  return function toolConsole(req, res, next) {
    const respond = (reply: Reply) => send(res, reply, settings.writeTimeoutMs, cors.headersFor(req));
    const fail = (error: unknown) => respond(errorReply(error, logger));
    try {
      const path = pathBelow(prefix, req.url ?? '/');
      const route = path === undefined ? undefined : matchRoute(req, prefix, path);
      if (route === undefined) {
        // As middleware, leave the host's own paths alone: everything outside the mount point, and everything
        // unknown when mounted at the root. Below a real prefix the path space is ours.
        if (next && (path === undefined || prefix === '')) return next();
        throw new HttpError(404, 'Not found.');
      }
      const reply = dispatch(route, req, res);
      // The final catch only matters if writing itself fails; it keeps that from becoming an unhandled rejection.
      if (isPromiseLike(reply)) reply.then(respond, fail).catch((error) => logger.error('tool-console:', error));
      else respond(reply);
    } catch (error) {
      fail(error);
    }
  };
}
