// A `log` event's data, as a handler's `ctx.log` and a host's notifier send it: MCP's log message shape.
import type { LogLevel } from '../types.js';

/** MCP's log levels (RFC 5424's), least severe first. */
export const LOG_LEVELS: readonly LogLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];
const KNOWN_LEVELS: ReadonlySet<string> = new Set(LOG_LEVELS);

/** `data` as JSON text; a value JSON cannot express (a cycle, a BigInt) is sent as its string form. */
function jsonOf(data: unknown): string {
  try {
    return JSON.stringify(data) ?? 'null';
  } catch {
    return JSON.stringify(String(data));
  }
}

/** `{level, logger?, data}` as JSON; throws a TypeError (naming `caller`) for a level MCP does not know. */
export function logEventJson(caller: string, level: LogLevel, data: unknown, logger: string | undefined): string {
  if (!KNOWN_LEVELS.has(level)) {
    throw new TypeError(`tool-console: ${caller}'s level must be one of ${LOG_LEVELS.join(', ')}`);
  }
  if (logger !== undefined && typeof logger !== 'string') {
    throw new TypeError(`tool-console: the logger of ${caller} must be a string`);
  }
  const source = logger === undefined ? '' : `,"logger":${JSON.stringify(logger)}`;
  return `{"level":"${level}"${source},"data":${jsonOf(data)}}`;
}
