// The SDK's OAuthClientProvider for one MCP server: it keeps the client, tokens, PKCE verifier and discovery results
// (in a TokenStore), and refuses what the MCP authorization spec forbids before the SDK would go on.
import { randomBytes } from 'node:crypto';
import type {
  AddClientAuthentication,
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { KeptTokens, TokenStore } from './token-store.js';

export interface ProviderSettings {
  /** Where the authorization server sends the browser back; undefined for the client_credentials grant. */
  redirectUrl: string | undefined;
  clientName: string;
  /** A client registered beforehand; otherwise the provider registers one dynamically (RFC 7591). */
  clientId?: string;
  clientSecret?: string;
  /** Signs a JWT for each token request instead of sending a secret (`private_key_jwt`). */
  clientAssertion?: AddClientAuthentication;
  /** The client's metadata document URL, its client_id where the authorization server supports those. */
  clientMetadataUrl?: string;
  /** Asked for when neither the server's challenge nor its metadata names scopes. */
  scope?: string;
  /** The authorization URL, with the state it carries: the user has to open it. */
  onAuthorizationUrl: (url: URL) => void;
  /** Told each time the SDK starts an authorization flow (it reads the discovery state first). */
  onFlow?: () => void;
  /** Runs before the transport reads the token for a request (to refresh one about to expire). */
  beforeRequest?: () => Promise<void>;
}

export class OAuthFlowError extends Error {
  override name = 'OAuthFlowError';
}

export class ConsoleOAuthProvider implements OAuthClientProvider {
  readonly #settings: ProviderSettings;
  readonly #store: TokenStore;
  #codeVerifier: string | undefined;
  #discovery: OAuthDiscoveryState | undefined;
  #state: string | undefined;
  /** The authorization server a pre-registered client was first used with (SEP-2352: its credentials go nowhere else). */
  #preRegisteredIssuer: string | undefined;
  /** When set, the SDK calls it on every token request in place of its own client authentication. */
  readonly addClientAuthentication?: AddClientAuthentication;

  constructor(settings: ProviderSettings, store: TokenStore) {
    this.#settings = settings;
    this.#store = store;
    // Undefined without a key: the SDK then authenticates the client itself.
    this.addClientAuthentication = settings.clientAssertion;
  }

  get redirectUrl(): string | undefined {
    return this.#settings.redirectUrl;
  }

  get clientMetadataUrl(): string | undefined {
    return this.#settings.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const interactive = this.redirectUrl !== undefined;
    return {
      client_name: this.#settings.clientName,
      redirect_uris: interactive ? [this.redirectUrl!] : [],
      grant_types: interactive ? ['authorization_code', 'refresh_token'] : ['client_credentials'],
      response_types: interactive ? ['code'] : [],
      // A dynamically registered console keeps no secret worth the name: it is a public client, protected by PKCE.
      token_endpoint_auth_method: this.#tokenEndpointAuthMethod(),
      ...(this.#settings.scope ? { scope: this.#settings.scope } : {}),
    };
  }

  #tokenEndpointAuthMethod(): string {
    if (this.#settings.clientAssertion) return 'private_key_jwt';
    return this.#settings.clientSecret === undefined ? 'none' : 'client_secret_basic';
  }

  /** A fresh, unguessable state for each authorization request; the callback must bring it back. */
  state(): string {
    this.#state = randomBytes(32).toString('base64url');
    return this.#state;
  }

  /** The state of the authorization request in progress, if any. */
  get pendingState(): string | undefined {
    return this.#state;
  }

  /** Forgets the pending request's state, so its callback cannot be used twice. */
  forgetState(): void {
    this.#state = undefined;
  }

  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    const { clientId, clientSecret } = this.#settings;
    if (clientId !== undefined) {
      // Bound on first use to the authorization server the SDK asks for, as it would stamp it itself.
      const issuer = (this.#preRegisteredIssuer ??= ctx?.issuer);
      return {
        client_id: clientId,
        ...(clientSecret ? { client_secret: clientSecret } : {}),
        ...(issuer ? { issuer } : {}),
      };
    }
    return this.#store.client;
  }

  saveClientInformation(client: StoredOAuthClientInformation): void {
    // A pre-registered client is given on every run: only the issuer the SDK stamps on it is kept, for this run.
    if (this.#settings.clientId === undefined) this.#store.update({ client });
    else this.#preRegisteredIssuer = client.issuer;
  }

  /** Reads with a ctx come from the SDK's own flow; those without are the transport's, before each request. */
  tokens(ctx?: OAuthClientInformationContext): KeptTokens | undefined | Promise<KeptTokens | undefined> {
    const { beforeRequest } = this.#settings;
    if (ctx !== undefined || beforeRequest === undefined) return this.#store.tokens;
    return beforeRequest().then(() => this.#store.tokens);
  }

  /** The tokens as kept, without a refresh. */
  get keptTokens(): KeptTokens | undefined {
    return this.#store.tokens;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    const expires_at = tokens.expires_in === undefined ? undefined : Date.now() + tokens.expires_in * 1000;
    // A refresh that brings no new refresh token leaves the old one valid (RFC 6749 section 6).
    const refresh_token = tokens.refresh_token ?? this.#store.tokens?.refresh_token;
    this.#store.update({ tokens: { ...tokens, ...(refresh_token ? { refresh_token } : {}), expires_at } });
  }

  redirectToAuthorization(url: URL): void {
    this.#settings.onAuthorizationUrl(url);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.#codeVerifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.#codeVerifier === undefined) throw new OAuthFlowError('no authorization is in progress');
    return this.#codeVerifier;
  }

  /**
   * The spec's client MUST refuse an authorization server that does not say it supports PKCE with S256; the SDK
   * refuses only one that lists other methods, so a server that lists none is refused here, before any redirect.
   */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    const metadata = state.authorizationServerMetadata;
    if (this.redirectUrl !== undefined && metadata && !metadata.code_challenge_methods_supported?.includes('S256')) {
      throw new OAuthFlowError(
        `the authorization server ${metadata.issuer} does not support PKCE with S256 ` +
          '(its metadata has no "S256" in code_challenge_methods_supported), so tool-console will not authorize with it',
      );
    }
    this.#discovery = state;
  }

  /** What discovery found, without counting as a flow. */
  get discoveryStateSeen(): OAuthDiscoveryState | undefined {
    return this.#discovery;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    this.#settings.onFlow?.();
    return this.#discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.#store.update({ client: undefined });
    if (scope === 'all' || scope === 'tokens') this.#store.update({ tokens: undefined });
    if (scope === 'all' || scope === 'verifier') this.#codeVerifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.#discovery = undefined;
  }

  /** The client_credentials grant, when there is no browser to send anywhere. */
  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    if (this.redirectUrl !== undefined) return undefined; // the SDK's authorization_code request
    return new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
  }
}
