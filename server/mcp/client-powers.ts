// What the console, as an MCP client, can do for a server: answer its questions (elicitation, form and URL), reply as
// its model (sampling: the user writes the reply), also when asked as tasks, tell it the roots it may work in, and
// take its log messages. Declared in `initialize` and wired to the client before it connects, so a server that asks
// at once is answered.
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  type ClientCapabilities,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
  type LoggingMessageNotification,
} from '@modelcontextprotocol/sdk/types.js';
import type { LogLevel } from '../types.js';
import { answerAsTask, type ClientTaskStore } from './client-tasks.js';

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
}

export const CLIENT_CAPABILITIES: ClientCapabilities = {
  // applyDefaults: the SDK fills in the defaults of fields the user left out (SEP-1034), as the page shows them.
  elicitation: { form: { applyDefaults: true }, url: {} },
  sampling: {},
  roots: {},
  // Questions may come as tasks (client-tasks.ts); the server may list and cancel them.
  tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} }, sampling: { createMessage: {} } } },
};

/** Installs the handlers on a client that has not connected yet; questions asked as tasks are kept in `tasks`. */
export function grantPowers(client: Client, powers: ClientPowers, tasks: ClientTaskStore): void {
  client.setRequestHandler(ListRootsRequestSchema, () => ({
    roots: powers.roots.map((dir) => ({ uri: pathToFileURL(resolve(dir)).href, name: basename(resolve(dir)) })),
  }));
  client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
    request.params.task
      ? answerAsTask(extra, tasks, (signal) => powers.onElicit(request.params, signal))
      : powers.onElicit(request.params, extra.signal),
  );
  client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
    request.params.task
      ? answerAsTask(extra, tasks, (signal) => powers.onSample(request.params, signal))
      : powers.onSample(request.params, extra.signal),
  );
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) =>
    powers.onElicitationComplete(notification.params.elicitationId),
  );
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => powers.onLog(notification.params));
}

/** After connecting: servers that log send nothing below their default level unless asked. */
export function askForLogs(client: Client, powers: ClientPowers): void {
  if (client.getServerCapabilities()?.logging) client.setLoggingLevel(powers.logLevel).catch(() => {});
}
