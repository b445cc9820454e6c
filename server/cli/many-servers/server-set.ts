// The servers of `--config`, in the file's order: found by name, started together (`--eager`), stopped together.
// Servers come from the config file and the flags only: nothing here adds, edits or removes one, so no web page that
// reaches the console can make it run a program.
import { normalisePrefix } from '../../core/options.js';
import type { ServersConfig } from '../config/configured-server.js';
import { ServerEntry, type ServerMaker } from './server-entry.js';

export class ServerSet {
  /** The config file's path, as the CLI was given it. */
  readonly file: string;
  readonly entries: readonly ServerEntry[];
  readonly #byName: ReadonlyMap<string, ServerEntry>;

  /**
   * `prefix`: the CLI's --prefix (a TypeError when it is not a URL path); `report` says a server's failure on the
   * terminal.
   */
  constructor(config: ServersConfig, prefix: string | undefined, maker: ServerMaker, report: (line: string) => void) {
    const basePrefix = normalisePrefix(prefix);
    this.file = config.file;
    this.entries = config.servers.map((server) => new ServerEntry(server, basePrefix, maker, report));
    this.#byName = new Map(this.entries.map((entry) => [entry.name, entry]));
  }

  get(name: string): ServerEntry | undefined {
    return this.#byName.get(name);
  }

  /** Starts connecting every server at once; each that fails is said on its own, and the others go on. */
  startAll(): void {
    for (const entry of this.entries) entry.start();
  }

  /** Ends the event streams every console holds open. */
  endStreams(): void {
    for (const entry of this.entries) entry.endStreams();
  }

  /** Stops every server (their child processes) and ends every console's open streams. */
  async close(): Promise<void> {
    await Promise.all(this.entries.map((entry) => entry.close()));
  }
}
