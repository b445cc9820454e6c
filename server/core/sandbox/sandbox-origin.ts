// The origin tool UIs run on. MCP Apps must never share the console's origin (an app's script there could call every
// tool and read the page), so the host serves them from a second origin: another port, or another host name that
// reaches the same handler. The console tells its requests apart by their Host header alone.
import { rememberedAnswers } from './remembered-answers.js';

export interface SandboxOrigin {
  /** `http(s)://host[:port]`, as the URL standard writes it (lower-case, no default port). */
  origin: string;
  /** `host[:port]` as a Host header names it, normalised the same way. */
  host: string;
  protocol: 'http:' | 'https:';
}

// Scheme, host and optional port; a trailing slash is forgiven, nothing else (path, query, user, fragment) is.
const ORIGIN_SHAPE = /^https?:\/\/[^/?#@\s\\]+\/?$/i;
// What a Host header may hold: a name or an IPv4 or IPv6 address, and a port.
const HOST_SHAPE = /^[a-z0-9.\-[\]:]+$/i;

/** The sandbox origin, or undefined when `value` is not one. */
export function parseSandboxOrigin(value: string): SandboxOrigin | undefined {
  if (!ORIGIN_SHAPE.test(value)) return undefined;
  let url: URL;
  try {
    // An http(s) URL with an empty host does not parse: what does has a host.
    url = new URL(value);
  } catch {
    return undefined;
  }
  return { origin: url.origin, host: url.host, protocol: url.protocol as SandboxOrigin['protocol'] };
}

/** Whether a request's Host header names the sandbox (any case, its scheme's default port written or not). */
export function isSandboxHost(hostHeader: string | undefined, sandbox: SandboxOrigin): boolean {
  if (hostHeader === undefined) return false;
  // `apps.example.` is `apps.example` (a fully qualified name), as the console's own host check reads it.
  const host = hostHeader.trim().replace(/\.(?=(?::\d*)?$)/, '');
  if (!HOST_SHAPE.test(host)) return false;
  try {
    return new URL(`${sandbox.protocol}//${host}`).host === sandbox.host;
  } catch {
    return false;
  }
}

// Host headers seen are few (a console's names and ports), so each one's answer is kept; a client sending ever new
// ones only ever fills this much before it starts over.
const REMEMBERED_HOSTS = 64;

/**
 * `isSandboxHost` for every request of a console: each Host header's answer is worked out once (it parses a URL), as
 * the check now runs before every route, calls included.
 */
export function sandboxHostCheck(sandbox: SandboxOrigin): (hostHeader: string | undefined) => boolean {
  return rememberedAnswers((hostHeader: string | undefined) => isSandboxHost(hostHeader, sandbox), REMEMBERED_HOSTS);
}
