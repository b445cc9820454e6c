// Checks and normalises the options once, so the request path never has to wonder about them.
import type { ConsolePlatform } from './platform/platform.js';
import type { AllowedHosts } from './http/request-guard.js';
import { parseSandboxOrigin, type SandboxOrigin } from './sandbox/sandbox-origin.js';
import { safeIcons } from '../../protocol/icons.js';
import { isServerInspector, type ServerInspector } from './inspect/server-inspector.js';
import type {
  AuthHook,
  Completer,
  ConsoleNotifier,
  PromptGetter,
  PromptsProvider,
  ResourcesProvider,
  ResourceSubscriber,
  ResourceTemplatesProvider,
  Logger,
  ResourceReader,
  ServerInfo,
  ToolCallHandler,
  ToolConsoleOptions,
  ToolsProvider,
} from '../types.js';

/** A value the page shows, asked for at each page request; `changes`: whether it may differ from one to the next. */
export interface PageValue<T> {
  get(): T;
  changes: boolean;
}

export interface ConsoleSettings {
  tools: ToolsProvider;
  handleCall: ToolCallHandler<never>;
  readResource: ResourceReader<never> | undefined;
  resources: ResourcesProvider<never> | undefined;
  resourceTemplates: ResourceTemplatesProvider<never> | undefined;
  prompts: PromptsProvider<never> | undefined;
  getPrompt: PromptGetter<never> | undefined;
  complete: Completer<never> | undefined;
  subscribeResource: ResourceSubscriber<never> | undefined;
  unsubscribeResource: ResourceSubscriber<never> | undefined;
  allowExecute: boolean;
  authHook: AuthHook<never> | undefined;
  notifications: ((notifier: ConsoleNotifier) => void) | undefined;
  title: PageValue<string>;
  /** Only the documented fields, each a string; undefined when not given (or not known yet). */
  serverInfo: PageValue<ServerInfo | undefined>;
  /** Undefined: the /server routes do not exist. */
  inspect: ServerInspector | undefined;
  /** '' for the root, otherwise '/segment(/segment)*' without a trailing slash, already percent-encoded. */
  prefix: string;
  /** Where tool UIs run; undefined when the console serves none. */
  sandboxOrigin: SandboxOrigin | undefined;
  /** undefined when cross-origin access is off. */
  corsOrigins: '*' | ReadonlySet<string> | undefined;
  allowedHosts: AllowedHosts;
  maxBodyBytes: number;
  maxValidateBodyBytes: number;
  callTimeoutMs: number;
  callTotalTimeoutMs: number;
  toolsTimeoutMs: number;
  writeTimeoutMs: number;
  /** How many pages may watch the tool list at once. */
  maxWatchers: number;
  logger: Logger;
  /** undefined: the platform's default (node's: the package's own built page). */
  pageDir: string | undefined;
  pageFiles: Readonly<Record<string, string | Uint8Array>> | undefined;
  /** What the core takes from the runtime (platform.ts). */
  platform: ConsolePlatform;
}

// A prefix is used verbatim in URL comparisons, so it must already be a valid, encoded path.
const PREFIX_PATTERN = /^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)*$/;

function fail(message: string): never {
  throw new TypeError(`tool-console: ${message}`);
}

function optionalBoolean(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') fail(`${name} must be a boolean`);
  return value;
}

function optionalCount(value: unknown, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  // isSafeInteger is false for anything that is not a number.
  if (!Number.isSafeInteger(value) || (value as number) < min) {
    fail(`${name} must be an integer >= ${min}`);
  }
  return value as number;
}

function optionalFunction<T>(value: T, name: string): T {
  if (value !== undefined && typeof value !== 'function') fail(`${name} must be a function`);
  return value;
}

function optionalList<T>(value: T, name: string, items: string): T {
  if (value !== undefined && !Array.isArray(value) && typeof value !== 'function') {
    fail(`${name} must be an array of ${items} or a function returning one page of them`);
  }
  return value;
}

