// What an OAuth session keeps between runs: the client the authorization server registered and the tokens it
// issued. In memory by default; with a file, written with mode 0600 because whoever reads it can act as the user.
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';

/** Tokens with the moment they stop working (ms since the epoch), which `expires_in` alone cannot tell later. */
export type KeptTokens = StoredOAuthTokens & { expires_at?: number };

export interface Kept {
  /** The MCP server these belong to: a file kept for another server is not used. */
  server: string;
  client?: StoredOAuthClientInformation;
  tokens?: KeptTokens;
}

export class TokenStoreError extends Error {
  override name = 'TokenStoreError';
}

export class TokenStore {
  #kept: Kept;
  readonly #file: string | undefined;

  constructor(server: string, file?: string) {
    this.#file = file;
    this.#kept = { server };
    const read = file === undefined ? undefined : readKept(file);
    // Tokens issued for another server must never be sent to this one.
    if (read?.server === server) this.#kept = read;
  }

  get client(): StoredOAuthClientInformation | undefined {
    return this.#kept.client;
  }

  get tokens(): KeptTokens | undefined {
    return this.#kept.tokens;
  }

  update(change: Partial<Omit<Kept, 'server'>>): void {
    this.#kept = { ...this.#kept, ...change };
    if (this.#file !== undefined) writeKept(this.#file, this.#kept);
  }
}

function readKept(file: string): Kept | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // the first run creates it
    throw new TokenStoreError(`cannot read the token store ${file}: ${(error as Error).message}`);
  }
  try {
    const kept = JSON.parse(text) as Kept;
    if (typeof kept?.server !== 'string') throw new Error('it has no "server"');
    return kept;
  } catch (error) {
    throw new TokenStoreError(`the token store ${file} is not one tool-console wrote: ${(error as Error).message}`);
  }
}

// Written beside the file and renamed over it, so a crash mid-write leaves the old tokens, not half of the new ones;
// the mode is set on creation and again after, since an existing file keeps the mode it had.
function writeKept(file: string, kept: Kept): void {
  const fresh = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(fresh, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
    chmodSync(fresh, 0o600);
    renameSync(fresh, file);
  } catch (error) {
    throw new TokenStoreError(`cannot write the token store ${file}: ${(error as Error).message}`);
  }
}
