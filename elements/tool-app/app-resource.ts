// A tool UI's resource as the page uses it: the app's HTML from the server's `resources/read` answer, and the sandbox
// it asks for (its CSP domains and permissions), kept only where they have the shapes the spec gives them. Whatever
// the server sent is untrusted: it becomes the srcdoc of a frame on the sandbox origin, never markup in this page.
import { buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpUiResourceCsp, McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';
import { APP_MIME_TYPE, type ReadResourceResult, SANDBOX_POLICY_META_KEY } from '../../protocol/index.js';
import { isPlainObject } from '../../protocol/is-plain-object.js';
import { base64ToBytes } from '../display/safe-url.js';

export interface AppResource {
  html: string;
  /** The CSP domains as the sandbox applies them (those of the signed policy). */
  csp: McpUiResourceCsp;
  /** The permissions the app's frame gets: only the four the spec names. */
  permissions: McpUiResourcePermissions;
  /** The policy as the console signed it, for the sandbox page (none from a backend that signs none: the default). */
  policy?: string;
}

const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const;

const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/**
 * The CSP domains the sandbox page applies: those of the policy the console signed (its first part is the applied
 * declaration as base64url JSON), so the page tells the app what it really got. Without a policy the sandbox applies
 * the restrictive default: none. (The page does not filter a declaration itself: the server's filter holds the
 * Public Suffix List, which stays out of the page.)
 */
export function appCsp(policy: string | undefined): McpUiResourceCsp {
  const csp: McpUiResourceCsp = {};
  let applied: unknown;
  try {
    const payload = (policy ?? '').split('.')[0].replace(/-/g, '+').replace(/_/g, '/');
    const padded = payload + '='.repeat((4 - (payload.length % 4)) % 4);
    applied = payload ? JSON.parse(new TextDecoder().decode(base64ToBytes(padded) ?? undefined)) : undefined;
  } catch {
    return csp;
  }
  if (!isPlainObject(applied)) return csp;
  for (const key of CSP_KEYS) {
    const list = applied[key];
    if (Array.isArray(list) && list.length && list.every((entry) => typeof entry === 'string')) csp[key] = list;
  }
  return csp;
}

/** The declared permissions among camera, microphone, geolocation and clipboardWrite. */
export function appPermissions(declared: unknown): McpUiResourcePermissions {
  const permissions: McpUiResourcePermissions = {};
  if (!isPlainObject(declared)) return permissions;
  for (const key of PERMISSIONS) if (isPlainObject(declared[key])) permissions[key] = {};
  return permissions;
}

/** The `allow` attribute of the app's frames: only what the app declared. */
export const allowAttribute = (permissions: McpUiResourcePermissions) => buildAllowAttribute(permissions);

/**
 * The app behind `uri` in a `resources/read` answer: its contents for that URI (or the first), which must be HTML of
 * the MCP App type, as text or base64. Throws an Error whose message says what is wrong, for the view to show.
 */
export function appResource(result: ReadResourceResult, uri: string): AppResource {
  const contents = result.contents.find((item) => item?.uri === uri) ?? result.contents[0];
  if (!isPlainObject(contents)) throw new Error(`The server sent no contents for ${uri}.`);
  const type = typeof contents.mimeType === 'string' ? contents.mimeType : '';
  if (type.replace(/\s+/g, '').toLowerCase() !== APP_MIME_TYPE) {
    throw new Error(`${uri} is not an MCP App: its type is ${type || 'not given'}, not ${APP_MIME_TYPE}.`);
  }
  const bytes = typeof contents.text === 'string' ? null : base64ToBytes(contents.blob);
  const html = typeof contents.text === 'string' ? contents.text : bytes && new TextDecoder().decode(bytes);
  if (typeof html !== 'string') throw new Error(`${uri} has no HTML: neither text nor base64 contents.`);
  const meta = isPlainObject(contents._meta) ? contents._meta : {};
  const ui = isPlainObject(meta.ui) ? meta.ui : {};
  const policy = typeof meta[SANDBOX_POLICY_META_KEY] === 'string' ? meta[SANDBOX_POLICY_META_KEY] : undefined;
  return { html, csp: appCsp(policy), permissions: appPermissions(ui.permissions), policy };
}

/**
 * The sandbox proxy's address for this app: the sandbox page with the policy the console signed for it. The sandbox
 * page reads nothing else from its URL: an app can write that URL too.
 */
export function sandboxUrl(sandbox: string, policy: string | undefined): string {
  const url = new URL(sandbox, document.baseURI);
  if (policy !== undefined) url.searchParams.set('policy', policy);
  return url.href;
}