/** What the console offers besides tools, checked together: the functions that act need the options they act on. */
function normaliseOffers(options: ToolConsoleOptions<never>) {
  const offers = {
    resources: optionalList(options.resources, 'resources', 'resources'),
    resourceTemplates: optionalList(options.resourceTemplates, 'resourceTemplates', 'resource templates'),
    prompts: optionalList(options.prompts, 'prompts', 'prompts'),
    getPrompt: optionalFunction(options.getPrompt, 'getPrompt'),
    complete: optionalFunction(options.complete, 'complete'),
    subscribeResource: optionalFunction(options.subscribeResource, 'subscribeResource'),
    unsubscribeResource: optionalFunction(options.unsubscribeResource, 'unsubscribeResource'),
  };
  if (offers.getPrompt !== undefined && offers.prompts === undefined) {
    fail('getPrompt needs the prompts option: the page finds what to get in that list');
  }
  if ((offers.subscribeResource === undefined) !== (offers.unsubscribeResource === undefined)) {
    fail('subscribeResource and unsubscribeResource go together: give both or neither');
  }
  return offers;
}

export function normalisePrefix(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') fail('prefix must be a string');
  const trimmed = value.replace(/\/+$/, '');
  if (!PREFIX_PATTERN.test(trimmed) || /%(?![0-9A-Fa-f]{2})/.test(trimmed)) {
    fail(`prefix must be a URL path such as "/explorer", got ${JSON.stringify(value)}`);
  }
  return trimmed;
}

function normaliseCorsOrigins(value: unknown): ConsoleSettings['corsOrigins'] {
  if (value === undefined) return undefined;
  if (value === '*') return '*';
  if (!Array.isArray(value) || !value.every((origin) => typeof origin === 'string')) {
    fail("corsOrigins must be an array of origins or '*'");
  }
  if (value.includes('*')) return '*';
  // Browsers send origins without a trailing slash; forgive one in the configuration.
  return value.length ? new Set(value.map((origin: string) => origin.replace(/\/$/, ''))) : undefined;
}

function normaliseAllowedHosts(value: unknown): AllowedHosts {
  if (value === undefined) return [];
  if (value === true) return true;
  if (!Array.isArray(value) || !value.every((host) => typeof host === 'string' && host !== '')) {
    fail('allowedHosts must be an array of host names or true');
  }
  return value;
}

function normaliseSandboxOrigin(value: unknown): SandboxOrigin | undefined {
  if (value === undefined) return undefined;
  const sandbox = typeof value === 'string' ? parseSandboxOrigin(value) : undefined;
  if (sandbox === undefined) {
    fail(`sandboxOrigin must be an origin such as "http://127.0.0.1:8001" (no path), got ${JSON.stringify(value)}`);
  }
  return sandbox;
}

const OPTIONAL_SERVER_FIELDS = ['title', 'version', 'websiteUrl', 'instructions'] as const;

// A copy with the documented fields only: the page gets what it can show, never whatever else an object carried.
function normaliseServerInfo(value: unknown): ServerInfo | undefined {
  if (value === undefined) return undefined;
  const info = value as Partial<Record<keyof ServerInfo, unknown>> | null;
  if (typeof info !== 'object' || info === null || typeof info.name !== 'string') {
    fail('serverInfo must be an object with a string name');
  }
  const copy: ServerInfo = { name: info.name };
  for (const field of OPTIONAL_SERVER_FIELDS) {
    const fieldValue = info[field];
    if (fieldValue === undefined) continue;
    if (typeof fieldValue !== 'string') fail(`serverInfo.${field} must be a string`);
    copy[field] = fieldValue;
  }
  // Only images the page may fetch: https: and data: of the four types (an icon never points at the console).
  const icons = safeIcons(info.icons);
  if (icons !== undefined) copy.icons = icons;
  return copy;
}

const DEFAULT_TITLE = 'MCP Tool Explorer';

/** The title, or a function's (undefined, empty or failing: the default). */
function normaliseTitle(title: ToolConsoleOptions<never>['title'], logger: Logger): PageValue<string> {
  if (title !== undefined && typeof title !== 'string' && typeof title !== 'function') {
    fail('title must be a string or a function returning one');
  }
  // Stryker disable next-line BooleanLiteral: a fixed title marked as changing is filled in at each request, to the same text
  if (typeof title !== 'function') return { get: () => title ?? DEFAULT_TITLE, changes: false };
  const get = () => {
    try {
      const value = title();
      return typeof value === 'string' && value !== '' ? value : DEFAULT_TITLE;
    } catch (error) {
      logger.warn('tool-console: the title option failed:', error);
      return DEFAULT_TITLE;
    }
  };
  return { get, changes: true };
}

