// The public types of the package root. Tools and results are duck-typed JSON-shaped objects, so a host can pass
// an MCP client's `tools/list` and `tools/call` answers straight through.
import type { IncomingMessage } from 'node:http';
import type { ServerInspector } from './core/inspect/server-inspector.js';

export type { ServerInspector, ServerWatcher } from './core/inspect/server-inspector.js';

import type {
  CompletionRequest,
  CompletionResult,
  GetPromptResult,
  PromptListPage,
  PromptSummary,
  ResourceListPage,
  ResourceSummary,
  ResourceTemplateListPage,
  ResourceTemplateSummary,
  JsonSchema,
  ToolAnnotations,
  Content,
  CallResult,
  ReadResourceResult,
  ServerInfo,
} from '../protocol/index.js';

// The wire's bodies (what the API answers), as the server's public types; the stream events and the page's readings
// of them stay in protocol/.
export type * from '../protocol/tools.js';
export type * from '../protocol/calls.js';
export type * from '../protocol/resources.js';
export type * from '../protocol/catalog.js';
export type * from '../protocol/icons.js';

/** A tool as MCP describes it. `null` optional fields are treated as absent and never sent. */
export interface Tool {
  name: string;
  description?: string;
  title?: string | null;
  /** MCP requires it; a tool without one (absent or null) is shown as `{"type":"object"}` and takes any object. */
  inputSchema?: JsonSchema | null;
  outputSchema?: JsonSchema | null;
  annotations?: ToolAnnotations | null;
  /** MCP's `execution`: whether the tool runs as a task never (`forbidden`, the default), on request, or always. */
  execution?: { taskSupport?: 'forbidden' | 'optional' | 'required' } | null;
  /**
   * MCP's `_meta`. Only its `ui` (or the older `"ui/resourceUri"`) is read, checked, and sent to the page as the
   * tool's `ui`; nothing else of it leaves the server.
   */
  _meta?: Record<string, unknown> | null;
  [key: string]: unknown;
}

/** A static list, or a sync or async zero-argument function called on every request. */
export type ToolsProvider = readonly Tool[] | (() => readonly Tool[] | Promise<readonly Tool[]>);

/** What a handler may return: the tuple `[content, isError, traceId?]`, or a `CallToolResult`-shaped object. */
export type CallTuple = [content: Content[], isError: boolean, traceId?: string | null];

/** The levels of an MCP log message (RFC 5424's, as MCP names them), least severe first. */
export type LogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** A question for the user (MCP elicitation): a form from a flat JSON Schema, or a web page to open. */
export type ElicitRequest =
  | { mode?: 'form'; message: string; requestedSchema: JsonSchema }
  | { mode: 'url'; message: string; url: string; elicitationId?: string };

/** The user's answer: `accept` (with the form's content), `decline`, or `cancel` (also when nobody answered). */
export type ElicitAnswer =
  { action: 'accept'; content?: Record<string, unknown> } | { action: 'decline' } | { action: 'cancel' };

/** A message of a sampling conversation: its role and its content (a block, or a list of them), as MCP sends it. */
export interface SamplingMessage {
  role: 'user' | 'assistant';
  content: unknown;
}

/** A request for the client's model to reply (MCP `sampling/createMessage`); in the console, the user replies. */
export interface SampleRequest {
  messages: SamplingMessage[];
  maxTokens: number;
  systemPrompt?: string;
  [key: string]: unknown;
}

/** The reply: MCP's `CreateMessageResult`. */
export interface SampleResult {
  role: 'assistant';
  content: Record<string, unknown> | Record<string, unknown>[];
  model: string;
  stopReason?: string;
}

/** The user's reply as the model (`accept`), or no reply. */
export type SampleAnswer = { action: 'accept'; result: SampleResult } | { action: 'decline' } | { action: 'cancel' };

/** Where a call that runs as an MCP task stands (MCP 2025-11-25 tasks). */
export interface TaskStatus {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
}

/**
 * Per-call context. `signal` fires on timeout and when the client goes away. `progress` and `log` reach a client
 * that streams the call (`Accept: text/event-stream`) as `progress` and `log` events, and cost nothing otherwise;
 * progress also starts the call's time limit again.
 */
