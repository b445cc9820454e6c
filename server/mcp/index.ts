// `tool-console/mcp`: puts the console in front of a real MCP server.
//
//   const bridge = await connectMcp({ stdio: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } });
//   createServer({ ...bridge, allowExecute: true }).listen(8000);
//   ...
//   await bridge.close();
import type { ChildProcess } from 'node:child_process';
import type {
  CallContext,
  Completer,
  ConsoleNotifier,
  PromptGetter,
  PromptsProvider,
  ResourcesProvider,
  ResourceSubscriber,
  ResourceTemplatesProvider,
  LogLevel,
  ReadResourceResult,
  ResourceReadContext,
  ServerInfo,
  ToolCallHandler,
  ToolsProvider,
} from '../types.js';
import { callThrough } from './call.js';
import { defaultClientInfo } from './client-info.js';
import { McpConnection } from './connection.js';
import { mcpInspector } from './inspector.js';
import type { ServerInspector } from '../core/inspect/server-inspector.js';
import { McpOAuthSession } from './oauth/session.js';
import { readThrough } from './read-resource.js';
import { changeSubscription, completeThrough, getPromptThrough, listPage } from './catalog-requests.js';
import { RunningCalls, type ListeningRequest, type LogMessage } from './running-calls.js';
import type { McpTarget } from './transport.js';

export { McpConnectionError } from './connection.js';
// ResourceReadError was the reads' own error before every request failed with the one McpRequestError: kept, the same class.
export { McpRequestError, McpRequestError as ResourceReadError } from './mcp-request-error.js';
export type { LogMessage } from './running-calls.js';
export { describeTarget, headerSecrets } from './transport.js';
export type { McpTarget, StdioTarget, UrlTarget } from './transport.js';
export type { McpAuthOptions } from './oauth/session.js';
export { OAuthCallbackError } from './oauth/session.js';

export interface McpBridgeOptions {
  /**
   * Time limit of one MCP call in milliseconds (default 60 000, as the SDK's; 0 disables). The console's
   * `callTimeoutMs` cancels the call through its AbortSignal anyway, so 0 leaves the console in charge.
   */
  callTimeoutMs?: number;
  /** Time limit of connecting and of each `tools/list` page (default 30 000). */
  connectTimeoutMs?: number;
  /**
   * Receives what a stdio server prints on stderr, as it arrives (default: dropped). Whatever is passed here, the
   * bridge keeps the last lines: they explain a server that fails to start or dies during a call.
   */
  onStderr?: (text: string) => void;
  /** Receives each complete line a stdio server prints on stderr, without its line ending, `secrets` blanked out. */
  onStderrLine?: (line: string) => void;
  /**
   * Text blanked out (`[redacted]`) of the stderr lines the bridge hands to `onStderrLine` or quotes in an error,
   * e.g. the API keys the server is started with. Strings shorter than 4 characters are left alone.
   */
  secrets?: readonly string[];
  /** How the bridge introduces itself to the server. */
  clientInfo?: { name: string; version: string };
  /**
   * Directories the server may work in, offered as its roots (default: none, and the `roots` capability is not
   * declared, so the server keeps to the directories on its own command line).
   */
  roots?: readonly string[];
  /** The least severe log message the server is asked to send (`logging/setLevel`; default `info`). */
  logLevel?: LogLevel;
  /**
   * Receives the server's log messages sent while no call runs (those sent during a call go to the call's `ctx.log`,
   * and so to the client streaming it). Default: dropped.
   */
  onLog?: (message: LogMessage) => void;
  /**
   * Gets each child process a stdio server runs in, once started. `close()` gives a server 2 s to exit after its
   * stdin ends (the SDK's grace); a command that exits as soon as it has its answer kills the child itself.
   */
  onChildProcess?: (child: ChildProcess) => void;
  /**
   * Probe a stdio server for the 2026-07-28 revision on its own process, not on a short-lived copy started for the
   * probe (the default): one start of the server instead of two. A server that closes on the probe is started once
   * more for the 2025 `initialize`. For a command that connects once; a console keeps the default.
   */
  probeInPlace?: boolean;
}

