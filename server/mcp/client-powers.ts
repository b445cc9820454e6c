// What the console, as an MCP client, can do for a server: answer its questions (elicitation, form and URL), reply as
// its model (sampling: the user writes the reply), also when asked as tasks, tell it the roots it may work in, and
// take its log messages. Declared in `initialize` (or, from 2026-07-28, in every request's `_meta`) and wired to the
// client before it connects, so a server that asks at once is answered.
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  ClientCapabilities,
  CreateMessageRequest,
  CreateMessageResult,
  ElicitRequest,
  ElicitResult,
  LoggingMessageNotification,
  Result,
} from '@modelcontextprotocol/client';
import type { LogLevel } from '../types.js';
import { APP_MIME_TYPE } from '../../protocol/index.js';
import type { BridgeClient } from './bridge-client.js';
import { answerAsTask, type ClientTaskStore } from './client-tasks.js';
import { TASKS_EXTENSION } from './task-handle.js';

/** What the console does when a server asks, or tells, it something. */
export interface ClientPowers {
  /** Directories the server may work in, sent as `file://` roots. */
  roots: readonly string[];
  /** The least severe log message the server is asked for (`logging/setLevel`). */
  logLevel: LogLevel;
  onLog(message: LoggingMessageNotification['params']): void;
  /** A question for the user; resolves with the answer (`cancel` when nobody can answer). */
  onElicit(params: ElicitRequest['params'], signal: AbortSignal): Promise<ElicitResult>;
  /** A request for the model's reply; resolves with the reply, or rejects when the user gives none. */
  onSample(params: CreateMessageRequest['params'], signal: AbortSignal): Promise<CreateMessageResult>;
  /** The web page of URL question `elicitationId` is done. */
  onElicitationComplete(elicitationId: string): void;
  /** The server's tool list changed (after the cached list was dropped). */
  onToolsChanged(): void;
  /** The server's resource list (or its templates) changed. */
  onResourcesChanged(): void;
  /** The server's prompt list changed. */
  onPromptsChanged(): void;
  /** A resource the console subscribed to changed. */
  onResourceUpdated(uri: string): void;
}

/** MCP Apps' extension identifier. */
export const UI_EXTENSION = 'io.modelcontextprotocol/ui';

const CAPABILITIES: ClientCapabilities = {
  // applyDefaults: the SDK fills in the defaults of fields the user left out (SEP-1034), as the page shows them.
  elicitation: { form: { applyDefaults: true }, url: {} },
  sampling: {},
  roots: {},
  // Questions may come as tasks (client-tasks.ts); the server may list and cancel them.
  tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} }, sampling: { createMessage: {} } } },
  extensions: {
    // A 2026-07-28 server may answer a call with a task of the Tasks extension (follow-task.ts).
    [TASKS_EXTENSION]: {},
    // MCP Apps: the page renders tool UIs, so servers may offer the tools that have one (and their resources).
    [UI_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] },
  },
};

/**
 * What the console declares: roots only when it has some to offer, since a server that sees the capability may take
 * the roots over its own arguments, and an empty list may mean "nowhere" to one server and "anywhere" to another.
 */
export function clientCapabilities(powers: Pick<ClientPowers, 'roots'>): ClientCapabilities {
  if (powers.roots.length) return CAPABILITIES;
  const { roots: _roots, ...rest } = CAPABILITIES;
  return rest;
}

/**
 * Installs the handlers on a client that has not connected yet; questions asked as tasks are kept in `tasks`. A
 * 2026-07-28 server asks the same questions inside its `input_required` results: the SDK puts them to these same
 * handlers and sends the answers back in `inputResponses`, so the page sees a question like any other.
 */
export function grantPowers(client: BridgeClient, powers: ClientPowers, tasks: ClientTaskStore): void {
  // Without roots the capability is not declared (clientCapabilities), and the SDK takes no handler for it.
  if (powers.roots.length) {
    client.setRequestHandler('roots/list', () => ({
      roots: powers.roots.map((dir) => ({ uri: pathToFileURL(resolve(dir)).href, name: basename(resolve(dir)) })),
    }));
  }
  // Asked as a task (its params carry `task`), a question is answered with the task at once (client-tasks.ts).
  const asTask = (params: { task?: { ttl?: number | null } }, answer: (signal: AbortSignal) => Promise<Result>) =>
    answerAsTask(params.task?.ttl ?? undefined, tasks, answer) as unknown as ElicitResult & CreateMessageResult;
  client.setRequestHandler('elicitation/create', (request, ctx) => {
    const params = request.params as ElicitRequest['params'] & { task?: { ttl?: number | null } };
    return params.task
      ? asTask(params, (signal) => powers.onElicit(params, signal))
      : powers.onElicit(params, ctx.mcpReq.signal);
  });
  client.setRequestHandler('sampling/createMessage', (request, ctx) => {
    const params = request.params as CreateMessageRequest['params'] & { task?: { ttl?: number | null } };
    return params.task
      ? asTask(params, (signal) => powers.onSample(params, signal))
      : powers.onSample(params, ctx.mcpReq.signal);
  });
  answerTaskRequests(client, tasks);
  client.setNotificationHandler('notifications/elicitation/complete', (notification) =>
    powers.onElicitationComplete(notification.params.elicitationId),
  );
  client.setNotificationHandler('notifications/message', (notification) => powers.onLog(notification.params));
}

/** What a server may ask about the tasks it asked the console to run (MCP 2025-11-25). */
function answerTaskRequests(client: BridgeClient, tasks: ClientTaskStore): void {
  const taskIdOf = (request: unknown) => String((request as { params?: { taskId?: unknown } }).params?.taskId);
  // The SDK types only the methods it implements; these four are spec methods it leaves to whoever keeps the tasks.
  const handle = client.setRequestHandler.bind(client) as (
    method: string,
    handler: (request: unknown) => Result | Promise<Result>,
  ) => void;
  handle('tasks/get', (request) => tasks.get(taskIdOf(request)));
  handle('tasks/result', (request) => tasks.result(taskIdOf(request)));
  handle('tasks/list', () => tasks.list());
  handle('tasks/cancel', (request) => tasks.cancel(taskIdOf(request)));
}

/** After connecting: servers that log send nothing below their default level unless asked (2025 revisions only). */
export function askForLogs(client: BridgeClient, powers: ClientPowers): void {
  if (client.getProtocolEra() === 'modern') return;
  if (client.getServerCapabilities()?.logging) client.setLoggingLevel(powers.logLevel).catch(() => {});
}
