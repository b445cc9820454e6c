// One OAuth session through a whole login against the fixture authorization server, with no CLI in between: `finish`
// completes it once, a refused answer gets the user a fresh link, and a token about to expire is refreshed.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { auth } from '@modelcontextprotocol/client';
import { McpOAuthSession } from '../../server/mcp/oauth/session.js';
import type { ConsoleOAuthProvider } from '../../server/mcp/oauth/provider.js';
import { callbackQuery, startProtectedMcp, stopStarted, type ProtectedOptions } from '../fixtures/oauth/oauth-setup.js';

afterEach(() => stopStarted());

const redirectUrl = 'http://127.0.0.1:9/host/oauth/callback';

async function login(options: ProtectedOptions = {}) {
  const fixture = await startProtectedMcp(options);
  const asked: { url: URL; finish: (query: URLSearchParams) => Promise<void> }[] = [];
  const serverUrl = new URL(fixture.mcpUrl);
  const session = new McpOAuthSession(serverUrl, {
    redirectUrl,
    onAuthorizationUrl: (url, finish) => asked.push({ url, finish }),
  });
  assert.equal(await auth(session.provider, { serverUrl }), 'REDIRECT');
  return { fixture, session, provider: session.provider as ConsoleOAuthProvider, asked };
}

describe('an OAuth session against an authorization server', () => {
  it('completes the pending authorization once, with the answer the browser brings back', async () => {
    const { fixture, session, provider, asked } = await login();
    assert.equal(asked.length, 1);
    assert.equal(session.authorizationUrl, asked[0].url);
    const authorized = session.authorized();
    const query = await callbackQuery(asked[0].url);
    await asked[0].finish(query);
    await authorized;
    assert.equal(session.authorizationUrl, undefined);
    const token = provider.keptTokens!.access_token;
    assert.ok(fixture.as.accessTokens.has(token));
    assert.ok(session.secrets().includes(token));
    // What a later authorization resolves is a new promise, not the one already kept.
    const next = await Promise.race([
      session.authorized().then(() => 'resolved'),
      new Promise((settle) => setImmediate(() => settle('pending'))),
    ]);
    assert.equal(next, 'pending');
    await assert.rejects(asked[0].finish(query), {
      name: 'OAuthCallbackError',
      message: 'No authorization is waiting for this answer: it was used already, or is stale.',
    });
  });

  it('sends a fresh authorization URL when the answer is a refusal, and that one completes', async () => {
    const { session, provider, asked } = await login();
    const state = asked[0].url.searchParams.get('state')!;
    await assert.rejects(asked[0].finish(new URLSearchParams({ state, error: 'access_denied' })), {
      message: 'The authorization server refused: access_denied',
    });
    assert.equal(asked.length, 2);
    assert.notEqual(asked[1].url.searchParams.get('state'), state);
    assert.equal(session.authorizationUrl, asked[1].url);
    await asked[1].finish(await callbackQuery(asked[1].url));
    assert.equal(session.authorizationUrl, undefined);
    assert.ok(provider.keptTokens?.access_token);
  });

  it('refuses an answer naming another issuer (a mix-up), and takes one naming its own', async () => {
    const { fixture, session, asked } = await login();
    const mixedUp = await callbackQuery(asked[0].url);
    mixedUp.set('iss', 'https://evil.example');
    await assert.rejects(asked[0].finish(mixedUp));
    assert.equal(asked.length, 2);
    const answer = await callbackQuery(asked[1].url);
    answer.set('iss', fixture.as.issuer);
    await asked[1].finish(answer);
    assert.equal(session.authorizationUrl, undefined);
  });

  it('refreshes a token about to expire before the request that would carry it', async () => {
    const { fixture, provider, asked } = await login({ accessTokenSeconds: 10 });
    await asked[0].finish(await callbackQuery(asked[0].url));
    const first = provider.keptTokens!.access_token;
    const fresh = (await provider.tokens())!.access_token;
    assert.notEqual(fresh, first);
    assert.ok(fixture.as.accessTokens.has(fresh));
    assert.deepEqual(
      fixture.as.tokenRequests.map((request) => request.grantType),
      ['authorization_code', 'refresh_token'],
    );
  });
});
