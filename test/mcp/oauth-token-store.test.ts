// The OAuth token store as its callers see it: what it reads back from its file, what it writes there (each MCP
// server's entry under its URL, the others kept), and the errors that say which file is at fault.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { TokenStore, TokenStoreError } from '../../server/mcp/oauth/token-store.js';

const server = 'https://mcp.example/mcp';
const other = 'https://other.example/mcp';
const tokens = { access_token: 'access-1', token_type: 'Bearer' };
const client = { client_id: 'client-1' };

describe('the token store', () => {
  const root = mkdtempSync(join(tmpdir(), 'oauth-token-store-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  let count = 0;
  const folder = () => {
    const made = join(root, String(count++));
    mkdirSync(made);
    return made;
  };

  it('keeps what it is given in memory when it has no file', () => {
    const store = new TokenStore(server);
    assert.equal(store.tokens, undefined);
    assert.equal(store.client, undefined);
    store.update({ client });
    store.update({ tokens });
    assert.deepEqual(store.client, client);
    assert.deepEqual(store.tokens, tokens);
  });

  it('starts empty when its file does not exist yet, and creates it on the first update', () => {
    const file = join(folder(), 'tokens.json');
    const store = new TokenStore(server, file);
    assert.equal(store.tokens, undefined);
    store.update({ tokens });
    assert.equal(readFileSync(file, 'utf8'), `${JSON.stringify({ servers: { [server]: { tokens } } }, null, 2)}\n`);
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });

  it('reads back its own server entry from the file, not another server one', () => {
    const file = join(folder(), 'tokens.json');
    new TokenStore(server, file).update({ client, tokens });
    const again = new TokenStore(server, file);
    assert.deepEqual(again.client, client);
    assert.deepEqual(again.tokens, tokens);
    const stranger = new TokenStore(other, file);
    assert.equal(stranger.client, undefined);
    assert.equal(stranger.tokens, undefined);
  });

  it('merges an update into what it keeps: new tokens leave the client as it was', () => {
    const file = join(folder(), 'tokens.json');
    const store = new TokenStore(server, file);
    store.update({ client });
    store.update({ tokens });
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')).servers[server], { client, tokens });
  });

  it('keeps the entries another console wrote to the same file since it was opened', () => {
    const file = join(folder(), 'tokens.json');
    const mine = new TokenStore(server, file);
    new TokenStore(other, file).update({ tokens: { ...tokens, access_token: 'theirs' } });
    mine.update({ tokens });
    const { servers } = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(servers[other].tokens.access_token, 'theirs');
    assert.equal(servers[server].tokens.access_token, 'access-1');
  });

  it('leaves no temporary file beside the store once written', () => {
    const dir = folder();
    const store = new TokenStore(server, join(dir, 'tokens.json'));
    store.update({ tokens });
    store.update({ client });
    assert.deepEqual(readdirSync(dir), ['tokens.json']);
  });

  it('closes each temporary file it writes (Linux lists the open ones in /proc/self/fd)', () => {
    const store = new TokenStore(server, join(folder(), 'tokens.json'));
    const open = () => readdirSync('/proc/self/fd').length;
    const before = open();
    for (let i = 0; i < 20; i++) store.update({ tokens: { ...tokens, access_token: `access-${i}` } });
    assert.equal(open(), before);
  });

  it('refuses a file that is not JSON, naming the file', () => {
    const file = join(folder(), 'tokens.json');
    writeFileSync(file, 'not json');
    assert.throws(
      () => new TokenStore(server, file),
      (error: Error) =>
        error instanceof TokenStoreError &&
        error.name === 'TokenStoreError' &&
        error.message === `the token store ${file} is not one tool-console wrote: it is not JSON`,
    );
  });

  it('does not quote a file it cannot parse: the text may hold a token', () => {
    const file = join(folder(), 'tokens.json');
    writeFileSync(file, 'sekrit-token-123');
    assert.throws(() => new TokenStore(server, file), {
      name: 'TokenStoreError',
      message: `the token store ${file} is not one tool-console wrote: it is not JSON`,
    });
  });

  for (const [what, text] of [
    ['JSON without "servers"', '{"tokens": {}}'],
    ['"servers": null', '{"servers": null}'],
    ['"servers" as a string', '{"servers": "x"}'],
    ['JSON null', 'null'],
  ]) {
    it(`refuses ${what}, saying it has no servers`, () => {
      const file = join(folder(), 'tokens.json');
      writeFileSync(file, text);
      assert.throws(() => new TokenStore(server, file), {
        name: 'TokenStoreError',
        message: `the token store ${file} is not one tool-console wrote: it has no "servers"`,
      });
    });
  }

  it('says it cannot read a store that is there but unreadable (a folder)', () => {
    const file = folder();
    assert.throws(() => new TokenStore(server, file), {
      name: 'TokenStoreError',
      message: new RegExp(`^cannot read the token store ${file}: .*EISDIR`),
    });
  });

  it('says it cannot write a store in a folder that does not exist', () => {
    const file = join(folder(), 'missing', 'tokens.json');
    const store = new TokenStore(server, file);
    assert.throws(() => store.update({ tokens }), {
      name: 'TokenStoreError',
      message: new RegExp(`^cannot write the token store ${file}: .*ENOENT`),
    });
  });

  it('leaves the old file and no temporary file when writing the new one fails half way', () => {
    const dir = folder();
    const file = join(dir, 'tokens.json');
    const store = new TokenStore(server, file);
    store.update({ tokens });
    const before = readFileSync(file, 'utf8');
    // A value JSON cannot write fails after the temporary file was created.
    const unwritable = { ...tokens, access_token: 1n } as unknown as typeof tokens;
    assert.throws(() => store.update({ tokens: unwritable }), {
      name: 'TokenStoreError',
      message: new RegExp(`^cannot write the token store ${file}: .*BigInt`),
    });
    assert.equal(readFileSync(file, 'utf8'), before);
    assert.deepEqual(readdirSync(dir), ['tokens.json']);
  });
});
