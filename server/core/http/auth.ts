// Runs the host's auth hook, Express style: only a call to `next()` lets the request through. `next(err)`, throwing
// and rejecting deny at once. A hook that returns (or settles) without deciding is still deciding: callback-style
// checks (passport strategies, `crypto.scrypt`, a session store) call `next` from a callback later, so the caller
// waits, and ends the wait with `giveUp` when the call's lifetime ends. Every denial's reason goes to the log, never
// to the client.
import type { CallLifetime } from '../calls/call-lifetime.js';
import { isPromiseLike } from '../maybe-async.js';
import type { ConsoleRequest } from './console-request.js';
import type { ConsoleSettings } from '../options.js';
import { formatRedacted } from '../redact-secrets.js';
import { jsonTextReply, type Reply } from './reply.js';
import type { AuthHook, Logger } from '../../types.js';

/** A credential's Basic decoding, `user:password` (as `atob` and as UTF-8 give it), and the password alone. */
function basicForms(credential: string): string[] {
  let binary: string;
  try {
    binary = atob(credential);
  } catch {
    return []; // not base64: nothing a hook could have decoded
  }
  const utf8 = new TextDecoder().decode(Uint8Array.from(binary, (character) => character.charCodeAt(0)));
  const forms: string[] = [];
  for (const pair of new Set([binary, utf8])) forms.push(pair, pair.slice(pair.indexOf(':') + 1));
  return forms;
}

/** What a secret looks like inside JSON text (a hook that JSON.stringify()s the headers into its error). */
function jsonEscaped(secret: string): string {
  return JSON.stringify(secret).slice(1, -1);
}

/**
 * The denial reason as log text with the request's credentials blanked out: hooks often put the token they refused
 * in their error ("invalid token abc..."), and a token must never reach the log. Also in the forms a hook makes of
 * it: Basic credentials decoded (the password), and any of them escaped as JSON writes strings.
 */
export function redactedReason(reason: unknown, request: ConsoleRequest, inspect: (value: unknown) => string): string {
  const authorization = request.header('authorization');
  if (typeof authorization !== 'string') return formatRedacted(reason, [], inspect);
  const credential = authorization.replace(/^\S+\s+/, '').trim();
  const secrets = [authorization, authorization.trim(), credential];
  if (/^basic\s/i.test(authorization)) secrets.push(...basicForms(credential));
  return formatRedacted(reason, [...secrets, ...secrets.map(jsonEscaped)], inspect);
}

/** A hook's decision in progress: `allowed` settles on the first decision; `giveUp` makes that decision a denial. */
export interface AuthDecision {
  /** true once `next()` is called; false on a denial. Pending while the hook has not decided. */
  readonly allowed: Promise<boolean>;
  /** Denies (logging `reason`) unless the hook has decided already; later calls of `next` change nothing. */
  giveUp(reason: string): false;
}

/** `inspect`: how a denial's reason becomes log text (the platform's). */
export function runAuthHook(
  hook: AuthHook<never>,
  request: ConsoleRequest,
  logger: Logger,
  inspect: (value: unknown) => string,
): AuthDecision {
  let decided = false;
  let settle!: (allowed: boolean) => void;
  const allowed = new Promise<boolean>((resolve) => (settle = resolve));
  const decide = (pass: boolean, reason?: unknown) => {
    if (decided) return; // next() twice, next() after a denial, a decision after giving up: nothing changes.
    decided = true;
    if (!pass) logger.warn('tool-console: auth hook denied a call:', redactedReason(reason, request, inspect));
    settle(pass);
  };
  const next = (error?: unknown) => (error === undefined ? decide(true) : decide(false, error));
  try {
    const returned = hook(request.raw as never, next);
    // Settling without a decision is not one: next() may still come from a callback.
    if (isPromiseLike(returned)) Promise.resolve(returned).then(undefined, (error: unknown) => decide(false, error));
  } catch (error) {
    decide(false, error);
  }
  return {
    allowed,
    giveUp: (reason) => (decide(false, reason), false),
  };
}

/** What a request the hook denied gets: 401, the reason kept for the log. */
export function unauthorizedReply(): Reply {
  return jsonTextReply(401, '{"error":"Unauthorized"}');
}

/**
 * Whether the hook lets the request through, waited for while `lifetime` lives (it watches the client from now on).
 * Still undecided when the lifetime ends, the request is denied and `undecided(end)` is logged as the reason.
 */
export function authorise(
  hook: AuthHook<never>,
  request: ConsoleRequest,
  { logger, platform }: Pick<ConsoleSettings, 'logger' | 'platform'>,
  lifetime: CallLifetime,
  undecided: (end: unknown) => string,
): Promise<boolean> {
  lifetime.watchClient();
  const decision = runAuthHook(hook, request, logger, platform.inspect);
  return lifetime.race(decision.allowed).catch((end: unknown) => decision.giveUp(undecided(end)));
}
