// `--server <name>` picks servers out of a config file; a name the file does not have is a usage error that lists
// the names it does have, so the person can copy one.
import { UsageError } from '../usage-error.js';
import type { ConfiguredServer, ServersConfig } from './configured-server.js';

const namesOf = (config: ServersConfig) => config.servers.map((server) => server.name).join(', ');

/** The servers named (all of them when none is), in the file's order. */
export function chooseServers(config: ServersConfig, names: readonly string[]): ServersConfig {
  const known = new Set(config.servers.map((server) => server.name));
  const unknown = names.find((name) => !known.has(name));
  if (unknown !== undefined)
    throw new UsageError(`--server: no server named "${unknown}" in ${config.file}; it has ${namesOf(config)}`);
  if (names.length === 0) return config;
  return { file: config.file, servers: config.servers.filter((server) => names.includes(server.name)) };
}

/** The one server a one-shot command talks to: the file's only one, or the one --server names. */
export function chooseOneServer(config: ServersConfig, names: readonly string[], command: string): ConfiguredServer {
  const chosen = chooseServers(config, names);
  if (chosen.servers.length === 1) return chosen.servers[0]!;
  throw new UsageError(
    chosen === config
      ? `${command} talks to one server; choose one of ${config.file} with --server: ${namesOf(config)}`
      : `${command} talks to one server; --server named ${chosen.servers.length}: ${namesOf(chosen)}`,
  );
}
