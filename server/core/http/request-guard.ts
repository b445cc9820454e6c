// Refuses what a hostile web page can make a browser send. A page on another site can post "simple" requests
// (text/plain bodies, HTML forms) without a preflight, and through DNS rebinding it can even reach the console under a
// host name of its own. So: every request must name an allowed host, and the routes that change state accept only
// JSON bodies (which no simple request can carry) from the console's own origin or an origin listed in corsOrigins.
import type { ConsoleRequest } from './console-request.js';
import { HttpError } from './http-error.js';

/** `true` allows any host; otherwise the names (and `.suffix` patterns) allowed besides the built-in ones. */
export type AllowedHosts = true | readonly string[];

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The host name of a Host header value (`example.com:8000`, `[::1]:8000`), lower-cased and without a final dot. */
export function hostName(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return (colon === -1 ? host : host.slice(0, colon)).replace(/\.$/, '');
}

/**
 * `[...]` holding an IPv6 address the URL parser takes (`[..]` or `[x]` is no address at all). Only such a name gives
 * a URL whose host name starts with `[`: any other either is a host name of its own or fails to parse.
 */
function isIpv6Literal(name: string): boolean {
  try {
    return new URL(`http://${name}/`).hostname.startsWith('[');
  } catch {
    return false;
  }
}

// A rebinding attack needs a name the attacker's DNS answers for: IP literals and loopback names cannot be rebound.
function isBuiltInHost(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || IPV4.test(name) || isIpv6Literal(name);
}

/**
 * The scheme the client used: the proxy's word (`X-Forwarded-Proto`) when one terminated TLS in front of the console,
 * else the connection's. A page cannot make a browser send that header to a foreign origin without a preflight, which
 * the console answers only for origins in corsOrigins.
 */
function schemeOf(request: ConsoleRequest): string {
  const forwarded = request.header('x-forwarded-proto');
  if (forwarded === undefined) return request.scheme;
  const comma = forwarded.indexOf(',');
  return (comma === -1 ? forwarded : forwarded.slice(0, comma)).trim().toLowerCase();
}

function matchesListed(name: string, listed: readonly string[]): boolean {
  for (const entry of listed) {
    // `.example.com` allows example.com and every name below it, as Vite's server.allowedHosts does.
    if (entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry) return true;
  }
  return false;
}

function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  if (contentType === 'application/json') return true; // as nearly every client sends it: no need to take it apart
  const semicolon = contentType.indexOf(';');
  const mediaType = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return mediaType === 'application/json';
}

export class RequestGuard {
  readonly #allowedHosts: true | readonly string[];
  readonly #corsOrigins: '*' | ReadonlySet<string> | undefined;
  readonly #sandboxOrigin: string | undefined;
  /** The host last found allowed: every request of a client names the same host, so it is checked once. */
  #lastAllowedHost: string | undefined;

  /** `sandboxOrigin`: where tool UIs run, never trusted to act whatever `corsOrigins` says. */
  constructor(allowedHosts: AllowedHosts, corsOrigins: '*' | ReadonlySet<string> | undefined, sandboxOrigin?: string) {
    this.#allowedHosts = allowedHosts === true ? true : allowedHosts.map((entry) => entry.toLowerCase());
    this.#corsOrigins = corsOrigins;
    this.#sandboxOrigin = sandboxOrigin;
  }

  /**
   * 403 for a request addressed to a host the console was not told it serves (DNS rebinding). `header`: the host as
   * ConsoleRequest.host gives it, a Host header's value.
   */
  checkHost(header: string | undefined): void {
    // HTTP/1.0 clients may send no Host at all; a browser always sends one.
    if (header === undefined || header === this.#lastAllowedHost || this.#allowedHosts === true) return;
    const name = hostName(header);
    if (isBuiltInHost(name) || matchesListed(name, this.#allowedHosts)) {
      this.#lastAllowedHost = header;
      return;
    }
    throw new HttpError(
      403,
      `This console does not answer to the host name ${name}. If it is meant to be reached under this name, add it ` +
        'to the allowedHosts option (or --allowed-host on the command line).',
    );
  }

  /**
   * For routes that change state: 403 for a foreign origin, then 415 for a body that is not declared as JSON. `host`:
   * the host the request addressed (ConsoleRequest.host), which names the console's own origin.
   */
  checkWrite(request: ConsoleRequest, host: string | undefined): void {
    this.checkOrigin(request, host);
    if (!isJsonMediaType(request.header('content-type'))) {
      throw new HttpError(415, 'The request body must be sent as Content-Type: application/json.', {
        'Accept-Post': 'application/json',
      });
    }
  }

  /**
   * 403 for a foreign origin: for the routes that change state, and for those that read what only the console's own
   * pages may (the protocol log carries everyone's calls).
   */
  checkOrigin(request: ConsoleRequest, host: string | undefined): void {
    const origin = request.header('origin');
    // A tool UI's own script, had it a way past its CSP: it acts only through the page, which marks what it relays.
    if (origin !== undefined && origin === this.#sandboxOrigin) {
      throw new HttpError(
        403,
        `Cross-origin request refused: ${origin} is where tool UIs run; they reach the API only through the page.`,
      );
    }
    if (origin !== undefined && !this.#isAllowedOrigin(origin, host, request)) {
      throw new HttpError(
        403,
        `Cross-origin request refused: ${origin} is not this console's origin. List it in the corsOrigins option ` +
          'to let its pages call the API.',
      );
    }
  }

  #isAllowedOrigin(origin: string, host: string | undefined, request: ConsoleRequest): boolean {
    const listed = this.#corsOrigins;
    if (listed === '*' || listed?.has(origin)) return true;
    // Same origin: the page the console itself served, same scheme and authority (an https page is another origin
    // than an http console on the same host and port). `null` origins, from sandboxed frames and files, never are.
    if (host === undefined) return false;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    return url.host === host.toLowerCase() && url.protocol === `${schemeOf(request)}:`;
  }
}
