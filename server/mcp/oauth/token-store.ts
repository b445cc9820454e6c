// What an OAuth session keeps between runs: the client the authorization server registered and the tokens it
// issued. In memory by default; with a file, written with mode 0600 because whoever reads it can act as the user.
// One file may serve several MCP servers: each one's entry is kept under its URL, and only its own is ever used.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';

/** Tokens with the moment they stop working (ms since the epoch), which `expires_in` alone cannot tell later. */
export type KeptTokens = StoredOAuthTokens & { expires_at?: number };

export interface Kept {
  client?: StoredOAuthClientInformation;
  tokens?: KeptTokens;
}

/** The file: `{"servers": {"<MCP server URL>": {client, tokens}}}`. */
interface StoreFile {
  servers: Record<string, Kept>;
}

export class TokenStoreError extends Error {
  override name = 'TokenStoreError';
}

export class TokenStore {
  #kept: Kept = {};
  readonly #server: string;
  readonly #file: string | undefined;

  constructor(server: string, file?: string) {
    this.#server = server;
    this.#file = file;
    if (file !== undefined) this.#kept = readStore(file)?.servers[server] ?? {};
  }

  get client(): StoredOAuthClientInformation | undefined {
    return this.#kept.client;
  }

  get tokens(): KeptTokens | undefined {
    return this.#kept.tokens;
  }

  update(change: Kept): void {
    this.#kept = { ...this.#kept, ...change };
    if (this.#file === undefined) return;
    // Read again: another console may have kept another server's tokens in the same file since.
    // No file yet spreads as no other servers.
    const servers = readStore(this.#file)?.servers;
    writeStore(this.#file, { servers: { ...servers, [this.#server]: this.#kept } });
  }
}

function readStore(file: string): StoreFile | undefined {
  let text: string;
  try {
    // Stryker disable next-line StringLiteral: without an encoding it is a Buffer, and JSON.parse reads a Buffer as its UTF-8 text
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // the first run creates it
    throw new TokenStoreError(`cannot read the token store ${file}: ${(error as Error).message}`);
  }
  const foreign = (why: string) => new TokenStoreError(`the token store ${file} is not one tool-console wrote: ${why}`);
  let store: StoreFile;
  try {
    store = JSON.parse(text) as StoreFile;
  } catch {
    throw foreign('it is not JSON'); // not JSON.parse's message: it quotes the text, which may hold a token
  }
  if (typeof store?.servers !== 'object' || store.servers === null) throw foreign('it has no "servers"');
  return store;
}

// Written beside the file and renamed over it, so a crash mid-write leaves the old tokens, not half of the new ones.
// The temporary file is created exclusively (never opened if anything, a planted symlink included, has its name),
// under a name nobody can guess, with mode 0600 from the start, so the tokens cannot be steered into another file.
function writeStore(file: string, store: StoreFile): void {
  const fresh = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  let created = false;
  try {
    const fd = openSync(fresh, flags, 0o600);
    created = true;
    try {
      writeSync(fd, `${JSON.stringify(store, null, 2)}\n`);
    } finally {
      closeSync(fd);
    }
    renameSync(fresh, file);
  } catch (error) {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: once created, the file under this random name is there to remove, force or not
    if (created) rmSync(fresh, { force: true });
    throw new TokenStoreError(`cannot write the token store ${file}: ${(error as Error).message}`);
  }
}
