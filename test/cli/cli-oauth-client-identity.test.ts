// Who the console says it is to the authorization server, beyond a secret: a client that proves itself with a JWT
// signed by its private key (`private_key_jwt`, RFC 7523), checked by the fixture with the public key registered
// for it. The key stays in its file: it never appears in what the CLI prints.
import assert from 'node:assert/strict';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, test } from 'node:test';
import {
  consoleUrl,
  startCli,
  startProtectedMcp,
  stopStarted,
  type OAuthCli,
  type ProtectedFixture,
} from '../fixtures/oauth/oauth-setup.js';

let fixture: ProtectedFixture | undefined;
let cli: OAuthCli | undefined;

afterEach(stopStarted);

const directory = mkdtempSync(join(tmpdir(), 'tool-console-assertion-'));

/** A key pair of the given type, its private half in a PEM file (PKCS#8) as a user would keep it. */
function keyPair(type: 'ec' | 'rsa' | 'ed25519', name: string): { file: string; pem: string; publicKey: KeyObject } {
  const { privateKey, publicKey } =
    type === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : type === 'rsa'
        ? generateKeyPairSync('rsa', { modulusLength: 2048 })
        : generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const file = join(directory, `${name}.pem`);
  writeFileSync(file, pem, { mode: 0o600 });
  return { file, pem, publicKey };
}

/** Neither the key file's text nor its base64 body may appear in what the CLI printed. */
function assertKeyNotPrinted(cli: OAuthCli, pem: string) {
  const printed = cli.output.stdout + cli.output.stderr;
  const body = pem.split('\n').filter((line) => line && !line.startsWith('-----'));
  for (const line of body) assert.ok(!printed.includes(line), 'the private key was printed');
}

const robot = (file: string, url: string) => [
  '--url',
  url,
  '--client-id',
  'robot',
  '--client-assertion-key',
  file,
  '--client-credentials',
];

describe('tool-console --url authenticating its client with a signed JWT (private_key_jwt)', () => {
  for (const type of ['ec', 'rsa', 'ed25519'] as const) {
    test(`client credentials with an assertion signed by an ${type} key: the console serves the tools`, async () => {
      const key = keyPair(type, `robot-${type}`);
      fixture = await startProtectedMcp({
        clients: [{ id: 'robot', publicKey: key.publicKey }],
        authMethods: ['private_key_jwt'],
      });
      cli = startCli(robot(key.file, fixture.mcpUrl));
      const served = await consoleUrl(cli);
      const tools = await fetch(`${served}tools`);
      assert.equal(tools.status, 200);
      assert.ok(((await tools.json()) as { name: string }[]).some((tool) => tool.name === 'rich'));
      assert.deepEqual(
        fixture.as.tokenRequests.map(({ grantType, clientAuth, resource }) => ({ grantType, clientAuth, resource })),
        [{ grantType: 'client_credentials', clientAuth: 'private_key_jwt', resource: fixture.mcpUrl }],
      );
      assert.doesNotMatch(cli.output.stderr, /authorize at/);
      assertKeyNotPrinted(cli, key.pem);
    });
  }

  test('an assertion signed by another key than the one registered is refused in one line while it keeps serving', async () => {
    const registered = keyPair('ec', 'registered');
    const other = keyPair('ec', 'other');
    fixture = await startProtectedMcp({
      clients: [{ id: 'robot', publicKey: registered.publicKey }],
      authMethods: ['private_key_jwt'],
    });
    cli = startCli(robot(other.file, fixture.mcpUrl));
    await cli.waitFor(/^tool-console: .*\n/m);
    assert.equal(cli.child.exitCode, null, 'it keeps serving, its page showing the sentence with Retry');
    const lines = cli.output.stderr.trim().split('\n');
    assert.equal(lines.length, 1, cli.output.stderr);
    assert.match(
      lines[0],
      /^tool-console: Could not connect to the MCP server \(http:\S+\): authorizing with OAuth failed: .*signature does not verify with the client's registered key/,
    );
    assert.equal(fixture.as.accessTokens.size, 0, 'no token was issued');
    assertKeyNotPrinted(cli, other.pem);
  });

  test('a key file that cannot be read, or holds no private key, is said in one line, exit 1', async () => {
    fixture = await startProtectedMcp({ clients: [{ id: 'robot', publicKey: keyPair('ec', 'unused').publicKey }] });
    const missing = join(directory, 'missing.pem');
    cli = startCli(robot(missing, fixture.mcpUrl));
    assert.equal(await cli.exited, 1);
    assert.equal(
      cli.output.stderr,
      `tool-console: cannot read the client assertion key ${missing}: ENOENT: no such file or directory, open '${missing}'\n`,
    );

    const notAKey = join(directory, 'not-a-key.pem');
    writeFileSync(notAKey, 'this is not a key\n');
    cli = startCli(robot(notAKey, fixture.mcpUrl));
    assert.equal(await cli.exited, 1);
    assert.match(cli.output.stderr, /^tool-console: the client assertion key is not a PEM private key \(.+\)\n$/);
    assert.equal(fixture.as.tokenRequests.length, 0, 'nothing was sent');
  });
});
