// One MCP server's OAuth session as a host sees it: the options it refuses up front, the secrets it hands the
// protocol log, how it explains a failure, and `finish` refusing a callback that is not the pending one's. The
// network is a closed loopback port here: any flow the session starts fails at once, and `flows` tells it started.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it, mock } from 'node:test';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { McpOAuthSession, type McpAuthOptions } from '../../server/mcp/oauth/session.js';
import type { ConsoleOAuthProvider } from '../../server/mcp/oauth/provider.js';

const closed = new URL('http://127.0.0.1:9/mcp');
const redirectUrl = 'http://127.0.0.1:9/callback';
const interactive = { redirectUrl, onAuthorizationUrl: () => {} };
const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;

function session(options: McpAuthOptions = interactive) {
  const made = new McpOAuthSession(closed, options);
  return { session: made, provider: made.provider as ConsoleOAuthProvider };
}

describe('an OAuth session', () => {
  for (const [what, options, message] of [
    [
      'client_credentials without a client id',
      { clientCredentials: true, clientSecret: 's' },
      'the client_credentials grant needs a client id and a client secret or assertion key',
    ],
    [
      'client_credentials without a secret or key',
      { clientCredentials: true, clientId: 'c' },
      'the client_credentials grant needs a client id and a client secret or assertion key',
    ],
    [
      'a client metadata URL that is not https',
      { ...interactive, clientMetadataUrl: 'http://console.example/client.json' },
      'a client metadata URL must be an https URL with a path, got http://console.example/client.json',
    ],
    [
      'an assertion key without a client id',
      { ...interactive, clientAssertionKey: pem },
      'a client assertion key needs the client id it was registered for',
    ],
    [
      'no redirect URL',
      { onAuthorizationUrl: () => {} },
      'authorizing needs a redirectUrl and an onAuthorizationUrl (or clientCredentials)',
    ],
    [
      'no onAuthorizationUrl',
      { redirectUrl },
      'authorizing needs a redirectUrl and an onAuthorizationUrl (or clientCredentials)',
    ],
  ] as const) {
    it(`refuses ${what}`, () => {
      assert.throws(() => new McpOAuthSession(closed, options as McpAuthOptions), { name: 'OAuthFlowError', message });
    });
  }

  it('takes client_credentials with a secret or with an assertion key, and then has no redirect URL', () => {
    const withSecret = session({ clientCredentials: true, clientId: 'c', clientSecret: 's' }).provider;
    assert.equal(withSecret.redirectUrl, undefined);
    assert.equal(withSecret.clientMetadata.token_endpoint_auth_method, 'client_secret_basic');
    const withKey = session({ clientCredentials: true, clientId: 'c', clientAssertionKey: pem }).provider;
    assert.equal(withKey.redirectUrl, undefined);
    assert.equal(withKey.clientMetadata.token_endpoint_auth_method, 'private_key_jwt');
    assert.equal(typeof withKey.addClientAuthentication, 'function');
  });

  it('hands its options to the provider: redirect URL, name (tool-console by default), scope, metadata URL', () => {
    const plain = session({ ...interactive, redirectUrl: new URL(redirectUrl) }).provider;
    assert.equal(plain.redirectUrl, redirectUrl);
    assert.equal(plain.clientMetadata.client_name, 'tool-console');
    assert.equal(plain.clientMetadata.scope, undefined);
    assert.equal(plain.clientMetadataUrl, undefined);
    assert.equal(plain.addClientAuthentication, undefined);
    const named = session({
      ...interactive,
      clientName: 'my host',
      scope: 'read',
      clientId: 'c',
      clientMetadataUrl: 'https://console.example/client.json',
    }).provider;
    assert.equal(named.clientMetadata.client_name, 'my host');
    assert.equal(named.clientMetadata.scope, 'read');
    assert.equal(named.clientMetadataUrl, 'https://console.example/client.json');
    assert.equal(named.clientInformation()?.client_id, 'c');
  });

  it('keeps its tokens in the token store file given', async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'oauth-session-'));
    try {
      const file = join(dir, 'tokens.json');
      session({ ...interactive, tokenStore: file }).provider.saveTokens({ access_token: 'kept', token_type: 'Bearer' });
      assert.equal(JSON.parse(readFileSync(file, 'utf8')).servers[closed.href].tokens.access_token, 'kept');
      assert.equal(session({ ...interactive, tokenStore: file }).provider.keptTokens?.access_token, 'kept');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists its secrets for the protocol log: tokens, the client secret given and the registered one, no empty ones', () => {
    const { session: s, provider: p } = session({ ...interactive, clientSecret: 'given-secret' });
    assert.deepEqual(s.secrets(), ['given-secret']);
    p.saveTokens({ access_token: 'access-1', token_type: 'Bearer', refresh_token: 'refresh-1' });
    assert.deepEqual(s.secrets(), ['access-1', 'refresh-1', 'given-secret']);
    const dynamic = session();
    assert.deepEqual(dynamic.session.secrets(), []);
    dynamic.provider.saveClientInformation({ client_id: 'r', client_secret: 'registered-secret' });
    dynamic.provider.saveTokens({ access_token: '', token_type: 'Bearer' });
    assert.deepEqual(dynamic.session.secrets(), ['registered-secret']);
  });

  it('explains a failure as a 401 without OAuth only when discovery found no metadata at all', () => {
    const { session: s, provider: p } = session();
    assert.equal(s.explain('boom'), 'authorizing with OAuth failed: boom');
    p.saveDiscoveryState({ authorizationServerUrl: 'http://127.0.0.1:9/' } as OAuthDiscoveryState);
    assert.equal(
      s.explain('boom'),
      'it answered 401 but publishes no OAuth metadata, and authorizing at its default endpoints failed (boom); ' +
        'if it expects a fixed header instead, pass that header',
    );
    for (const found of [
      { resourceMetadata: { resource: closed.href } },
      {
        authorizationServerMetadata: {
          issuer: 'http://127.0.0.1:9',
          authorization_endpoint: 'http://127.0.0.1:9/a',
          token_endpoint: 'http://127.0.0.1:9/t',
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
        },
      },
    ]) {
      p.saveDiscoveryState({ authorizationServerUrl: 'http://127.0.0.1:9/', ...found } as OAuthDiscoveryState);
      assert.equal(s.explain('boom'), 'authorizing with OAuth failed: boom');
    }
  });

  it('hands the authorization URL to the host with a finish, and shows it while pending', async () => {
    const asked: URL[] = [];
    let finish: ((query: URLSearchParams) => Promise<void>) | undefined;
    const { session: s, provider: p } = session({
      redirectUrl,
      onAuthorizationUrl: (url, done) => {
        asked.push(url);
        finish = done;
      },
    });
    assert.equal(s.authorizationUrl, undefined);
    const url = new URL('http://127.0.0.1:9/authorize');
    p.redirectToAuthorization(url);
    assert.equal(s.authorizationUrl, url);
    assert.deepEqual(asked, [url]);
    // The finish handed over is the session's: it refuses a callback when nothing is pending.
    await assert.rejects(finish!(new URLSearchParams()), { name: 'OAuthCallbackError' });
  });

  it('keeps an authorization URL without a host to hand it to, for client_credentials', () => {
    const { session: s, provider: p } = session({ clientCredentials: true, clientId: 'c', clientSecret: 's' });
    const url = new URL('http://127.0.0.1:9/authorize');
    p.redirectToAuthorization(url);
    assert.equal(s.authorizationUrl, url);
  });

  it('refuses a callback when no authorization is pending', async () => {
    const { session: s } = session();
    await assert.rejects(s.finish(new URLSearchParams({ state: 'x', code: 'c' })), {
      name: 'OAuthCallbackError',
      message: 'No authorization is waiting for this answer: it was used already, or is stale.',
    });
  });

  it('refuses a callback with another state or none, and keeps the pending one for the right answer', async () => {
    const { session: s, provider: p } = session();
    const state = p.state();
    for (const query of [new URLSearchParams({ state: 'forged', code: 'c' }), new URLSearchParams({ code: 'c' })]) {
      await assert.rejects(s.finish(query), {
        name: 'OAuthCallbackError',
        message: 'The answer does not belong to the authorization tool-console asked for.',
      });
    }
    assert.equal(p.pendingState, state);
  });

  for (const [what, query, message] of [
    [
      'a refusal with its description',
      { error: 'access_denied', error_description: 'The user said no' },
      'The authorization server refused: The user said no',
    ],
    ['a refusal without description', { error: 'access_denied' }, 'The authorization server refused: access_denied'],
    ['an answer without a code', {}, 'The answer carries no authorization code.'],
  ] as const) {
    it(`says why on ${what}, spends the state and starts a fresh authorization`, async () => {
      const { session: s, provider: p } = session();
      const state = p.state();
      await assert.rejects(s.finish(new URLSearchParams({ state, ...query })), {
        name: 'OAuthCallbackError',
        message,
      });
      assert.equal(s.flows, 1);
      await assert.rejects(s.finish(new URLSearchParams({ state, code: 'c' })), {
        message: 'No authorization is waiting for this answer: it was used already, or is stale.',
      });
    });
  }

  it('reports the exchange failure itself when the code cannot be exchanged', async () => {
    const { session: s, provider: p } = session();
    const state = p.state();
    // Discovery fails on the closed port: that failure, not the fresh authorization's, is what finish rejects with.
    await assert.rejects(s.finish(new URLSearchParams({ state, code: 'c' })), (error: Error) => {
      assert.notEqual(error.name, 'OAuthCallbackError');
      return true;
    });
    assert.equal(s.flows, 2);
  });

  for (const [what, tokens, options, refreshes] of [
    ['tokens that never expire', { expires_in: undefined, refresh_token: 'r' }, interactive, 0],
    ['tokens good for an hour', { expires_in: 3600, refresh_token: 'r' }, interactive, 0],
    ['tokens good for 31 seconds', { expires_in: 31, refresh_token: 'r' }, interactive, 0],
    ['tokens expiring with a refresh token', { expires_in: 29, refresh_token: 'r' }, interactive, 1],
    ['tokens expired with a refresh token', { expires_in: -5, refresh_token: 'r' }, interactive, 1],
    ['tokens expiring without a refresh token', { expires_in: 10 }, interactive, 0],
    [
      'client_credentials tokens expiring',
      { expires_in: 10 },
      { clientCredentials: true, clientId: 'c', clientSecret: 's' },
      1,
    ],
  ] as const) {
    it(`refreshes before a request ${refreshes ? '' : 'not '}with ${what}`, async () => {
      const { session: s, provider: p } = session(options);
      assert.equal((await p.tokens())?.access_token, undefined);
      p.saveTokens({ access_token: 'a', token_type: 'Bearer', ...tokens });
      // A failed refresh leaves the token for the 401 to tell.
      assert.equal((await p.tokens())?.access_token, 'a');
      assert.equal(s.flows, refreshes);
    });
  }

  it('refreshes a token with exactly the margin of 30 seconds left, not one with a millisecond more', async () => {
    mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
    try {
      for (const [seconds, refreshes] of [
        [30.001, 0],
        [30, 1],
      ] as const) {
        const { session: s, provider: p } = session();
        p.saveTokens({ access_token: 'a', token_type: 'Bearer', expires_in: seconds, refresh_token: 'r' });
        await p.tokens();
        assert.equal(s.flows, refreshes, `${seconds} seconds left`);
      }
    } finally {
      mock.timers.reset();
    }
  });

  it('refreshes once for the requests that find the token expiring together, and again later', async () => {
    const { session: s, provider: p } = session();
    p.saveTokens({ access_token: 'a', token_type: 'Bearer', expires_in: 1, refresh_token: 'r' });
    await Promise.all([p.tokens(), p.tokens(), p.tokens()]);
    assert.equal(s.flows, 1);
    await p.tokens();
    assert.equal(s.flows, 2);
  });
});