export interface CallContext {
  signal: AbortSignal;
  /**
   * The client asked for the call to run as a task (`Tool-Call-Mode: task`, the page's "Run as task" switch). A
   * handler in front of MCP runs a tool whose task support is `optional` as a task then; others may ignore it.
   */
  readonly asTask?: boolean;
  /** How far the call has come: `progress` of `total` (when known), with an optional message for the user. */
  progress(progress: number, total?: number, message?: string): void;
  /** A log line for the user; `data` is any JSON value (a string, usually), `logger` names its source. */
  log(level: LogLevel, data: unknown, logger?: string): void;
  /** The call runs as a task, which stands as `status` now (a `task` event; like progress, it restarts the limit). */
  task(status: TaskStatus): void;
  /**
   * Asks the user and resolves with the answer. A client that does not stream the call cannot answer: `cancel` at
   * once. Unanswered questions are cancelled when the call ends, and when `options.signal` fires.
   */
  elicit(request: ElicitRequest, options?: { signal?: AbortSignal }): Promise<ElicitAnswer>;
  /** The web page of URL question `elicitationId` is done with (MCP's `notifications/elicitation/complete`). */
  elicitationComplete(elicitationId: string): void;
  /**
   * Asks the user to reply as the model would (MCP sampling), showing the conversation; resolves like `elicit`
   * (`cancel` at once for a caller that does not stream, and for questions still open when the call ends).
   */
  sample(request: SampleRequest, options?: { signal?: AbortSignal }): Promise<SampleAnswer>;
}

/**
 * Runs a tool. The server always passes all four arguments, so `(name, args)`, `(name, args, req)` and
 * `(name, args, req, ctx)` handlers all work. `req` is node's `IncomingMessage` under `createHandler` and
 * `createServer`, and the Fetch `Request` under `createFetchHandler`.
 */
export type ToolCallHandler<Req = IncomingMessage> = (
  name: string,
  args: Record<string, unknown>,
  req: Req,
  ctx: CallContext,
) => Promise<CallTuple | CallResult> | CallTuple | CallResult;

/**
 * What a resource reader learns besides the URI: when to stop, who asks, and the voice of a call's handler. A client
 * that streams the read (`Accept: text/event-stream`) sees its progress and log lines and answers its questions
 * (`elicit`, `sample`) as it answers a call's; for a plain-JSON client (a tool UI's read) they resolve to
 * `{action: "cancel"}` at once. The console always passes them; host code that calls a reader itself may leave them out.
 */
export interface ResourceReadContext extends Partial<
  Pick<CallContext, 'progress' | 'log' | 'elicit' | 'sample' | 'elicitationComplete'>
> {
  /** Fires when the read outlives `callTimeoutMs`, and when the client goes away. */
  signal: AbortSignal;
  /**
   * `app` when a tool UI asked (through the page, `Tool-Caller: app`), `user` otherwise. A reader in front of MCP lets
   * an app read only its own server's resources.
   */
  caller: 'user' | 'app';
}

/**
 * Reads one resource for `POST /resources/read` (a tool UI's HTML, a resource link in a result): resolves with MCP's
 * `ReadResourceResult`. An error it throws is answered with its message, and with its numeric `status` when that is
 * 400 to 599 (404 for a resource that does not exist, 403 for one the caller may not read), else 502.
 */
export type ResourceReader<Req = IncomingMessage> = (
  uri: string,
  req: Req,
  ctx: ResourceReadContext,
) => Promise<ReadResourceResult> | ReadResourceResult;

/** Which page of a list is asked for: `cursor` is the `nextCursor` of the page before, absent for the first. */
export interface ListPageRequest {
  cursor?: string;
}

/**
 * A list the console shows besides the tools (resources, resource templates, prompts): the whole list, or a sync or
 * async function that answers one page of it at a time, given the `cursor` the page before it gave as `nextCursor`.
 * An error it throws is answered with its message and its numeric `status` (400 to 599), else 502.
 */
export type ListProvider<Item, Page, Req = IncomingMessage> =
  readonly Item[] | ((page: ListPageRequest, req: Req) => Page | Promise<Page>);

export type ResourcesProvider<Req = IncomingMessage> = ListProvider<ResourceSummary, ResourceListPage, Req>;
export type ResourceTemplatesProvider<Req = IncomingMessage> = ListProvider<
  ResourceTemplateSummary,
  ResourceTemplateListPage,
  Req
>;
export type PromptsProvider<Req = IncomingMessage> = ListProvider<PromptSummary, PromptListPage, Req>;

