// `connectMcp({url, auth})` for hosts: the bridge hands the authorization URL to the host with `finish`, the host
// brings back the query of the redirect, and the bridge connects; a wrong answer is refused and the right one still
// completes it. Against the real authorization server and protected MCP server of the CLI tests, on loopback.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { connectMcp, OAuthCallbackError, type McpBridge } from '../../server/mcp/index.js';
import { callTool, listTools, textOf } from './call-bridge.js';
import {
  callbackQuery as agree,
  startProtectedMcp,
  stopStarted,
  type ProtectedFixture,
} from '../fixtures/oauth/oauth-setup.js';

let fixture: ProtectedFixture | undefined;
let bridge: McpBridge | undefined;

afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
  await stopStarted();
});

const redirectUrl = 'http://127.0.0.1:9/host/oauth/callback';

describe('connectMcp with auth', () => {
  test('hands the authorization URL to the host, and connects once the host brings the answer back', async () => {
    fixture = await startProtectedMcp();
    const asked: URL[] = [];
    bridge = await connectMcp({
      url: fixture.mcpUrl,
      auth: {
        redirectUrl,
        onAuthorizationUrl: (url, finish) => {
          asked.push(url);
          void agree(url).then(finish);
        },
      },
    });
    assert.equal(asked.length, 1);
    assert.equal(asked[0].searchParams.get('redirect_uri'), redirectUrl);
    assert.ok((await listTools(bridge)).some((tool) => tool.name === 'rich'));
    assert.equal(bridge.serverInfo?.name, 'fixture');
  });

  test('finish refuses an answer with another state or none, and takes the right one after them', async () => {
    fixture = await startProtectedMcp();
    const refusals: unknown[] = [];
    bridge = await connectMcp({
      url: fixture.mcpUrl,
      auth: {
        redirectUrl,
        onAuthorizationUrl: (url, finish) => {
          void agree(url).then(async (query) => {
            const forged = new URLSearchParams(query);
            forged.set('state', 'not-the-one');
            await finish(forged).catch((error: unknown) => refusals.push(error));
            const stateless = new URLSearchParams(query);
            stateless.delete('state');
            await finish(stateless).catch((error: unknown) => refusals.push(error));
            await finish(query);
          });
        },
      },
    });
    assert.ok((await listTools(bridge)).length > 0);
    // The forged and the stateless answers were refused before the real one completed the authorization (and so the
    // connection).
    assert.equal(refusals.length, 2);
    for (const refusal of refusals) {
      assert.ok(refusal instanceof OAuthCallbackError);
      assert.match(refusal.message, /does not belong to the authorization/);
    }
  });

  test('client credentials need no host callback at all', async () => {
    fixture = await startProtectedMcp({ clients: [{ id: 'robot', secret: 'robot-secret' }] });
    bridge = await connectMcp({
      url: fixture.mcpUrl,
      auth: { clientId: 'robot', clientSecret: 'robot-secret', clientCredentials: true },
    });
    assert.ok((await listTools(bridge)).length > 0);
    assert.deepEqual(
      fixture.as.tokenRequests.map((request) => request.grantType),
      ['client_credentials'],
    );
  });

  test('client credentials about to expire are renewed with the same grant before a call', async () => {
    fixture = await startProtectedMcp({ clients: [{ id: 'robot', secret: 'robot-secret' }], accessTokenSeconds: 20 });
    bridge = await connectMcp({
      url: fixture.mcpUrl,
      auth: { clientId: 'robot', clientSecret: 'robot-secret', clientCredentials: true },
    });
    const before = fixture.as.tokenRequests.length;
    const result = await callTool(bridge, 'pid');
    assert.notEqual(result.isError, true, textOf(result));
    assert.ok(fixture.as.tokenRequests.length > before, 'a new token was asked for');
    assert.ok(fixture.as.tokenRequests.every((request) => request.grantType === 'client_credentials'));
    assert.deepEqual(
      fixture.statuses.filter((status) => status === 401),
      [401],
      'only the very first request went without a token',
    );
  });

  test('auth without a redirectUrl and an onAuthorizationUrl (nor client credentials) is a mistake said at once', async () => {
    const message = 'authorizing needs a redirectUrl and an onAuthorizationUrl (or clientCredentials)';
    await assert.rejects(connectMcp({ url: 'http://127.0.0.1:9/mcp', auth: {} }), { message });
    await assert.rejects(connectMcp({ url: 'http://127.0.0.1:9/mcp', auth: { redirectUrl } }), { message });
    await assert.rejects(connectMcp({ url: 'http://127.0.0.1:9/mcp', auth: { onAuthorizationUrl: () => {} } }), {
      message,
    });
    await assert.rejects(connectMcp({ url: 'http://127.0.0.1:9/mcp', auth: { clientCredentials: true } }), {
      message: 'the client_credentials grant needs a client id and a client secret or assertion key',
    });
    await assert.rejects(
      connectMcp({ url: 'http://127.0.0.1:9/mcp', auth: { clientCredentials: true, clientAssertionKey: 'k' } }),
      { message: 'the client_credentials grant needs a client id and a client secret or assertion key' },
    );
    await assert.rejects(
      connectMcp({ url: 'http://127.0.0.1:9/mcp', auth: { redirectUrl, clientAssertionKey: 'k' } }),
      {
        message: 'a client assertion key needs the client id it was registered for',
      },
    );
    const clientMetadataUrl = 'http://example.com/client.json';
    await assert.rejects(
      connectMcp({
        url: 'http://127.0.0.1:9/mcp',
        auth: { redirectUrl, onAuthorizationUrl: () => {}, clientMetadataUrl },
      }),
      { message: 'a client metadata URL must be an https URL with a path, got http://example.com/client.json' },
    );
  });
});
