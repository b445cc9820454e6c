// The Content-Security-Policy of a tool UI, built from the domains its resource declares (MCP Apps' `ui.csp`). The
// declaration comes from the MCP server (and reaches the sandbox signed by the console, see sandbox-policy.ts), so it
// is read as untrusted: only plain sources (scheme, host, optional port) get in. Nothing else can: no keyword (`'unsafe-eval'`),
// no scheme source (`data:`, `javascript:`), no lone `*`, no `;` or space that would start a directive of its own.

import { isPlainObject } from '../../../protocol/is-plain-object.js';
import { isWildcardOfOneRegistrant } from './sandbox-public-suffix.js';

/** What an app's resource may declare (`_meta.ui.csp`); every list optional. */
export interface AppCsp {
  connectDomains?: unknown;
  resourceDomains?: unknown;
  frameDomains?: unknown;
  baseUriDomains?: unknown;
}

// More than any real app declares; a longer list only makes a header that proxies refuse.
const MAX_SOURCES = 32;
const MAX_SOURCE_LENGTH = 255;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
// `*.` needs two labels after it: `https://*.example.com`, never `https://*.com`; and no public suffix (`*.co.uk`,
// `*.github.io`) after it either (sandbox-public-suffix.ts).
const HOST = `(?:\\*\\.(${LABEL}(?:\\.${LABEL})+)|${LABEL}(?:\\.${LABEL})*|\\[[0-9a-f:.]+\\])`;
// Its groups: the name after a wildcard's `*.`, and the port.
const PLAIN_SOURCE = new RegExp(`^(?:https?|wss?)://${HOST}(?::(\\d{1,5}))?/?$`, 'i');

/** `entry` as a CSP source (lower-case, no trailing slash), or undefined when it is not a plain source. */
export function plainSource(entry: unknown): string | undefined {
  if (typeof entry !== 'string' || entry.length > MAX_SOURCE_LENGTH) return undefined;
  const match = PLAIN_SOURCE.exec(entry);
  if (match === null) return undefined;
  const [, wildcardName, port] = match;
  // Without a port, Number(undefined) is NaN: over nothing.
  if (Number(port) > 65535) return undefined;
  // (The Public Suffix List lookup reads a name in any case.)
  if (wildcardName !== undefined && !isWildcardOfOneRegistrant(wildcardName)) return undefined;
  return entry.toLowerCase().replace(/\/$/, '');
}

/** The plain sources of a declared list, each once, at most MAX_SOURCES; empty for anything but an array. */
export function plainSources(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const sources = new Set<string>();
  for (const entry of list) {
    const source = plainSource(entry);
    if (source !== undefined) sources.add(source);
    if (sources.size === MAX_SOURCES) break;
  }
  return [...sources];
}

const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/** A declaration (`_meta.ui.csp`) reduced to its plain sources; a list left empty is left out. */
export function appCsp(declared: unknown): AppCsp {
  const csp: Record<string, string[]> = {};
  if (!isPlainObject(declared)) return csp;
  for (const key of CSP_KEYS) {
    const sources = plainSources(declared[key]);
    if (sources.length) csp[key] = sources;
  }
  return csp;
}

const withSources = (base: string, sources: string[]) => (sources.length ? `${base} ${sources.join(' ')}` : base);

/**
 * The policy: the app's own inline script and style run (an MCP App is one HTML document), resources load from
 * `resourceDomains`, connections go to `connectDomains` only, frames to `frameDomains` only; nothing else.
 * Scripts and workers made from the app's own bytes (`data:` and `blob:` URLs, WebAssembly) run too: they reach no
 * origin that inline script could not, and bundled apps ship their workers that way (server-pdf's pdf.js worker is a
 * `data:` module, without which the viewer shows nothing).
 */
export function sandboxPolicy(csp: AppCsp): string {
  const resources = plainSources(csp.resourceDomains);
  const connect = plainSources(csp.connectDomains);
  const frames = plainSources(csp.frameDomains);
  const baseUris = plainSources(csp.baseUriDomains);
  return [
    "default-src 'none'",
    withSources("script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval' data: blob:", resources),
    withSources("worker-src 'self' data: blob:", resources),
    withSources("style-src 'self' 'unsafe-inline'", resources),
    withSources("img-src 'self' data: blob:", resources),
    withSources("font-src 'self' data:", resources),
    withSources("media-src 'self' data: blob:", resources),
    connect.length ? `connect-src ${connect.join(' ')}` : "connect-src 'none'",
    frames.length ? `frame-src ${frames.join(' ')}` : "frame-src 'none'",
    baseUris.length ? `base-uri ${baseUris.join(' ')}` : "base-uri 'self'",
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
}
