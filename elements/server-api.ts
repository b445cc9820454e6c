// The backend's `/server` routes (docs/http-api.md "Seeing the server"), for the page's Server drawer: the server's
// state, its protocol log (once and live), the log level, ping, reconnect and restart. Addressed beside the tools
// collection and sending the token the calls send: reading the log is reading other people's calls, so every route,
// GET included, is behind the same auth hook.
import {
  decodeProtocolLog,
  decodeServerLogEvent,
  decodeServerState,
  parseJson,
  type PingResult,
  type ProtocolLogExport,
  type ServerLogEventMap,
  type ServerLogLevel,
  type ServerState,
} from '../protocol/index.js';
import { ApiError, bearer, type ToolApi } from './api.js';
import { isEventStream, readEventStream } from './event-stream.js';

/** One event of the live log, tagged with its name. */
export type ServerLogEvent = {
  [K in keyof ServerLogEventMap]: { type: K; data: ServerLogEventMap[K] };
}[keyof ServerLogEventMap];

async function readJson(response: Response): Promise<unknown> {
  return parseJson(await response.text()) ?? null;
}

/** A non-OK answer as an ApiError with the server's sentence (the doctor's, for a 502) and the body it came in. */
function failure(status: number, body: unknown): ApiError {
  const error = (body as { error?: unknown } | null)?.error;
  return new ApiError(status, typeof error === 'string' ? error : `The server answered HTTP ${status}.`, body);
}

export class ServerApi {
  constructor(private readonly tools: ToolApi) {}

  /** A route beside the tools collection: `server`, `server/log`, … */
  url(path: string): string {
    return new URL(path, this.tools.toolsUrl).href;
  }

  async state(signal?: AbortSignal): Promise<ServerState> {
    return this.decoded(await this.request('GET', 'server', undefined, signal), decodeServerState, 'server state');
  }

  /** The whole protocol log, oldest first. */
  async log(signal?: AbortSignal): Promise<ProtocolLogExport> {
    return this.decoded(await this.request('GET', 'server/log', undefined, signal), decodeProtocolLog, 'protocol log');
  }

  async setLogLevel(level: ServerLogLevel): Promise<ServerState> {
    return this.decoded(await this.request('POST', 'server/log-level', { level }), decodeServerState, 'server state');
  }

  async ping(): Promise<PingResult> {
    const body = (await this.request('POST', 'server/ping', {})) as Partial<PingResult> | null;
    if (typeof body?.ms !== 'number') throw new ApiError(200, 'The answer to the ping has no round trip.', body);
    return { ms: body.ms };
  }

  /** `reconnect` (any server) or `restart` (a stdio server's process). */
  async reconnect(how: 'reconnect' | 'restart'): Promise<ServerState> {
    return this.decoded(await this.request('POST', `server/${how}`, {}), decodeServerState, 'server state');
  }

  /**
   * Follows the live log: `onEvent` gets each entry past `after` (the last one the page holds), drop, stderr line and
   * state. Resolves when the stream ends; rejects with an ApiError when the backend does not stream it.
   */
  async watch(after: number, signal: AbortSignal, onEvent: (event: ServerLogEvent) => void): Promise<void> {
    const response = await fetch(this.url(`server/log?after=${after}`), {
      headers: this.headers({ Accept: 'text/event-stream' }),
      signal,
    });
    if (!isEventStream(response)) throw failure(response.status, await readJson(response));
    for await (const { event, data } of readEventStream(response.body, signal)) {
      if (!Object.hasOwn(decodeServerLogEvent, event)) continue;
      const type = event as keyof ServerLogEventMap;
      const decoded = decodeServerLogEvent[type](parseJson(data));
      if (decoded) onEvent({ type, data: decoded } as ServerLogEvent);
    }
  }

  private async request(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal) {
    const headers = this.headers({ Accept: 'application/json' });
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(this.url(path), {
      method,
      headers,
      // A GET has no body: JSON.stringify(undefined) is undefined.
      body: JSON.stringify(body),
      signal,
    });
    const answer = await readJson(response);
    if (!response.ok) throw failure(response.status, answer);
    return answer;
  }

  private headers(headers: Record<string, string>): Record<string, string> {
    if (this.tools.token) headers.Authorization = bearer(this.tools.token);
    return headers;
  }

  private decoded<T>(body: unknown, decode: (data: unknown) => T | undefined, what: string): T {
    const value = decode(body);
    if (value === undefined) throw new ApiError(200, `The ${what} the server sent is not one.`, body);
    return value;
  }
}
