// The OAuth token store's file is written beside itself and renamed over: whoever can write to that folder must not
// be able to steer the write (and the tokens in it) elsewhere with a symlink planted where the temporary file goes.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { TokenStore } from '../../server/mcp/oauth/token-store.js';

describe('the token store file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'token-store-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('does not follow a symlink planted where its temporary file goes', () => {
    const file = join(folder, 'tokens.json');
    const victim = join(folder, 'victim.txt');
    writeFileSync(victim, 'untouched\n');
    // The name the store used to write to: the file's name, this process's id, `.tmp`.
    symlinkSync(victim, `${file}.${process.pid}.tmp`);
    new TokenStore('https://mcp.example/mcp', file).update({
      tokens: { access_token: 'secret-token', token_type: 'Bearer' },
    });
    assert.equal(readFileSync(victim, 'utf8'), 'untouched\n');
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(kept.servers['https://mcp.example/mcp'].tokens.access_token, 'secret-token');
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });
});