/** The server info, checked once; or a function's, checked each time it returns another object (a bad one: none). */
function normaliseLiveServerInfo(value: unknown, logger: Logger): PageValue<ServerInfo | undefined> {
  if (typeof value !== 'function') {
    const info = normaliseServerInfo(value);
    return { get: () => info, changes: false };
  }
  let last: { given: unknown; info: ServerInfo | undefined } | undefined;
  const get = () => {
    try {
      const given: unknown = value();
      if (last === undefined || last.given !== given) last = { given, info: normaliseServerInfo(given) };
      return last.info;
    } catch (error) {
      logger.warn('tool-console: the serverInfo option failed:', error);
      return undefined;
    }
  };
  return { get, changes: true };
}

function normaliseLogger(value: unknown): Logger {
  if (value === undefined) return console;
  const logger = value as Partial<Logger> | null;
  if (!logger || ['info', 'warn', 'error'].some((level) => typeof logger[level as keyof Logger] !== 'function')) {
    fail('logger must have info, warn and error methods');
  }
  return logger as Logger;
}

export function normaliseOptions(options: ToolConsoleOptions<never>, platform: ConsolePlatform): ConsoleSettings {
  if (!options || typeof options !== 'object') fail('options must be an object');
  const { tools, handleCall, authHook, title, pageDir } = options;
  if (!Array.isArray(tools) && typeof tools !== 'function') {
    fail('tools must be an array of tools or a function returning them');
  }
  if (typeof handleCall !== 'function') fail('handleCall must be a function');
  if (authHook !== undefined && typeof authHook !== 'function') fail('authHook must be a function');
  if (options.readResource !== undefined && typeof options.readResource !== 'function') {
    fail('readResource must be a function');
  }
  if (options.notifications !== undefined && typeof options.notifications !== 'function') {
    fail('notifications must be a function');
  }
  if (options.inspect !== undefined && !isServerInspector(options.inspect)) {
    fail('inspect must be an object with state, log, notifications, watch, setLogLevel, ping, reconnect and restart');
  }
  if (pageDir !== undefined && typeof pageDir !== 'string') fail('pageDir must be a string');
  const { pageFiles } = options;
  if (
    pageFiles !== undefined &&
    (typeof pageFiles !== 'object' ||
      pageFiles === null ||
      !Object.values(pageFiles).every((file) => typeof file === 'string' || file instanceof Uint8Array))
  ) {
    fail('pageFiles must be an object of paths to text or bytes');
  }
  const logger = normaliseLogger(options.logger);
  return {
    tools,
    handleCall,
    readResource: options.readResource,
    ...normaliseOffers(options),
    allowExecute: optionalBoolean(options.allowExecute, 'allowExecute', false),
    authHook,
    notifications: options.notifications,
    title: normaliseTitle(title, logger),
    serverInfo: normaliseLiveServerInfo(options.serverInfo, logger),
    inspect: options.inspect,
    prefix: normalisePrefix(options.prefix),
    sandboxOrigin: normaliseSandboxOrigin(options.sandboxOrigin),
    corsOrigins: normaliseCorsOrigins(options.corsOrigins),
    allowedHosts: normaliseAllowedHosts(options.allowedHosts),
    maxBodyBytes: optionalCount(options.maxBodyBytes, 'maxBodyBytes', 1024 * 1024, 0),
    maxValidateBodyBytes: optionalCount(options.maxValidateBodyBytes, 'maxValidateBodyBytes', 256 * 1024, 0),
    callTimeoutMs: optionalCount(options.callTimeoutMs, 'callTimeoutMs', 60_000, 0),
    callTotalTimeoutMs: optionalCount(options.callTotalTimeoutMs, 'callTotalTimeoutMs', 600_000, 0),
    toolsTimeoutMs: optionalCount(options.toolsTimeoutMs, 'toolsTimeoutMs', 10_000, 0),
    writeTimeoutMs: optionalCount(options.writeTimeoutMs, 'writeTimeoutMs', 10_000, 1),
    maxWatchers: optionalCount(options.maxWatchers, 'maxWatchers', 1_000, 1),
    logger,
    pageDir,
    pageFiles,
    platform,
  };
}
