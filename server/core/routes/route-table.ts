// Every route of the console in one table: method, path, handler. Paths are below the mount point; `{name}` is a tool
// name (percent-decoded, `%FF.` and `%FF..` standing for `.` and `..`), `{id}` one decoded segment, `{file*}` the
// decoded rest of the path, and a trailing `/?` makes the final slash optional. A path answers one method (GET also
// answers HEAD; OPTIONS is the CORS preflight); a POST route acts on a request body, so it is guarded against
// foreign pages before it runs (request-guard.ts). Rows are tried in order and no two paths overlap, so the order is
// free: the call, the one route on the hot path, comes first (bench/server/instructions.ts: 1,300 instructions a
// call fewer than when it was tried fifth).
import type { MaybeAsync } from '../maybe-async.js';
import type { ConsoleRequest } from '../http/console-request.js';
import type { Answer } from '../http/negotiate-reply.js';
import type { RouteMatch } from './path-match.js';

export const ROUTES = [
  { method: 'POST', path: '/tools/{name}/call', handler: 'handleCall' },
  { method: 'GET', path: '/?', handler: 'handlePage' },
  { method: 'GET', path: '/assets/{file*}', handler: 'handleAsset' },
  { method: 'GET', path: '/console', handler: 'handleConsoleInfo' },
  { method: 'GET', path: '/tools', handler: 'handleTools' },
  { method: 'GET', path: '/tools/{name}/?', handler: 'handleToolDetail' },
  { method: 'POST', path: '/tools/{name}/validate', handler: 'handleValidate' },
  { method: 'POST', path: '/tools/{name}/requests/{id}', handler: 'handleAnswer' },
  { method: 'POST', path: '/resources/read', handler: 'handleReadResource' },
  { method: 'POST', path: '/resources/requests/{id}', handler: 'handleResourceAnswer' },
  { method: 'GET', path: '/resources', handler: 'handleResources' },
  { method: 'GET', path: '/resource-templates', handler: 'handleResourceTemplates' },
  { method: 'POST', path: '/resources/subscribe', handler: 'handleSubscribe' },
  { method: 'POST', path: '/resources/unsubscribe', handler: 'handleUnsubscribe' },
  { method: 'GET', path: '/prompts', handler: 'handlePrompts' },
  { method: 'GET', path: '/prompts/{name}/?', handler: 'handlePromptDetail' },
  { method: 'POST', path: '/prompts/{name}/get', handler: 'handleGetPrompt' },
  { method: 'POST', path: '/prompts/{name}/requests/{id}', handler: 'handlePromptAnswer' },
  { method: 'POST', path: '/completion', handler: 'handleCompletion' },
  // Seeing the server (the `inspect` option; without it these rows are left out: console-core.ts).
  { method: 'GET', path: '/server', handler: 'handleServerState', originGuarded: true },
  { method: 'GET', path: '/server/log', handler: 'handleServerLog', originGuarded: true },
  { method: 'GET', path: '/server/notifications', handler: 'handleServerNotifications', originGuarded: true },
  { method: 'POST', path: '/server/log-level', handler: 'handleServerLogLevel' },
  { method: 'POST', path: '/server/ping', handler: 'handleServerPing' },
  { method: 'POST', path: '/server/reconnect', handler: 'handleServerReconnect' },
  { method: 'POST', path: '/server/restart', handler: 'handleServerRestart' },
] as const satisfies readonly RouteRow[];

export type RouteHandler = (request: ConsoleRequest, match: RouteMatch) => MaybeAsync<Answer>;

/** What answers the routes: one `handleX` per row (console-routes.ts). */
export type RouteHandlers = Record<(typeof ROUTES)[number]['handler'], RouteHandler>;

export interface RouteRow {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly handler: `handle${string}`;
  /** A GET that reads what only the console's own pages may: foreign origins are refused, as for a POST. */
  readonly originGuarded?: true;
}

/** The rows of the `/server` routes, which exist only with the `inspect` option. */
export function isInspectRow(row: RouteRow): boolean {
  return row.path === '/server' || row.path.startsWith('/server/');
}
