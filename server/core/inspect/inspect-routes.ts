// The /server routes (docs/http-api.md, "Seeing the server"), answered from the host's inspector: the state, the
// protocol log (JSON, filtered, as a file, or live), the notifications, and the log level, ping, reconnect and
// restart. Each is guarded like a call (inspect-access.ts) and answered `Cache-Control: no-store`; what fails for want
// of the server is a 502 carrying the doctor's sentence and its diagnosis, so a page can show both and offer Retry.
import { describeThrown } from '../calls/call-result.js';
import { withinTimeLimit } from '../calls/time-limit.js';
import { acceptsEventStream, type ConsoleRequest } from '../http/console-request.js';
import { HttpError } from '../http/http-error.js';
import { readJson } from '../http/json-body.js';
import { jsonReply, type Reply } from '../http/reply.js';
import type { ConsoleSettings } from '../options.js';
import { isPlainObject } from '../../../protocol/is-plain-object.js';
import { SERVER_LOG_LEVELS, type ProtocolLogExport, type ServerErrorBody } from '../../../protocol/index.js';
import { checkAuthorized, checkExecution } from './inspect-access.js';
import { logQueryOf, matchesQuery } from './log-query.js';
import type { ServerInspector } from './server-inspector.js';
import type { ServerLogWatchers } from './server-log-watchers.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

const LEVEL_NAMES = new Set<string>(SERVER_LOG_LEVELS);

/** What the inspector threw, as an answer: its own status when it gave one (400 to 599), else 502; its diagnosis. */
function inspectFailed(error: unknown, doing: string, settings: ConsoleSettings): Reply {
  const { status, diagnosis } = (error ?? {}) as { status?: unknown; diagnosis?: unknown };
  const given = typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599;
  const code = given ? status : 502;
  if (code >= 500) settings.logger.warn(`tool-console: ${doing} failed:`, describeThrown(error));
  const body: ServerErrorBody = { error: describeThrown(error) };
  if (isPlainObject(diagnosis)) body.diagnosis = diagnosis as unknown as ServerErrorBody['diagnosis'];
  return jsonReply(code, body, NO_STORE);
}

export class InspectRoutes {
  readonly #settings: ConsoleSettings;
  readonly #inspector: ServerInspector;
  readonly #watchers: ServerLogWatchers;

  constructor(settings: ConsoleSettings, inspector: ServerInspector, watchers: ServerLogWatchers) {
    this.#settings = settings;
    this.#inspector = inspector;
    this.#watchers = watchers;
  }

  /** `GET /server`: the state as of now (never connects). */
  async state(request: ConsoleRequest): Promise<Reply> {
    await this.#allow(request);
    return jsonReply(200, this.#inspector.state(), NO_STORE);
  }

  /** `GET /server/log`: the log as JSON (filtered by the query; an attachment with `?download=1`), or live. */
  async log(request: ConsoleRequest): Promise<Reply> {
    const query = logQueryOf(request.url);
    await this.#allow(request);
    if (acceptsEventStream(request)) return this.#watchers.watch(this.#inspector, query);
    const whole = this.#inspector.log();
    const answer: ProtocolLogExport = {
      dropped: whole.dropped,
      entries: whole.entries.filter((entry) => matchesQuery(entry, query)),
    };
    const headers = query.download
      ? { ...NO_STORE, 'Content-Disposition': 'attachment; filename="mcp-protocol-log.json"' }
      : NO_STORE;
    return jsonReply(200, answer, headers);
  }

  /** `GET /server/notifications`: what the server sent unasked, newest first. */
  async notifications(request: ConsoleRequest): Promise<Reply> {
    await this.#allow(request);
    return jsonReply(200, this.#inspector.notifications(), NO_STORE);
  }

  /** `POST /server/log-level` `{"level": ...}`: the body (413, 400), the auth hook, the level (400), the server. */
  async setLogLevel(request: ConsoleRequest): Promise<Reply> {
    const settings = this.#settings;
    checkExecution(settings);
    const body = await readJson(request, settings.maxBodyBytes);
    if (!body.ok) throw new HttpError(400, `Invalid JSON: ${body.error.message}`);
    await checkAuthorized(settings, request);
    const level = isPlainObject(body.value) ? body.value.level : undefined;
    if (typeof level !== 'string' || !LEVEL_NAMES.has(level)) {
      const got = typeof level === 'string' ? `"${level.slice(0, 40)}"` : 'no {"level": "..."}';
      throw new HttpError(400, `The log level must be one of ${SERVER_LOG_LEVELS.join(', ')}, got ${got}.`);
    }
    return this.#act(request, 'setting the log level', () => this.#inspector.setLogLevel(level), true);
  }

  /** `POST /server/ping`: `{ms}`, or 504 after `callTimeoutMs`. */
  ping(request: ConsoleRequest): Promise<Reply> {
    return this.#act(request, 'the ping', () => this.#inspector.ping(), true);
  }

  /** `POST /server/reconnect`: the new connection's state. */
  reconnect(request: ConsoleRequest): Promise<Reply> {
    return this.#act(request, 'reconnecting', () => this.#inspector.reconnect(), false);
  }

  /** `POST /server/restart`: a stdio server's new process's state (409 for a URL). */
  restart(request: ConsoleRequest): Promise<Reply> {
    return this.#act(request, 'restarting', () => this.#inspector.restart(), false);
  }

  /**
   * Runs one action once the request may. `timed`: within `callTimeoutMs` (504 after); reconnecting is bounded by
   * the host's own connect time limit instead, since starting a server may take longer than a call.
   */
  async #act(request: ConsoleRequest, doing: string, run: () => Promise<unknown>, timed: boolean): Promise<Reply> {
    await this.#allow(request);
    const { callTimeoutMs } = this.#settings;
    const late = () => new HttpError(504, `${capitalised(doing)} did not finish within ${callTimeoutMs} ms.`);
    try {
      const result = await (timed ? withinTimeLimit(run(), callTimeoutMs, late) : run());
      return jsonReply(200, result, NO_STORE);
    } catch (error) {
      return inspectFailed(error, doing, this.#settings);
    }
  }

  async #allow(request: ConsoleRequest): Promise<void> {
    checkExecution(this.#settings);
    await checkAuthorized(this.#settings, request);
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
