// A tool UI's resource as the page uses it: the app's HTML from the server's `resources/read` answer, and the sandbox
// it asks for (its CSP domains and permissions), kept only where they have the shapes the spec gives them. Whatever
// the server sent is untrusted: it becomes the srcdoc of a frame on the sandbox origin, never markup in this page.
import { buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpUiResourceCsp, McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';
import { appCsp as declaredCsp } from '../../server/core/sandbox-csp.js';
import { APP_MIME_TYPE, type ReadResourceResult, SANDBOX_POLICY_META_KEY } from '../../server/wire.js';
import { isPlainObject } from '../lib/is-plain-object.js';
import { base64ToBytes } from '../lib/safe-url.js';

export interface AppResource {
  html: string;
  /** The CSP domains as the sandbox applies them: only plain sources survive. */
  csp: McpUiResourceCsp;
  /** The permissions the app's frame gets: only the four the spec names. */
  permissions: McpUiResourcePermissions;
  /** The policy as the console signed it, for the sandbox page (none from a backend that signs none: the default). */
  policy?: string;
}

const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const;

/**
 * The declared CSP domains, each list reduced to its plain sources by the same rule the sandbox page applies (so the
 * page can tell the app which policy it really got); a list left empty is left out.
 */
export const appCsp = (declared: unknown): McpUiResourceCsp => declaredCsp(declared) as McpUiResourceCsp;

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
  const app: AppResource = { html, csp: appCsp(ui.csp), permissions: appPermissions(ui.permissions) };
  if (typeof meta[SANDBOX_POLICY_META_KEY] === 'string') app.policy = meta[SANDBOX_POLICY_META_KEY];
  return app;
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
