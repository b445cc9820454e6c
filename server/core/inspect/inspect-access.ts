// Who may see the server: the /server routes carry everything it said to anyone (other people's calls among it), so
// each one, GET included, is guarded like a call: execution must be allowed, and the auth hook must let the request
// through within the call time limit. (The Origin and Content-Type guards run before, in console-core.ts.)
import { runAuthHook } from '../http/auth.js';
import type { ConsoleRequest } from '../http/console-request.js';
import { HttpError } from '../http/http-error.js';
import type { ConsoleSettings } from '../options.js';
import { withinTimeLimit } from '../calls/time-limit.js';

/** 403 when execution is off; the same as a call's. */
export function checkExecution(settings: ConsoleSettings): void {
  if (!settings.allowExecute) throw new HttpError(403, 'Tool execution is disabled.');
}

/** 401 `{"error":"Unauthorized"}` unless the auth hook lets the request through (nothing else is said). */
export async function checkAuthorized(settings: ConsoleSettings, request: ConsoleRequest): Promise<void> {
  const { authHook, logger, callTimeoutMs, platform } = settings;
  if (authHook === undefined) return;
  const decision = runAuthHook(authHook, request, logger, platform.inspect);
  const late = () => new Error('the hook did not call next() within the call time limit');
  const allowed = await withinTimeLimit(decision.allowed, callTimeoutMs, late).catch((error: Error) =>
    decision.giveUp(error.message),
  );
  if (!allowed) throw new HttpError(401, 'Unauthorized');
}
