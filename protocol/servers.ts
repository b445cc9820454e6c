// Many servers in one console (the CLI's `--config`): the listing the server switcher reads at `GET /servers`, one
// entry per configured MCP server in the file's order. Each server's whole console lives under `servers/<name>/`
// (its name percent-encoded as one path segment), so everything a single console offers works per server.
import type { Diagnosis } from './server-state.js';
import type { Icon } from './icons.js';

/**
 * Where a configured server is: `idle` until something first needs it (servers start when first opened, or all at
 * start with `--eager`), `connecting`, `ready`, or `failed` with the doctor's diagnosis (the next request tries again).
 */
export type ConfiguredServerStatus = 'idle' | 'connecting' | 'ready' | 'failed';

/** One server of the listing. */
export interface ConfiguredServerSummary {
  /** The server's name in the config file (its key under `mcpServers` or `servers`). */
  name: string;
  /** The path of its console relative to the listing's (`servers/<percent-encoded name>/`), ending in `/`. */
  path: string;
  status: ConfiguredServerStatus;
  /** What the server calls itself once connected (`serverInfo.title`, else its `name`). */
  title?: string;
  /** The server's icons once connected, filtered like every icon (`safeIcons`). */
  icons?: Icon[];
  /** How many tools it offers, once connected. */
  tools?: number;
  /** Why the last attempt failed (status `failed`). */
  diagnosis?: Diagnosis;
  /**
   * An OAuth authorization waiting for the user (the status stays `connecting`): the URL to open, the authorization
   * server's, which sends the browser back to the server's `oauth/callback`. Never a code or a token.
   */
  authorization?: { url: string };
  /** The command line or URL, secrets blanked out, as the server panel shows it. */
  target: string;
}

/** `GET /servers`: the configured servers and the file they came from (its path as the CLI was given it). */
export interface ServerListing {
  configFile: string;
  servers: ConfiguredServerSummary[];
}

/**
 * The top page's URL hash that names the server shown (`#server=<name>`, the name percent-encoded): the switcher
 * reads it, and a server's OAuth callback sends the browser back to it.
 */
export function serverHash(name: string): string {
  return `#server=${encodeURIComponent(name)}`;
}
