// A `log` event's data, as a handler's `ctx.log` and a host's notifier send it: MCP's log message shape, checked here
// and written by the protocol's encoder.
import { encodeCallEvent, SERVER_LOG_LEVELS, type CallLog, type JsonText } from '../../../protocol/index.js';
import type { LogLevel } from '../../types.js';

/** MCP's log levels (RFC 5424's), least severe first: the protocol's list, which the page's menu shows too. */
export const LOG_LEVELS: readonly LogLevel[] = SERVER_LOG_LEVELS;
const KNOWN_LEVELS: ReadonlySet<string> = new Set(LOG_LEVELS);

/**
 * A `log` event's data (protocol's `encodeCallEvent.log`); throws a TypeError (naming `caller`) for a level MCP does
 * not know, or a logger that is not a string.
 */
export function logEventJson(
  caller: string,
  level: LogLevel,
  data: unknown,
  logger: string | undefined,
): JsonText<CallLog> {
  if (!KNOWN_LEVELS.has(level)) {
    throw new TypeError(`tool-console: ${caller}'s level must be one of ${LOG_LEVELS.join(', ')}`);
  }
  if (logger !== undefined && typeof logger !== 'string') {
    throw new TypeError(`tool-console: the logger of ${caller} must be a string`);
  }
  return encodeCallEvent.log({ level, logger, data });
}
