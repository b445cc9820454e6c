// Shared by the server tests: a real server on 127.0.0.1:0, raw HTTP requests (fetch would normalise the hostile
// paths we want to send as they are), and a logger that records instead of printing.
import { request, type IncomingHttpHeaders, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type Logger, type Tool, type ToolConsoleOptions } from '../../server/index.js';

export interface RecordingLogger extends Logger {
  lines: { level: 'info' | 'warn' | 'error'; text: string }[];
  text(level: 'info' | 'warn' | 'error'): string;
}

export function recordingLogger(): RecordingLogger {
  const lines: RecordingLogger['lines'] = [];
  const record = (level: 'info' | 'warn' | 'error') => (...args: unknown[]) =>
    lines.push({ level, text: args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' ') });
  return {
    lines,
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    text: (level) => lines.filter((line) => line.level === level).map((line) => line.text).join('\n'),
  };
}

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
  request(method: string, path: string, options?: { body?: string | Buffer; headers?: Record<string, string> }): Promise<Answer>;
  close(): Promise<void>;
}

/** Sends one request with the path exactly as given. */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  options: { body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  // A well-behaved client declares its JSON body; tests of the 415 guard name their own Content-Type.
  const headers = { ...options.headers };
  const declaresType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  if (method === 'POST' && !declaresType) headers['Content-Type'] = 'application/json';
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
    { tools: [weatherTool, deleteTool], handleCall: async () => [[{ type: 'text', text: 'ok' }], false], logger, ...options },
    serverOptions,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    logger,
    request: (method, path, requestOptions) => rawRequest(port, method, path, requestOptions),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const callPath = (name: string) => `/tools/${encodeURIComponent(name)}/call`;
export const validatePath = (name: string) => `/tools/${encodeURIComponent(name)}/validate`;
