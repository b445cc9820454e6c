// After every fault the console must go on as if nothing happened: this is the check each fault test ends with.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { recordingLogger, type RecordingLogger, type RunningConsole } from '../server/helpers.js';

/** Asserts the tool list and a plain call of `toolName` still answer normally. */
export async function assertStillServing(
  app: RunningConsole,
  toolName = 'get_weather',
  body = '{"mode":"ok"}',
): Promise<void> {
  const list = await app.request('GET', '/tools');
  assert.equal(list.status, 200, `GET /tools after the fault: ${list.text}`);
  const call = await app.request('POST', `/tools/${encodeURIComponent(toolName)}/call`, { body });
  assert.equal(call.status, 200, `a normal call after the fault: ${call.text}`);
  assert.equal(call.json.isError, false);
}

/**
 * A recording logger that formats its arguments the way `console` does (util.inspect), so a thrown value whose
 * toString throws is recorded instead of breaking the log call.
 */
export function inspectingLogger(): RecordingLogger {
  const inner = recordingLogger();
  const formatted =
    (level: 'info' | 'warn' | 'error') =>
    (...args: unknown[]) =>
      inner[level](...args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg))));
  return { ...inner, info: formatted('info'), warn: formatted('warn'), error: formatted('error') };
}

/** The log lines written since `mark` (a length of `logger.lines` taken before the request). */
export function linesSince(logger: RecordingLogger, mark: number, level: 'info' | 'warn' | 'error'): string {
  return logger.lines
    .slice(mark)
    .filter((line) => line.level === level)
    .map((line) => line.text)
    .join('\n');
}
