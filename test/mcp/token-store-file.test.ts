// The OAuth token store's file is written beside itself and renamed over: whoever can write to that folder must not
// be able to steer the write (and the tokens in it) elsewhere with a symlink planted where the temporary file goes.
// The temporary name is random, so no attacker can guess it; this test can: it fixes the random bytes, which is the
// only way to see what the store does when something already has that name.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, describe, it, mock } from 'node:test';
import { TokenStore, TokenStoreError } from '../../server/mcp/oauth/token-store.js';

const GUESSED = Buffer.from('0011223344556677', 'hex');

/** Makes `randomBytes` (as the store imports it) answer `GUESSED`, so the temporary file's name is known. */
function guessTheName(): void {
  mock.method(crypto, 'randomBytes', () => GUESSED);
  syncBuiltinESMExports();
}

describe('the token store file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'token-store-'));
  after(() => rmSync(folder, { recursive: true, force: true }));
  afterEach(() => {
    mock.restoreAll();
    syncBuiltinESMExports();
  });

  it('refuses to write through a symlink planted where its temporary file goes, and leaves the symlink', () => {
    const file = join(folder, 'tokens.json');
    const victim = join(folder, 'victim.txt');
    const planted = `${file}.${GUESSED.toString('hex')}.tmp`;
    writeFileSync(victim, 'untouched\n');
    symlinkSync(victim, planted);
    guessTheName();
    const store = new TokenStore('https://mcp.example/mcp', file);
    assert.throws(
      () => store.update({ tokens: { access_token: 'secret-token', token_type: 'Bearer' } }),
      (error: unknown) =>
        error instanceof TokenStoreError && error.message.startsWith(`cannot write the token store ${file}:`),
    );
    assert.equal(readFileSync(victim, 'utf8'), 'untouched\n');
    // What the store did not create, it does not remove either.
    assert.ok(lstatSync(planted).isSymbolicLink());
    assert.throws(() => statSync(file), { code: 'ENOENT' });
  });
});