export interface McpBridge {
  /** For `createHandler({tools})`: the server's tools, cached until it sends `notifications/tools/list_changed`. */
  tools: ToolsProvider;
  /** For `createHandler({handleCall})`: forwards the call and passes its CallToolResult through. */
  handleCall: ToolCallHandler;
  /**
   * For `createHandler({readResource})`: `resources/read` on the server (tool UIs, resource links). The questions a
   * 2026-07-28 server asks inside its answer (input_required) go to the read's ctx. Fails with an `McpRequestError`
   * whose `status` is 404 for a resource the server does not have, and 403 when a tool UI (`ctx.caller === 'app'`)
   * asks for a URI that is neither `ui://` nor in the server's `resources/list`.
   */
  readResource: (uri: string, req: unknown, ctx?: ResourceReadContext) => Promise<ReadResourceResult>;
  /**
   * For `createHandler({resources})`, when the server offers resources: one `resources/list` page per request, the
   * cursor passed through. Fails with an `McpRequestError` whose `status` the console answers.
   */
  resources?: ResourcesProvider<unknown>;
  /** For `createHandler({resourceTemplates})`, when the server offers resources: one `resources/templates/list` page. */
  resourceTemplates?: ResourceTemplatesProvider<unknown>;
  /** For `createHandler({subscribeResource})`, when the server offers subscriptions (`resources.subscribe`). */
  subscribeResource?: ResourceSubscriber<unknown>;
  /** For `createHandler({unsubscribeResource})`: the server is told once no page wants to hear of the resource. */
  unsubscribeResource?: ResourceSubscriber<unknown>;
  /** For `createHandler({prompts})`, when the server offers prompts: one `prompts/list` page per request. */
  prompts?: PromptsProvider<unknown>;
  /** For `createHandler({getPrompt})`: `prompts/get`; 404 for a prompt the server does not have, 400 for bad arguments. */
  getPrompt?: PromptGetter<unknown>;
  /** For `createHandler({complete})`, when the server offers completions: `completion/complete`. */
  complete?: Completer<unknown>;
  /**
   * For `createHandler({notifications})`: pages watching the tool list learn when the server's tools, resources or
   * prompts change, and of the resources they subscribed to, and get the log messages it sends between calls.
   */
  notifications: (notifier: ConsoleNotifier) => void;
  /**
   * What the server said about itself in `initialize` (its `serverInfo` name, title, version and website, and its
   * `instructions`), as of the latest connection: ready for `createHandler({serverInfo})`.
   */
  readonly serverInfo: ServerInfo | undefined;
  /**
   * For `createHandler({inspect: bridge.inspector})`: the server's state, the protocol log of every JSON-RPC message
   * (secrets blanked out), its notifications and stderr, and its log level, ping, reconnect and restart, for the
   * `/server` routes. Named apart from the option on purpose: `createHandler({...bridge})` leaves them off, since
   * they show everyone's calls; a host turns them on by name.
   */
  inspector: ServerInspector;
  /** Closes the connection and stops the child process. */
  close(): Promise<void>;
}

/**
 * Connects to the MCP server and lists its tools once, so an unreachable or broken server fails here, with a
 * message, rather than on the first request. Later drops reconnect lazily.
 */
