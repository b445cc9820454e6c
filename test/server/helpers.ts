// Shared by the server tests: a real server on 127.0.0.1:0, raw HTTP requests (fetch would normalise the hostile
// paths we want to send as they are), and a logger that records instead of printing.
import { request, type IncomingHttpHeaders, type Server, type ServerOptions } from 'node:http';
import {
  createServer,
  type Logger,
  type Tool,
  type ToolCallHandler,
  type ToolConsoleOptions,
} from '../../server/index.js';
import type { ServerState } from '../../protocol/index.js';
import { close, listen } from '../support/listen.js';

type Level = 'info' | 'warn' | 'error';

export interface RecordingLogger extends Logger {
  lines: { level: Level; text: string }[];
  text(level: Level): string;
  /** Resolves with the first line at `level` matching `pattern`, already logged or still to come. */
  waitFor(level: Level, pattern: RegExp): Promise<string>;
}

export function recordingLogger(): RecordingLogger {
  const lines: RecordingLogger['lines'] = [];
  const waiters: { level: Level; pattern: RegExp; resolve: (text: string) => void }[] = [];
  const record =
    (level: Level) =>
    (...args: unknown[]) => {
      const text = args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' ');
      lines.push({ level, text });
      for (const waiter of waiters.filter((w) => w.level === level && w.pattern.test(text))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(text);
      }
    };
  return {
    lines,
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    text: (level) =>
      lines
        .filter((line) => line.level === level)
        .map((line) => line.text)
        .join('\n'),
    waitFor: (level, pattern) => {
      const logged = lines.find((line) => line.level === level && pattern.test(line.text));
      if (logged) return Promise.resolve(logged.text);
      return new Promise((resolve) => waiters.push({ level, pattern, resolve }));
    },
  };
}

/** What an inspector says of a stdio server that is connected and has said nothing yet. */
export const connectedState: ServerState = {
  connected: true,
  name: 'srv',
  transport: 'stdio',
  target: 'srv',
  clientCapabilities: {},
  roots: [],
  logLevel: 'info',
  stderr: [],
};

export const weatherTool: Tool = {
  name: 'get_weather',
  description: 'Fetch current weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  annotations: { readOnlyHint: true, openWorldHint: true },
};

export const deleteTool: Tool = {
  name: 'delete_record',
  description: 'Delete a record by ID.',
  inputSchema: { type: 'object', properties: { id: { type: 'integer' } } },
};

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body's bytes as received (still compressed when the answer has a Content-Encoding). */
  body: Buffer;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read whatever came back
}

export interface RunningConsole {
  server: Server;
  port: number;
  logger: RecordingLogger;
  request(method: string, path: string, options?: RequestOptions): Promise<Answer>;
  close(): Promise<void>;
}

/** A request's body and headers; a header given as `undefined` is not sent at all. */
export interface RequestOptions {
  body?: string | Buffer;
  headers?: Record<string, string | undefined>;
}

/**
 * Sends one request with the path exactly as given. A POST says its body is JSON unless the test names its own
 * Content-Type, as every well-behaved client (the page included) does: `'Content-Type': undefined` sends none.
 */
export function rawRequest(port: number, method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
  const given = options.headers ?? {};
  const typed = Object.keys(given).some((name) => name.toLowerCase() === 'content-type');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) if (value !== undefined) headers[name] = value;
  if (method === 'POST' && !typed) headers['Content-Type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = body.toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Starts `createServer(options)` on a free loopback port; logs go to a recording logger unless one is given. */
export async function startConsole(
  options: Partial<ToolConsoleOptions> = {},
  serverOptions?: ServerOptions,
): Promise<RunningConsole> {
  const logger = recordingLogger();
  const server = createServer(
    {
      tools: [weatherTool, deleteTool],
      handleCall: async () => [[{ type: 'text', text: 'ok' }], false],
      logger,
      ...options,
    },
    serverOptions,
  );
  const port = await listen(server);
  return {
    server,
    port,
    logger,
    request: (method, path, requestOptions) => rawRequest(port, method, path, requestOptions),
    close: () => close(server),
  };
}

export const callPath = (name: string) => `/tools/${encodeURIComponent(name)}/call`;
export const validatePath = (name: string) => `/tools/${encodeURIComponent(name)}/validate`;

/** A handler whose calls wait until the test releases them; `started()` resolves with the next call's release. */
export function heldCalls() {
  const releases: (() => void)[] = [];
  let announce: (() => void) | undefined;
  const handleCall: ToolCallHandler = () =>
    new Promise((resolve) => {
      releases.push(() => resolve([[{ type: 'text', text: 'done' }], false]));
      announce?.();
    });
  const started = async (): Promise<() => void> => {
    while (!releases.length) await new Promise<void>((resolve) => (announce = resolve));
    return releases.shift()!;
  };
  return { handleCall, started };
}

/**
 * Posts a call and leaves the connection open; `hangUp()` then drops it, as a client that goes away mid-call does.
 * (Wait for the server to be in the state you mean to interrupt before hanging up.)
 */
export function callThenHangUp(port: number, path: string, body = '{}'): { hangUp(): void } {
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: { 'Content-Type': 'application/json' },
    agent: false,
  });
  req.on('error', () => {}); // the socket we destroy reports ECONNRESET
  req.end(body);
  return { hangUp: () => req.destroy() };
}

/** POSTs `body` as JSON to `path` of the console on `port`, with any `headers` added. */
export const postJson = (port: number, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
