// The policy a tool UI runs under travels to the sandbox page signed by this console. An app's script shares its
// origin with every page the sandbox origin serves and may run script in any of them (reload its proxy, navigate its
// own frame there), so no page of that origin may take its policy from anything the app can write: the console signs
// the policy the app's resource declared when the page reads that resource, and the sandbox page applies only a
// policy whose signature it can check. Without one it applies the restrictive default (see sandbox-csp.ts).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { APP_MIME_TYPE, SANDBOX_POLICY_META_KEY } from '../../protocol/index.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';
import { type AppCsp, appCsp } from './sandbox-csp.js';

// One key per process, never stored or sent: a console restarted signs anew, and what an older one signed is refused
// (the page reads the app again when it opens it). Consoles in two processes do not share it: the sandbox name must
// reach the process that served the page.
const KEY = randomBytes(32);

const signatureOf = (payload: string) => createHmac('sha256', KEY).update(payload).digest();

/** `declared` (a resource's `_meta.ui.csp`) reduced to plain sources, signed: `<base64url JSON>.<base64url HMAC>`. */
export function signSandboxPolicy(declared: unknown): string {
  const payload = Buffer.from(JSON.stringify(appCsp(declared))).toString('base64url');
  return `${payload}.${signatureOf(payload).toString('base64url')}`;
}

/** The policy a token carries when this console signed it; undefined for anything else. */
export function verifiedSandboxPolicy(token: string): AppCsp | undefined {
  const [payload, signature, ...rest] = token.split('.');
  if (rest.length || !payload || !signature) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isPlainObject(value) ? (value as AppCsp) : undefined;
  } catch {
    return undefined;
  }
}

/** A read's answer with each MCP App contents signed its declared policy; anything else passes as it is. */
export function withSandboxPolicies(result: { contents: unknown[] }): { contents: unknown[] } {
  if (!result.contents.some((item) => isPlainObject(item) && isAppType(item.mimeType))) return result;
  const contents = result.contents.map((item) => {
    if (!isPlainObject(item) || !isAppType(item.mimeType)) return item;
    const meta = isPlainObject(item._meta) ? item._meta : {};
    const ui = isPlainObject(meta.ui) ? meta.ui : {};
    return { ...item, _meta: { ...meta, [SANDBOX_POLICY_META_KEY]: signSandboxPolicy(ui.csp) } };
  });
  return { ...result, contents };
}

const isAppType = (type: unknown) =>
  typeof type === 'string' && type.replace(/\s+/g, '').toLowerCase() === APP_MIME_TYPE;
