// Client ID Metadata Documents (SEP-991): with --client-metadata-url, the console's client_id is the URL of a
// document describing it, which the authorization server fetches, instead of a registration. The URL must be https;
// a test has no https host, so the fixture authorization server fetches the document's path from a local http
// server standing in for that host (the console itself never fetches it, and keeps its https check).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, test } from 'node:test';
import {
  authorizationUrl,
  authorizeAsUser,
  consoleUrl,
  startCli,
  startProtectedMcp,
  stopStarted,
  type OAuthCli,
  type ProtectedFixture,
} from '../fixtures/oauth/oauth-setup.js';
import { close, listen } from '../support/listen.js';

const CLIENT_ID = 'https://tool-console.example/oauth/client.json';

let fixture: ProtectedFixture | undefined;
let cli: OAuthCli | undefined;
let documents: Server | undefined;

afterEach(async () => {
  await stopStarted();
  if (documents) await close(documents);
  documents = undefined;
});

/** The host of the document: it lists the redirect URIs it is given once the console's port is known. */
async function startDocumentHost(redirectUris: string[]): Promise<string> {
  documents = createServer((req, res) => {
    if (req.url !== new URL(CLIENT_ID).pathname) return void res.writeHead(404).end();
    const document = {
      client_id: CLIENT_ID,
      client_name: 'tool-console',
      redirect_uris: redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(document));
  });
  return `http://127.0.0.1:${await listen(documents)}`;
}

describe('tool-console --url --client-metadata-url', () => {
  test('an authorization server that supports them sees the URL as client_id, and nothing registers', async () => {
    const redirectUris: string[] = [];
    fixture = await startProtectedMcp({ clientMetadataDocuments: await startDocumentHost(redirectUris) });
    cli = startCli(['--url', fixture.mcpUrl, '--client-metadata-url', CLIENT_ID]);
    const url = new URL(await authorizationUrl(cli));
    assert.equal(url.searchParams.get('client_id'), CLIENT_ID);
    assert.equal(fixture.as.registrations.length, 0, 'the console registered');

    // The document lists the console's callback, as the user's published one would for their --port.
    redirectUris.push(url.searchParams.get('redirect_uri')!);
    assert.equal((await authorizeAsUser(url.href)).status, 303);
    const tools = await fetch(`${await consoleUrl(cli)}tools`);
    assert.equal(tools.status, 200);
    assert.ok(((await tools.json()) as { name: string }[]).some((tool) => tool.name === 'rich'));
    assert.deepEqual(fixture.as.documentsFetched, [CLIENT_ID]);
    assert.deepEqual(
      fixture.as.tokenRequests.map(({ grantType, clientAuth }) => ({ grantType, clientAuth })),
      [{ grantType: 'authorization_code', clientAuth: 'none' }],
    );
    assert.equal(fixture.as.registrations.length, 0);
  });

  test('a document that lists another callback (another --port) is refused by the authorization server', async () => {
    const elsewhere = ['http://127.0.0.1:1/oauth/callback'];
    fixture = await startProtectedMcp({ clientMetadataDocuments: await startDocumentHost(elsewhere) });
    cli = startCli(['--url', fixture.mcpUrl, '--client-metadata-url', CLIENT_ID]);
    const answer = await fetch(await authorizationUrl(cli), { redirect: 'manual' });
    assert.equal(answer.status, 400);
    assert.equal(await answer.text(), 'redirect_uri is not registered');
  });

  test('an authorization server that does not support them gets a dynamic registration instead', async () => {
    fixture = await startProtectedMcp();
    cli = startCli(['--url', fixture.mcpUrl, '--client-metadata-url', CLIENT_ID]);
    const url = new URL(await authorizationUrl(cli));
    assert.equal(fixture.as.registrations.length, 1);
    assert.match(url.searchParams.get('client_id')!, /^client-/);
    assert.equal((await authorizeAsUser(url.href)).status, 303);
    assert.equal((await fetch(`${await consoleUrl(cli)}tools`)).status, 200);
    assert.deepEqual(fixture.as.documentsFetched, []);
  });
});