/** What host code that answers for the page (a prompt getter, a completer) learns besides its arguments. */
export interface HostActionContext {
  /** Fires when the work outlives `callTimeoutMs`, and when the client goes away. */
  signal: AbortSignal;
}

/**
 * What a prompt getter learns besides its arguments: its signal, and the voice of a call's handler. A client that
 * streams the get (`Accept: text/event-stream`) sees its progress and log lines and answers its questions
 * (`elicit`, `sample`) as it answers a call's; for a plain-JSON client they resolve to `{action: "cancel"}` at once.
 */
export interface PromptContext
  extends HostActionContext, Pick<CallContext, 'progress' | 'log' | 'elicit' | 'sample' | 'elicitationComplete'> {}

/**
 * Gets prompt `name` with `args` for `POST /prompts/{name}/get`: MCP's `GetPromptResult`. An error it throws is
 * answered with its message and its numeric `status` when that is 400 to 599 (404 for a prompt that does not exist,
 * 400 for arguments it refuses), else 502.
 */
export type PromptGetter<Req = IncomingMessage> = (
  name: string,
  args: Record<string, string>,
  req: Req,
  ctx: PromptContext,
) => GetPromptResult | Promise<GetPromptResult>;

/** Suggests values for a prompt argument or a template variable (`POST /completion`); at most 100 are sent. */
export type Completer<Req = IncomingMessage> = (
  request: CompletionRequest,
  req: Req,
  ctx: HostActionContext,
) => CompletionResult['completion'] | Promise<CompletionResult['completion']>;

/** Starts or stops telling the pages (`resource-updated` on the watch stream) when the resource `uri` changes. */
export type ResourceSubscriber<Req = IncomingMessage> = (uri: string, req: Req) => void | Promise<void>;

/**
 * Guards the call endpoint, Express style: the call proceeds only when `next()` is called, at once or later from a
 * callback (as passport strategies and `crypto.scrypt` checks do): a hook that returns, or settles the promise it
 * returns, without deciding is waited for. Throwing, rejecting or `next(err)` answers 401 at once; a hook that has
 * not called `next` when the call's time limit (`callTimeoutMs`) ends or the client goes away gets 401 then.
 * The first decision counts; the reason for a denial is logged as a warning, never sent.
 */
export type AuthHook<Req = IncomingMessage> = (req: Req, next: (err?: unknown) => void) => unknown;
export interface Logger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/**
 * How a host reaches the pages that watch the tool list (`GET /tools` as an event stream): the list changed (the
 * pages read it again), or a log message that belongs to no call. `tool-console/mcp`'s bridge has one built in.
 */
export interface ConsoleNotifier {
  toolsChanged(): void;
  log(level: LogLevel, data: unknown, logger?: string): void;
  /** The resource list or the resource templates changed (the pages load them again). */
  resourcesChanged(): void;
  /** The prompt list changed (the pages load it again). */
  promptsChanged(): void;
  /** A resource changed (a page that subscribed to it reads it again). */
  resourceUpdated(uri: string): void;
}

