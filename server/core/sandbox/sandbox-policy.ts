// The policy a tool UI runs under travels to the sandbox page signed by this console. An app's script shares its
// origin with every page the sandbox origin serves and may run script in any of them (reload its proxy, navigate its
// own frame there), so no page of that origin may take its policy from anything the app can write: the console signs
// the policy the app's resource declared when the page reads that resource, and the sandbox page applies only a
// policy whose signature it can check. Without one it applies the restrictive default (see sandbox-csp.ts).
import { fromBase64url, toBase64url, utf8Bytes, utf8Text } from '../platform/bytes.js';
import { APP_MIME_TYPE, SANDBOX_POLICY_META_KEY } from '../../../protocol/index.js';
import { isPlainObject } from '../../../protocol/is-plain-object.js';
import { type AppCsp, appCsp } from './sandbox-csp.js';

// One key per process, never stored, sent or even readable (not extractable): a console restarted signs anew, and what
// an older one signed is refused (the page reads the app again when it opens it). Consoles in two processes do not
// share it: the sandbox name must reach the process that served the page. Made on first use: Workers allow no random
// values at a module's top level. Web Crypto on every runtime; verify() compares in constant time.
let key: Promise<CryptoKey> | undefined;
const signingKey = () =>
  (key ??= crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]) as Promise<CryptoKey>);

/** `declared` (a resource's `_meta.ui.csp`) reduced to plain sources, signed: `<base64url JSON>.<base64url HMAC>`. */
export async function signSandboxPolicy(declared: unknown): Promise<string> {
  const payload = toBase64url(utf8Bytes(JSON.stringify(appCsp(declared))));
  const signature = await crypto.subtle.sign('HMAC', await signingKey(), utf8Bytes(payload));
  return `${payload}.${toBase64url(new Uint8Array(signature))}`;
}

/** The policy a token carries when this console signed it; undefined for anything else. */
export async function verifiedSandboxPolicy(token: string): Promise<AppCsp | undefined> {
  const [payload, signature, ...rest] = token.split('.');
  if (rest.length || !payload || !signature) return undefined;
  const given = fromBase64url(signature);
  if (given === undefined || !(await crypto.subtle.verify('HMAC', await signingKey(), given, utf8Bytes(payload)))) {
    return undefined;
  }
  // Only what signSandboxPolicy signed verifies, and that is always base64url JSON of an object: nothing to check.
  return JSON.parse(utf8Text(fromBase64url(payload)!)) as AppCsp;
}

/** A read's answer with each MCP App contents signed its declared policy; anything else passes as it is. */
export async function withSandboxPolicies(result: { contents: unknown[] }): Promise<{ contents: unknown[] }> {
  const contents = await Promise.all(
    result.contents.map(async (item) => {
      if (!isPlainObject(item) || !isAppType(item.mimeType)) return item;
      const meta = isPlainObject(item._meta) ? item._meta : {};
      const ui = isPlainObject(meta.ui) ? meta.ui : {};
      return { ...item, _meta: { ...meta, [SANDBOX_POLICY_META_KEY]: await signSandboxPolicy(ui.csp) } };
    }),
  );
  return { ...result, contents };
}

const isAppType = (type: unknown) =>
  typeof type === 'string' && type.replace(/\s/g, '').toLowerCase() === APP_MIME_TYPE;
