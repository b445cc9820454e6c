// Runs the host's auth hook, Express style: only a call to `next()` lets the request through. Everything else —
// throwing, rejecting, `next(err)`, returning (or settling) without calling `next` — is a denial, whose reason
// goes to the log and never to the client. (A hook that never settles is cut short by the call's time limit.)
import { isPromiseLike } from './catalog.js';
import type { ConsoleRequest } from './console-request.js';
import { formatRedacted } from './redact-secrets.js';
import type { AuthHook, Logger } from './types.js';

/**
 * The denial reason as log text with the request's credentials blanked out: hooks often put the token they refused
 * in their error ("invalid token abc..."), and a token must never reach the log.
 */
export function redactedReason(reason: unknown, request: ConsoleRequest): string {
  const authorization = request.header('authorization');
  if (typeof authorization !== 'string') return formatRedacted(reason, []);
  const credential = authorization.replace(/^\S+\s+/, '').trim();
  return formatRedacted(reason, [authorization, authorization.trim(), credential]);
}

export function passesAuthHook(hook: AuthHook<never>, request: ConsoleRequest, logger: Logger): Promise<boolean> {
  return new Promise((resolve) => {
    let decided = false;
    const decide = (allowed: boolean, reason?: unknown) => {
      if (decided) return; // next() twice, or next() after a denial, changes nothing.
      decided = true;
      if (!allowed) logger.warn('tool-console: auth hook denied a call:', redactedReason(reason, request));
      resolve(allowed);
    };
    const next = (error?: unknown) => (error === undefined ? decide(true) : decide(false, error));
    try {
      const returned = hook(request.raw as never, next);
      if (isPromiseLike(returned)) {
        Promise.resolve(returned).then(
          () => decide(false, 'the hook settled without calling next()'),
          (error: unknown) => decide(false, error),
        );
      } else {
        decide(false, 'the hook returned without calling next()');
      }
    } catch (error) {
      decide(false, error);
    }
  });
}
