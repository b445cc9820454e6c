// The console's OAuthClientProvider as the SDK and the session call it: the metadata it registers with, the client it
// presents (a pre-registered one bound to its first authorization server), the tokens it keeps, and what it refuses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { ConsoleOAuthProvider, type ProviderSettings } from '../../server/mcp/oauth/provider.js';
import { TokenStore } from '../../server/mcp/oauth/token-store.js';

const redirectUrl = 'http://127.0.0.1:9/callback';

function provider(settings: Partial<ProviderSettings> = {}, store = new TokenStore('https://mcp.example/mcp')) {
  const asked: URL[] = [];
  const made = new ConsoleOAuthProvider(
    { redirectUrl, clientName: 'the console', onAuthorizationUrl: (url) => asked.push(url), ...settings },
    store,
  );
  return { provider: made, store, asked };
}

const metadata = (methods?: string[]) => ({
  issuer: 'https://as.example',
  authorization_endpoint: 'https://as.example/authorize',
  token_endpoint: 'https://as.example/token',
  response_types_supported: ['code'],
  ...(methods ? { code_challenge_methods_supported: methods } : {}),
});

const signer = async () => {};

describe('the OAuth provider', () => {
  it('registers an interactive client as a public one, with the redirect URL and the code grants', () => {
    const { provider: p } = provider();
    assert.equal(p.redirectUrl, redirectUrl);
    assert.deepEqual(p.clientMetadata, {
      client_name: 'the console',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    assert.equal(p.addClientAuthentication, undefined);
  });

  it('registers a machine client for client_credentials, with no redirect, asking for the scope given', () => {
    const { provider: p } = provider({ redirectUrl: undefined, clientSecret: 's3cret', scope: 'read write' });
    assert.deepEqual(p.clientMetadata, {
      client_name: 'the console',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      response_types: [],
      token_endpoint_auth_method: 'client_secret_basic',
      scope: 'read write',
    });
  });

  it('authenticates with private_key_jwt when it signs assertions, and hands the SDK the signer', () => {
    const { provider: p } = provider({ clientAssertion: signer, clientSecret: 'ignored' });
    assert.equal(p.clientMetadata.token_endpoint_auth_method, 'private_key_jwt');
    assert.equal(p.addClientAuthentication, signer);
  });

  it('passes the client metadata document URL on', () => {
    assert.equal(provider().provider.clientMetadataUrl, undefined);
    const url = 'https://console.example/client.json';
    assert.equal(provider({ clientMetadataUrl: url }).provider.clientMetadataUrl, url);
  });

  it('makes a fresh, unguessable state for each request, and forgets it once spent', () => {
    const { provider: p } = provider();
    assert.equal(p.pendingState, undefined);
    const first = p.state();
    const second = p.state();
    assert.match(first, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(first, second);
    assert.equal(p.pendingState, second);
    p.forgetState();
    assert.equal(p.pendingState, undefined);
  });

  it('presents a pre-registered client, bound to the first authorization server it is asked for', () => {
    const { provider: p, store } = provider({ clientId: 'fixed', clientSecret: 's3cret' });
    assert.deepEqual(p.clientInformation(), { client_id: 'fixed', client_secret: 's3cret' });
    assert.deepEqual(p.clientInformation({ issuer: 'https://as.example' } as never), {
      client_id: 'fixed',
      client_secret: 's3cret',
      issuer: 'https://as.example',
    });
    assert.equal(
      (p.clientInformation({ issuer: 'https://evil.example' } as never) as { issuer?: string }).issuer,
      'https://as.example',
    );
    // The SDK stamps what it registers; a pre-registered client is not written to the store.
    p.saveClientInformation({ client_id: 'fixed', issuer: 'https://other.example' } as never);
    assert.equal(store.client, undefined);
    assert.equal((p.clientInformation() as { issuer?: string }).issuer, 'https://other.example');
  });

  it('leaves out an empty client secret', () => {
    assert.deepEqual(provider({ clientId: 'fixed', clientSecret: '' }).provider.clientInformation(), {
      client_id: 'fixed',
    });
  });

  it('keeps a dynamically registered client in its store', () => {
    const { provider: p, store } = provider();
    assert.equal(p.clientInformation(), undefined);
    p.saveClientInformation({ client_id: 'registered', client_secret: 'given' });
    assert.deepEqual(store.client, { client_id: 'registered', client_secret: 'given' });
    assert.deepEqual(p.clientInformation(), { client_id: 'registered', client_secret: 'given' });
  });

  it('keeps tokens with the moment they expire, and the old refresh token when a refresh brings none', () => {
    const { provider: p } = provider();
    const before = Date.now();
    p.saveTokens({ access_token: 'a1', token_type: 'Bearer', expires_in: 60, refresh_token: 'r1' });
    const after = Date.now();
    const kept = p.keptTokens!;
    assert.equal(kept.access_token, 'a1');
    assert.equal(kept.refresh_token, 'r1');
    assert.ok(kept.expires_at! >= before + 60_000 && kept.expires_at! <= after + 60_000);
    p.saveTokens({ access_token: 'a2', token_type: 'Bearer' });
    assert.deepEqual(p.keptTokens, {
      access_token: 'a2',
      token_type: 'Bearer',
      refresh_token: 'r1',
      expires_at: undefined,
    });
    p.saveTokens({ access_token: 'a3', token_type: 'Bearer', refresh_token: 'r2' });
    assert.equal(p.keptTokens!.refresh_token, 'r2');
  });

  it('keeps no refresh token when none was ever issued', () => {
    const { provider: p } = provider();
    p.saveTokens({ access_token: 'a1', token_type: 'Bearer' });
    assert.ok(!('refresh_token' in p.keptTokens!));
  });

  it('runs beforeRequest before the transport reads the token, but not for the SDK own reads', async () => {
    let runs = 0;
    const { provider: p } = provider({
      beforeRequest: async () => {
        runs++;
        p.saveTokens({ access_token: `refreshed-${runs}`, token_type: 'Bearer' });
      },
    });
    p.saveTokens({ access_token: 'old', token_type: 'Bearer' });
    assert.equal((p.tokens({ issuer: 'https://as.example' } as never) as { access_token: string }).access_token, 'old');
    assert.equal(runs, 0);
    assert.equal((await p.tokens())!.access_token, 'refreshed-1');
    assert.equal(runs, 1);
  });

  it('reads the tokens straight away without a beforeRequest', () => {
    const { provider: p } = provider();
    p.saveTokens({ access_token: 'now', token_type: 'Bearer' });
    assert.equal((p.tokens() as { access_token: string }).access_token, 'now');
  });

  it('hands the authorization URL on', () => {
    const { provider: p, asked } = provider();
    p.redirectToAuthorization(new URL('https://as.example/authorize?x=1'));
    assert.deepEqual(asked.map(String), ['https://as.example/authorize?x=1']);
  });

  it('gives the code verifier saved, and refuses when no authorization is in progress', () => {
    const { provider: p } = provider();
    assert.throws(() => p.codeVerifier(), { name: 'OAuthFlowError', message: 'no authorization is in progress' });
    p.saveCodeVerifier('verifier-1');
    assert.equal(p.codeVerifier(), 'verifier-1');
  });

  for (const [what, methods] of [
    ['lists no PKCE methods', undefined],
    ['lists only plain', ['plain']],
  ] as const) {
    it(`refuses an authorization server that ${what}, before any redirect`, () => {
      const { provider: p } = provider();
      const state = {
        authorizationServerUrl: 'https://as.example',
        authorizationServerMetadata: metadata(methods && [...methods]),
      };
      assert.throws(() => p.saveDiscoveryState(state as OAuthDiscoveryState), {
        name: 'OAuthFlowError',
        message:
          'the authorization server https://as.example does not support PKCE with S256 ' +
          '(its metadata has no "S256" in code_challenge_methods_supported), so tool-console will not authorize with it',
      });
      assert.equal(p.discoveryStateSeen, undefined);
    });
  }

  it('keeps discovery that found S256, or no metadata, or is for client_credentials', () => {
    const withS256 = { authorizationServerUrl: 'https://as.example', authorizationServerMetadata: metadata(['S256']) };
    const none = { authorizationServerUrl: 'https://as.example' };
    const withoutPkce = { authorizationServerUrl: 'https://as.example', authorizationServerMetadata: metadata() };
    for (const [settings, state] of [
      [{}, withS256],
      [{}, none],
      [{ redirectUrl: undefined }, withoutPkce],
    ] as const) {
      const { provider: p } = provider(settings);
      p.saveDiscoveryState(state as OAuthDiscoveryState);
      assert.equal(p.discoveryStateSeen, state);
    }
  });

  it('counts a flow each time the SDK reads the discovery state, and not when the session looks', () => {
    let flows = 0;
    const { provider: p } = provider({ onFlow: () => flows++ });
    const state = { authorizationServerUrl: 'https://as.example' } as OAuthDiscoveryState;
    p.saveDiscoveryState(state);
    assert.equal(p.discoveryStateSeen, state);
    assert.equal(flows, 0);
    assert.equal(p.discoveryState(), state);
    assert.equal(flows, 1);
    // Without onFlow it still answers.
    const { provider: quiet } = provider();
    assert.equal(quiet.discoveryState(), undefined);
  });

  for (const scope of ['all', 'client', 'tokens', 'verifier', 'discovery'] as const) {
    it(`invalidates ${scope === 'all' ? 'everything' : `the ${scope} only`}`, () => {
      const { provider: p } = provider();
      p.saveClientInformation({ client_id: 'registered' });
      p.saveTokens({ access_token: 'a', token_type: 'Bearer' });
      p.saveCodeVerifier('v');
      p.saveDiscoveryState({ authorizationServerUrl: 'https://as.example' } as OAuthDiscoveryState);
      p.invalidateCredentials(scope);
      const gone = (part: string) => scope === 'all' || scope === part;
      assert.equal(p.clientInformation() === undefined, gone('client'));
      assert.equal(p.keptTokens === undefined, gone('tokens'));
      assert.equal(p.discoveryStateSeen === undefined, gone('discovery'));
      if (gone('verifier')) assert.throws(() => p.codeVerifier(), { name: 'OAuthFlowError' });
      else assert.equal(p.codeVerifier(), 'v');
    });
  }

  it('asks for client_credentials only without a redirect URL, with the scope when there is one', () => {
    assert.equal(provider().provider.prepareTokenRequest('read'), undefined);
    const { provider: machine } = provider({ redirectUrl: undefined });
    assert.equal(String(machine.prepareTokenRequest('read')), 'grant_type=client_credentials&scope=read');
    assert.equal(String(machine.prepareTokenRequest()), 'grant_type=client_credentials');
    assert.equal(String(machine.prepareTokenRequest('')), 'grant_type=client_credentials');
  });
});