/** The options of `createHandler` and `createServer`; `createFetchHandler` takes `ToolConsoleOptions<Request>`. */
export interface ToolConsoleOptions<Req = IncomingMessage> {
  /** The tools: a list, or a sync or async function called on every request. */
  tools: ToolsProvider;
  /** Runs a tool when the page (or any client) calls it. */
  handleCall: ToolCallHandler<Req>;
  /**
   * Reads resources for `POST /resources/read` (tool UIs, resource links); without it that route answers 404. Guarded
   * like a call: `allowExecute`, the auth hook, `callTimeoutMs`. The MCP bridge has one (`bridge.readResource`).
   */
  readResource?: ResourceReader<Req>;
  /**
   * The resources for `GET /resources` (without it, and without `resourceTemplates`, the page shows no resources): a
   * list, or a function answering one page at a time (`{resources, nextCursor?}`) for the cursor it is given.
   */
  resources?: ResourcesProvider<Req>;
  /** The resource templates for `GET /resource-templates`: a list, or a function answering one page at a time. */
  resourceTemplates?: ResourceTemplatesProvider<Req>;
  /** The prompts for `GET /prompts` and `GET /prompts/{name}`: a list, or a function answering one page at a time. */
  prompts?: PromptsProvider<Req>;
  /** Gets a prompt's messages for `POST /prompts/{name}/get`; guarded like a call. */
  getPrompt?: PromptGetter<Req>;
  /** Suggests argument values for `POST /completion`; guarded like a resource read. */
  complete?: Completer<Req>;
  /** `POST /resources/subscribe`: from now on, say `notifier.resourceUpdated(uri)` when `uri` changes. */
  subscribeResource?: ResourceSubscriber<Req>;
  /** `POST /resources/unsubscribe`: the page no longer wants to hear of `uri`. */
  unsubscribeResource?: ResourceSubscriber<Req>;
  /**
   * Called once with the console's notifier, for a host whose tool list changes or who has log messages for the
   * page (the MCP bridge's `notifications`).
   */
  notifications?: (notifier: ConsoleNotifier) => void;
  /** Whether the call endpoint runs tools at all (default `false`); enforced by the server. */
  allowExecute?: boolean;
  /** Guards the call endpoint only. */
  authHook?: AuthHook<Req>;
  /**
   * Page title (default `"MCP Tool Explorer"`), or a function asked for it at each page request (undefined: the
   * default), for a title known only later (the CLI's: the MCP server's name, once connected).
   */
  title?: string | (() => string | undefined);
  /**
   * The server the console fronts, shown by the page (its `server` attribute, as JSON), or a function asked for it
   * at each page request, for a server that connects after the console starts.
   */
  serverInfo?: ServerInfo | (() => ServerInfo | undefined);
  /**
   * Lets people see the server behind the console (the MCP bridge's `bridge.inspector`): its state, protocol log,
   * notifications and stderr, and set its log level, ping, reconnect or restart it (the `/server` routes, and the
   * page's Protocol, Notifications and Server panes). They carry everything the server said to anyone: without this
   * option the routes do not exist; with it they are guarded like a call (`allowExecute`, the auth hook).
   */
  inspect?: ServerInspector;
  /** Mount path such as `/explorer` (default: the root). */
  prefix?: string;
  /**
   * The origin tool UIs (MCP Apps) run on, `http(s)://host[:port]`: it must reach this same handler (a second port,
   * or a second host name pointing here) and differ from the console's own. Requests whose Host is this origin's
   * get only the sandbox page (`{prefix}/sandbox`); without it, the page shows no tool UIs.
   */
  sandboxOrigin?: string;
  /** Origins allowed to call the API from another origin, or `'*'`. */
  corsOrigins?: readonly string[] | '*';
  /**
   * Host names the console answers to besides `localhost`, `*.localhost` and IP addresses (which DNS rebinding cannot
   * forge): `['console.example.com', '.internal.example']` (a leading dot allows every name below), or `true` for any.
   */
  allowedHosts?: readonly string[] | true;
  /** Largest request body accepted (default 1 MiB). */
  maxBodyBytes?: number;
  /** Largest body the validate route accepts (default 256 KiB): validation needs no auth, so it gets less. */
  maxValidateBodyBytes?: number;
  /**
   * Time limit of a tool call in milliseconds (default 60 000; 0 disables every limit): it starts again whenever the
   * call reports progress (`ctx.progress`), so a call that keeps reporting runs on, up to `callTotalTimeoutMs`.
   */
  callTimeoutMs?: number;
  /** The most a call that keeps reporting progress may run, in milliseconds (default 600 000; 0: no cap). */
  callTotalTimeoutMs?: number;
  /**
   * How long every route that needs the tool list waits for an async `tools` function, in milliseconds (default
   * 10 000; 0 disables): a provider that has not answered by then gets 504 with a JSON error that says so.
   */
  toolsTimeoutMs?: number;
  /** A client that takes in none of an answer for this long loses its connection (default 10 000 ms). */
  writeTimeoutMs?: number;
  /**
   * The most pages that may watch the tool list at once in this process (default 1 000); one more gets 503 with
   * `Retry-After`. Each watcher holds a connection open, so this bounds what watching can cost.
   */
  maxWatchers?: number;
  /** Where log lines go (default `console`). */
  logger?: Logger;
  /** Folder of the built page (default: the package's own `dist/page`). */
  pageDir?: string;
  /**
   * The built page's files by path below its folder (`index.html`, `assets/...`), as text or bytes: the page where
   * the runtime has no files to read (Cloudflare Workers), bundled with the app. Given, it is served instead of
   * `pageDir`; on such a runtime without it, the console serves the API only.
   */
  pageFiles?: Readonly<Record<string, string | Uint8Array>>;
}