export async function connectMcp(target: McpTarget, options: McpBridgeOptions = {}): Promise<McpBridge> {
  const callTimeoutMs = options.callTimeoutMs ?? 60_000;
  // Set by the console the bridge is plugged into (createServer({notifications: bridge.notifications})).
  let notifier: ConsoleNotifier | undefined;
  const onLog = options.onLog ?? (() => {});
  const running = new RunningCalls((message) => {
    onLog(message);
    notifier?.log(message.level, message.data, message.logger);
  });
  // The session outlives each connection: a reconnection reuses its tokens.
  const oauth = 'url' in target && target.auth ? new McpOAuthSession(new URL(target.url), target.auth) : undefined;
  const connection = new McpConnection(
    target,
    {
      clientInfo: options.clientInfo ?? defaultClientInfo,
      connectTimeoutMs: options.connectTimeoutMs ?? 30_000,
      authProvider: oauth?.provider,
      onChildProcess: options.onChildProcess,
      probeInPlace: options.probeInPlace,
    },
    {
      onStderr: options.onStderr ?? (() => {}),
      onStderrLine: options.onStderrLine ?? (() => {}),
      secrets: options.secrets ?? [],
    },
    {
      roots: options.roots ?? [],
      logLevel: options.logLevel ?? 'info',
      onLog: (message) => running.log(message),
      onElicit: (params, signal) => running.elicit(params, signal),
      onSample: (params, signal) => running.sample(params, signal),
      onElicitationComplete: (elicitationId) => running.elicitationComplete(elicitationId),
      onToolsChanged: () => notifier?.toolsChanged(),
      onResourcesChanged: () => notifier?.resourcesChanged(),
      onPromptsChanged: () => notifier?.promptsChanged(),
      onResourceUpdated: (uri) => notifier?.resourceUpdated(uri),
    },
  );
  connection.oauth = oauth;
  try {
    await firstListing(connection, oauth);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return {
    ...offersOf(connection, running, options.connectTimeoutMs ?? 30_000, callTimeoutMs),
    tools: () => connection.tools(),
    // A host that calls handleCall itself may pass no ctx: the call then has no signal, progress, log or questions.
    handleCall: (name, args, _req, ctx: CallContext | undefined) => {
      const call = () => callThrough(connection, name, args ?? {}, ctx, callTimeoutMs);
      return ctx ? running.track(ctx, call) : call();
    },
    // Without a ctx (a host reading for itself), the read is the person's, with no signal and no one to ask. With one,
    // the questions a 2026-07-28 server asks inside its answer (input_required) go to the read, as a call's go to it.
    readResource: (uri, _req, ctx) => {
      const read = () => readThrough(connection, uri, ctx, callTimeoutMs);
      return ctx && hasVoice(ctx) ? running.track(ctx, read) : read();
    },
    notifications: (consoleNotifier) => {
      notifier = consoleNotifier;
    },
    get serverInfo() {
      return connection.serverInfo;
    },
    inspector: mcpInspector(connection),
    close: () => connection.close(),
  };
}

/** A read's ctx with somewhere to put the server's questions and log lines (the console's always has). */
function hasVoice(ctx: ResourceReadContext): ctx is ResourceReadContext & ListeningRequest {
  return [ctx.log, ctx.elicit, ctx.sample, ctx.elicitationComplete].every((member) => typeof member === 'function');
}

/**
 * The options for what the server offers besides tools, as its capabilities declare them when it first connected:
 * a server without prompts gives the console no prompts (and the page no Prompts section).
 */
function offersOf(connection: McpConnection, running: RunningCalls, listTimeoutMs: number, callTimeoutMs: number) {
  const capabilities = connection.capabilities ?? {};
  const offers: Partial<McpBridge> = {};
  if (capabilities.resources) {
    offers.resources = (page) => listPage(connection, 'resources/list', page, listTimeoutMs) as never;
    offers.resourceTemplates = (page) => listPage(connection, 'resources/templates/list', page, listTimeoutMs) as never;
  }
  if (capabilities.resources?.subscribe) {
    offers.subscribeResource = (uri) => changeSubscription(connection, uri, 'subscribe', listTimeoutMs);
    offers.unsubscribeResource = (uri) => changeSubscription(connection, uri, 'unsubscribe', listTimeoutMs);
  }
  if (capabilities.prompts) {
    offers.prompts = (page) => listPage(connection, 'prompts/list', page, listTimeoutMs) as never;
    // The questions a 2026-07-28 server asks inside its answer (input_required) go to the get, as a call's go to it.
    offers.getPrompt = (name, args, _req, ctx) => {
      const get = () => getPromptThrough(connection, name, args, ctx, callTimeoutMs);
      return ctx ? running.track(ctx, get) : get();
    };
  }
  if (capabilities.completions) {
    offers.complete = (request, _req, ctx) => completeThrough(connection, request, ctx, callTimeoutMs);
  }
  return offers;
}

// Enough for an authorization and a step-up; a server that keeps asking after that will not be satisfied. The spec's
// clients SHOULD limit scope step-up retries (2025-11-25, authorization, "Scope Challenge Handling"); the conformance
// suite's auth/scope-retry-limit allows three authorization requests, and three waits here made four.
const MAX_AUTHORIZATIONS = 2;

/**
 * Lists the tools once. A server that first needs the user to authorize fails the attempt with the authorization
 * pending: the listing waits for it to be completed (through `finish`), then tries again.
 */
async function firstListing(connection: McpConnection, oauth: McpOAuthSession | undefined): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await connection.tools();
      return;
    } catch (error) {
      if (oauth?.authorizationUrl === undefined || attempt >= MAX_AUTHORIZATIONS) throw error;
      await oauth.authorized();
    }
  }
}
