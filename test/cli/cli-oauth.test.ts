// `tool-console --url` in front of an MCP server behind OAuth: from the start of the CLI, through the authorization
// the user completes in a browser (played here by following the redirects), to a console that lists the tools.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { afterEach, describe, test } from 'node:test';
import { startHttpFixture } from '../fixtures/mcp/http-server.js';
import {
  assertNoTokensPrinted,
  authorizationUrl,
  authorize,
  authorizeAsUser,
  callBack,
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

async function toolNames(url: string): Promise<string[]> {
  const response = await fetch(`${url}tools`);
  assert.equal(response.status, 200);
  return ((await response.json()) as { name: string }[]).map((tool) => tool.name);
}

describe('tool-console --url against an MCP server behind OAuth', () => {
  test('discovers, registers, authorizes with PKCE and the resource, and then serves the tools', async () => {
    fixture = await startProtectedMcp({ scopes: ['mcp:tools'] });
    cli = startCli(['--url', fixture.mcpUrl]);
    const url = new URL(await authorizationUrl(cli));
    // One line on stderr, pointing at the authorization server found through the resource metadata.
    assert.equal(url.origin, fixture.as.issuer);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(url.searchParams.get('resource'), fixture.mcpUrl);
    assert.equal(url.searchParams.get('scope'), 'mcp:tools');
    assert.equal(fixture.as.registrations.length, 1, 'it registered itself dynamically');
    assert.equal(fixture.as.registrations[0].token_endpoint_auth_method, 'none');

    // While the user has not authorized, the console's address says so, with the link.
    const callbackUrl = new URL(url.searchParams.get('redirect_uri')!);
    assert.equal(callbackUrl.pathname, '/oauth/callback');
    const waiting = await fetch(new URL('/', callbackUrl));
    assert.equal(waiting.status, 503);
    const waitingPage = await waiting.text();
    assert.match(waitingPage, /waits for you to authorize/);
    assert.ok(waitingPage.includes(`href="${url.href.replaceAll('&', '&amp;')}"`), waitingPage);

    const back = await authorizeAsUser(url.href);
    assert.equal(back.status, 303);
    assert.equal(back.headers.get('location'), '/');
    // Where the browser lands: the console, or while it connects a page that reloads itself; never the waiting page.
    const landing = await fetch(new URL('/', callbackUrl));
    const landed = await landing.text();
    assert.doesNotMatch(landed, /waits for you to authorize/);
    if (landing.status === 503) assert.match(landed, /<meta http-equiv="refresh" content="1">[^]*connecting to/);
    const served = await consoleUrl(cli);
    assert.equal(new URL(served).origin, callbackUrl.origin, 'the callback came back to the console itself');
    assert.ok((await toolNames(served)).includes('rich'));

    const codeRequest = fixture.as.tokenRequests.find((request) => request.grantType === 'authorization_code');
    assert.equal(codeRequest?.resource, fixture.mcpUrl);
    assertNoTokensPrinted(cli, fixture);
  });

  test('the waiting page is not shown under a host name the console does not answer to (DNS rebinding)', async () => {
    fixture = await startProtectedMcp();
    cli = startCli(['--url', fixture.mcpUrl]);
    const url = new URL(await authorizationUrl(cli));
    const consoleAddress = new URL('/', url.searchParams.get('redirect_uri')!);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const asked = request(consoleAddress, { headers: { Host: 'rebound.example' } }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      });
      asked.on('error', reject);
      asked.end();
    });
    assert.equal(answer.status, 403);
    assert.match(answer.body, /does not answer to the host name rebound\.example/);
    assert.ok(!answer.body.includes(url.searchParams.get('state')!), 'the state was shown');
  });

  test('a pre-registered client authenticates as the server advertises: client_secret_post', async () => {
    fixture = await startProtectedMcp({
      clients: [{ id: 'console', secret: 'the-client-secret' }],
      authMethods: ['client_secret_post'],
    });
    cli = startCli(['--url', fixture.mcpUrl, '--client-id', 'console', '--client-secret', 'the-client-secret']);
    const url = new URL(await authorizationUrl(cli));
    assert.equal(url.searchParams.get('client_id'), 'console');
    assert.equal(fixture.as.registrations.length, 0, 'a pre-registered client does not register');
    assert.equal((await authorizeAsUser(url.href)).status, 303);
    assert.ok((await toolNames(await consoleUrl(cli))).includes('rich'));
    assert.deepEqual(
      fixture.as.tokenRequests.map((request) => request.clientAuth),
      ['client_secret_post'],
    );
    assert.ok(!(cli.output.stdout + cli.output.stderr).includes('the-client-secret'), 'the secret was printed');
    assertNoTokensPrinted(cli, fixture);
  });

  test('under --prefix, the callback and the way back to the page are under it too', async () => {
    fixture = await startProtectedMcp();
    cli = startCli(['--url', fixture.mcpUrl, '--prefix', '/explorer']);
    const url = new URL(await authorizationUrl(cli));
    assert.equal(new URL(url.searchParams.get('redirect_uri')!).pathname, '/explorer/oauth/callback');
    const back = await authorizeAsUser(url.href);
    assert.equal(back.status, 303);
    assert.equal(back.headers.get('location'), '/explorer/');
    const served = await consoleUrl(cli);
    assert.match(served, /\/explorer\/$/);
    assert.ok((await toolNames(served)).includes('rich'));
  });

  test('a pre-registered client uses client_secret_basic when the server offers it', async () => {
    fixture = await startProtectedMcp({ clients: [{ id: 'console', secret: 'the-client-secret' }] });
    cli = startCli(['--url', fixture.mcpUrl, '--client-id', 'console', '--client-secret', 'the-client-secret']);
    assert.equal((await authorizeAsUser(await authorizationUrl(cli))).status, 303);
    await consoleUrl(cli);
    assert.deepEqual(
      fixture.as.tokenRequests.map((request) => request.clientAuth),
      ['client_secret_basic'],
    );
  });

  test('a 2025-03-26 server without resource metadata: its own origin is the authorization server', async () => {
    fixture = await startProtectedMcp({ legacy: true });
    cli = startCli(['--url', fixture.mcpUrl]);
    const url = new URL(await authorizationUrl(cli));
    assert.equal(url.origin, new URL(fixture.mcpUrl).origin);
    assert.equal(url.searchParams.get('resource'), null, 'no resource metadata, no resource indicator');
    assert.equal((await authorizeAsUser(url.href)).status, 303);
    assert.ok((await toolNames(await consoleUrl(cli))).includes('rich'));
  });

  test('a 2025-03-26 server without any metadata: the default /authorize, /token and /register of its origin', async () => {
    fixture = await startProtectedMcp({ legacy: true, publishMetadata: false });
    const origin = new URL(fixture.mcpUrl).origin;
    const metadata = await fetch(`${origin}/.well-known/oauth-authorization-server`);
    assert.equal(metadata.status, 404, 'the fixture publishes no metadata');
    cli = startCli(['--url', fixture.mcpUrl]);
    const url = new URL(await authorizationUrl(cli));
    assert.equal(`${url.origin}${url.pathname}`, `${origin}/authorize`);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(fixture.as.registrations.length, 1, 'it registered at the default /register');
    assert.equal((await authorizeAsUser(url.href)).status, 303);
    assert.ok((await toolNames(await consoleUrl(cli))).includes('rich'));
    assert.deepEqual(
      fixture.as.tokenRequests.map((request) => request.grantType),
      ['authorization_code'],
      'the code was exchanged at the default /token',
    );
    assertNoTokensPrinted(cli, fixture);
  });

  for (const discovery of ['oauth', 'oidc-inserted', 'oidc-appended'] as const) {
    test(`finds an authorization server with a path in its issuer by ${discovery} metadata`, async () => {
      fixture = await startProtectedMcp({ issuerPath: '/tenant', discovery });
      cli = startCli(['--url', fixture.mcpUrl]);
      const url = new URL(await authorizationUrl(cli));
      assert.equal(`${url.origin}${url.pathname}`, `${fixture.as.issuer}/authorize`);
      assert.match(fixture.as.issuer, /\/tenant$/);
      assert.equal((await authorizeAsUser(url.href)).status, 303);
      assert.ok((await toolNames(await consoleUrl(cli))).includes('rich'));
    });
  }

  test('a callback with a wrong state is refused with a page, and a replayed one after success too', async () => {
    fixture = await startProtectedMcp();
    cli = startCli(['--url', fixture.mcpUrl]);
    const callback = new URL(await authorize(await authorizationUrl(cli)));
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged');
    const refused = await callBack(forged.href);
    assert.equal(refused.status, 400);
    assert.match(refused.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await refused.text(), /does not belong to the authorization tool-console asked for/);

    assert.equal((await callBack(callback.href)).status, 303, 'the real answer still completes it');
    const served = await consoleUrl(cli);
    const replayed = await callBack(callback.href);
    assert.equal(replayed.status, 400);
    assert.match(await replayed.text(), /used already/);
    assert.ok((await toolNames(served)).includes('rich'), 'the console is unharmed');
  });

  test('a declined authorization is refused with a page linking to a fresh one, which still completes', async () => {
    fixture = await startProtectedMcp();
    cli = startCli(['--url', fixture.mcpUrl]);
    const first = new URL(await authorizationUrl(cli));
    const declined = new URL(first.searchParams.get('redirect_uri')!);
    declined.searchParams.set('error', 'access_denied');
    declined.searchParams.set('error_description', 'The user said no');
    declined.searchParams.set('state', first.searchParams.get('state')!);
    const refused = await callBack(declined.href);
    assert.equal(refused.status, 400);
    const page = await refused.text();
    assert.match(page, /The authorization server refused: The user said no/);
    const second = await authorizationUrl(cli, 1);
    assert.notEqual(second, first.href);
    assert.ok(page.includes(`href="${second.replaceAll('&', '&amp;')}"`), page);
    assert.equal((await authorizeAsUser(second)).status, 303);
    assert.ok((await toolNames(await consoleUrl(cli))).includes('rich'));
  });

  test('an authorization server without PKCE S256 is refused in one line while it keeps serving', async () => {
    fixture = await startProtectedMcp({ challengeMethods: undefined });
    cli = startCli(['--url', fixture.mcpUrl]);
    await cli.waitFor(/^tool-console: .*\n/m);
    assert.equal(cli.child.exitCode, null, 'it keeps serving, its page showing the sentence with Retry');
    const lines = cli.output.stderr.trim().split('\n');
    assert.equal(lines.length, 1, cli.output.stderr);
    assert.match(
      lines[0],
      /^tool-console: Could not connect .*: authorizing with OAuth failed: the authorization server http:\S+ does not support PKCE with S256/,
    );
    assert.equal(fixture.as.authorizations.length, 0, 'nothing was sent to authorize');
  });

  test('a server that answers 401 without any OAuth is told apart, in one line while it keeps serving', async () => {
    const plain = await startHttpFixture({ requiredHeader: ['X-Key', 'a-fixed-key-value'] });
    try {
      cli = startCli(['--url', plain.url]);
      await cli.waitFor(/^tool-console: .*\n/m);
      assert.equal(cli.child.exitCode, null, 'it keeps serving, its page showing the sentence with Retry');
      const lines = cli.output.stderr.trim().split('\n');
      assert.equal(lines.length, 1, cli.output.stderr);
      assert.match(
        lines[0],
        /^tool-console: Could not connect to the MCP server \(http:\S+\): it answered 401 but publishes no OAuth metadata, and authorizing at its default endpoints failed \(.+\); if it expects a fixed header instead, pass that header$/,
      );
    } finally {
      await plain.close();
    }
  });

  test('resource metadata naming another resource is refused in one line while it keeps serving', async () => {
    fixture = await startProtectedMcp({ resource: 'http://127.0.0.1:1/elsewhere' });
    cli = startCli(['--url', fixture.mcpUrl]);
    await cli.waitFor(/^tool-console: .*\n/m);
    assert.equal(cli.child.exitCode, null, 'it keeps serving, its page showing the sentence with Retry');
    const lines = cli.output.stderr.trim().split('\n');
    assert.equal(lines.length, 1, cli.output.stderr);
    assert.match(
      lines[0],
      /^tool-console: Could not connect .*: authorizing with OAuth failed: Protected resource http:\/\/127\.0\.0\.1:1\/elsewhere does not match/,
    );
    assert.equal(fixture.as.authorizations.length, 0);
  });
});
