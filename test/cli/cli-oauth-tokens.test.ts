// What happens to the tokens once `tool-console --url` has them: kept in a 0600 file across restarts, refreshed
// before they expire and when the server stops taking them, widened once when a tool needs more scope; and the
// client_credentials grant, which needs no browser. No token ever appears in what the CLI prints.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, test } from 'node:test';
import {
  assertNoTokensPrinted,
  authorizationUrl,
  authorizeAsUser,
  consoleUrl,
  startCli as start,
  startProtectedMcp,
  stopStarted,
  type OAuthCli,
  type ProtectedFixture,
} from '../fixtures/oauth/oauth-setup.js';

let fixture: ProtectedFixture | undefined;

afterEach(stopStarted);

/** Runs the CLI through one authorization and resolves with the console's URL. */
async function authorized(cli: OAuthCli): Promise<string> {
  assert.equal((await authorizeAsUser(await authorizationUrl(cli))).status, 303);
  return consoleUrl(cli);
}

async function call(consoleAddress: string, tool: string) {
  const response = await fetch(`${consoleAddress}tools/${tool}/call`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  return { status: response.status, body: (await response.json()) as { isError?: boolean; error?: string } };
}

const grants = (fixture: ProtectedFixture) => fixture.as.tokenRequests.map((request) => request.grantType);

describe('tool-console --url keeps, refreshes and widens its OAuth tokens', () => {
  test('client credentials: no browser, no authorization line, the resource on the token request', async () => {
    fixture = await startProtectedMcp({ clients: [{ id: 'robot', secret: 'robot-secret-value' }] });
    const machine = start([
      '--url',
      fixture.mcpUrl,
      '--client-id',
      'robot',
      '--client-secret',
      'robot-secret-value',
      '--client-credentials',
    ]);
    const served = await consoleUrl(machine);
    assert.ok(((await (await fetch(`${served}tools`)).json()) as unknown[]).length > 0);
    assert.doesNotMatch(machine.output.stderr, /authorize at/);
    const request = fixture.as.tokenRequests.find((each) => each.grantType === 'client_credentials');
    assert.equal(request?.resource, fixture.mcpUrl);
    assert.equal(request?.clientAuth, 'client_secret_basic');
    assertNoTokensPrinted(machine, fixture);
  });

  test('--token-store keeps the tokens and the registered client in a 0600 file: a restart needs no authorization', async () => {
    fixture = await startProtectedMcp();
    const store = join(mkdtempSync(join(tmpdir(), 'tool-console-oauth-')), 'tokens.json');
    // Another server's entry, in a file another program left readable by others.
    const other = { tokens: { access_token: 'another-servers-token', token_type: 'Bearer' } };
    writeFileSync(store, JSON.stringify({ servers: { 'http://127.0.0.1:1/mcp': other } }), { mode: 0o644 });
    const first = start(['--url', fixture.mcpUrl, '--token-store', store]);
    await authorized(first);
    assert.equal(statSync(store).mode & 0o777, 0o600);
    const kept = JSON.parse(readFileSync(store, 'utf8'));
    assert.ok(
      fixture.as.accessTokens.has(kept.servers[fixture.mcpUrl].tokens.access_token),
      'the file holds the token',
    );
    assert.deepEqual(kept.servers['http://127.0.0.1:1/mcp'], other, "the other server's entry is left alone");
    assertNoTokensPrinted(first, fixture);
    assert.equal(await first.stop(), 0);

    const second = start(['--url', fixture.mcpUrl, '--token-store', store]);
    await consoleUrl(second);
    assert.doesNotMatch(second.output.stderr, /authorize at/);
    assert.equal(fixture.as.registrations.length, 1, 'the registered client was reused');
    assert.equal(fixture.as.authorizations.length, 1);
  });

  test('a token store that is not a file of tool-console tokens stops the CLI with one line', async () => {
    fixture = await startProtectedMcp();
    const store = join(mkdtempSync(join(tmpdir(), 'tool-console-oauth-')), 'tokens.json');
    writeFileSync(store, 'not json');
    chmodSync(store, 0o600);
    const cli = start(['--url', fixture.mcpUrl, '--token-store', store]);
    assert.equal(await cli.exited, 1);
    assert.match(cli.output.stderr, /^tool-console: the token store .*tokens\.json is not one tool-console wrote/);
    assert.equal(cli.output.stderr.trim().split('\n').length, 1);
  });

  test('a token about to expire is refreshed before it is sent', async () => {
    fixture = await startProtectedMcp({ accessTokenSeconds: 20 }); // inside the 30 s margin from the start
    const cli = start(['--url', fixture.mcpUrl, '--allow-execute']);
    const served = await authorized(cli);
    assert.equal((await call(served, 'pid')).status, 200);
    assert.ok(grants(fixture).includes('refresh_token'), grants(fixture).join());
    assert.deepEqual(
      fixture.statuses.filter((status) => status === 401),
      [401],
      'only the first request, before any authorization, was refused',
    );
    assertNoTokensPrinted(cli, fixture);
  });

  test('a token the server stops taking (401) is refreshed and the call goes through', async () => {
    fixture = await startProtectedMcp();
    const cli = start(['--url', fixture.mcpUrl, '--allow-execute']);
    const served = await authorized(cli);
    fixture.revokeAccessTokens();
    const before = fixture.statuses.length;
    const { status, body } = await call(served, 'pid');
    assert.equal(status, 200, JSON.stringify(body));
    assert.notEqual(body.isError, true);
    assert.ok(fixture.statuses.slice(before).includes(401), 'the server did refuse the old token');
    assert.deepEqual(grants(fixture), ['authorization_code', 'refresh_token']);
    assert.doesNotMatch(cli.output.stderr.split('authorize at')[2] ?? '', /./, 'no second authorization was asked');
  });

  test('403 insufficient_scope asks once for the larger scope; after that authorization the tool runs', async () => {
    fixture = await startProtectedMcp({ challengeScope: 'mcp:tools', stepUp: ['client-info', 'admin'] });
    const cli = start(['--url', fixture.mcpUrl, '--allow-execute']);
    const served = await authorized(cli);
    const refused = await call(served, 'client-info');
    const widened = new URL(await authorizationUrl(cli, 1));
    // The page hears why the call did not run, and where to authorize.
    assert.equal(refused.body.isError, true);
    assert.equal(
      (refused.body as { content: { text: string }[] }).content[0].text,
      `The MCP server needs you to authorize tool-console: open ${widened.href} (tool-console printed it too), then run the call again.`,
    );
    assertNoTokensPrinted(cli, fixture);
    assert.deepEqual(widened.searchParams.get('scope')?.split(' ').sort(), ['admin', 'mcp:tools']);
    assert.equal(fixture.statuses.filter((status) => status === 403).length, 1, 'it asked once, without looping');
    assert.equal((await authorizeAsUser(widened.href)).status, 303);
    const ran = await call(served, 'client-info');
    assert.equal(ran.status, 200, JSON.stringify(ran.body));
    assert.notEqual(ran.body.isError, true);
  });

  test('--open hands the authorization URL to the system opener', async () => {
    fixture = await startProtectedMcp();
    const bin = mkdtempSync(join(tmpdir(), 'tool-console-opener-'));
    const opened = join(bin, 'opened.txt');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`, { mode: 0o755 });
    const cli = start(['--url', fixture.mcpUrl, '--open'], { ...process.env, PATH: `${bin}:${process.env.PATH}` });
    const printed = await authorizationUrl(cli);
    await waitForFile(opened);
    assert.equal(readFileSync(opened, 'utf8'), printed);
    assert.equal((await authorizeAsUser(printed)).status, 303);
    await consoleUrl(cli);
  });
});

async function waitForFile(file: string): Promise<void> {
  for (;;) {
    try {
      if (readFileSync(file, 'utf8')) return;
    } catch {
      // not yet written
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
