// What --config and --server choose, for serving and for the one-shot commands alike: the file they name, or the
// first of the usual places when the command line names no server at all.
import { homedir } from 'node:os';
import { UsageError } from '../usage-error.js';
import { chooseServers } from './choose-servers.js';
import type { ServersConfig } from './configured-server.js';
import { findServersConfig, usualConfigPlaces } from './find-config.js';
import { loadServersConfig } from './load-config.js';

/** Where the CLI runs: where the usual places are, and the environment placeholders and stdio servers get. */
export interface Surroundings {
  cwd: string;
  home: string;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
}

export const processSurroundings = (): Surroundings => ({
  cwd: process.cwd(),
  home: homedir(),
  platform: process.platform,
  env: process.env,
});

export interface ServerFlags {
  stdio?: string;
  url?: string;
  config?: string;
  server?: string[];
}

export interface ChosenServers {
  /** The chosen servers only, in the file's order. */
  servers: ServersConfig;
  /** The file came from the usual places, not from --config: the CLI says which it used. */
  found: boolean;
}

/**
 * The servers chosen, or undefined when --stdio or --url names the server (or nothing does and nothing is found).
 * `lookUp`: whether to look in the usual places when no --config is given.
 */
export function serversFromFlags(flags: ServerFlags, where: Surroundings, lookUp: boolean): ChosenServers | undefined {
  const direct = flags.stdio !== undefined ? '--stdio' : flags.url !== undefined ? '--url' : undefined;
  const names = [...new Set(flags.server ?? [])];
  if (direct && flags.config !== undefined) throw new UsageError(`use --config or ${direct}, not both`);
  if (direct && names.length) throw new UsageError(`--server picks from a config file; it does not apply to ${direct}`);
  if (direct) return undefined;
  let file = flags.config;
  if (file === undefined && lookUp) file = findServersConfig(where.cwd, where.home, where.platform);
  if (file === undefined) {
    if (!names.length) return undefined;
    if (!lookUp) throw new UsageError('--server needs --config <file>');
    const places = usualConfigPlaces(where.cwd, where.home, where.platform).join(', ');
    throw new UsageError(`--server needs --config <file>: no config file in the usual places (${places})`);
  }
  return { servers: chooseServers(loadServersConfig(file, where.env), names), found: flags.config === undefined };
}
