// One MCP server's OAuth session: the provider the transports use, the authorization the user has yet to complete,
// the callback that completes it, and a refresh before the access token expires.
import { auth, isHttpsUrl, type OAuthClientProvider } from '@modelcontextprotocol/client';
import { clientAssertion } from './client-assertion.js';
import { ConsoleOAuthProvider, OAuthFlowError } from './provider.js';
import { TokenStore } from './token-store.js';

/** `connectMcp({url, auth})`: how the console authorizes with an MCP server that demands OAuth. */
export interface McpAuthOptions {
  /**
   * Where the authorization server sends the browser back after the user agrees (the host routes that request's
   * query to `finish`). Required unless `clientCredentials` is set.
   */
  redirectUrl?: string | URL;
  /**
   * Called with the URL the user must open to authorize, and `finish`, to be called with the query the browser
   * brings back to `redirectUrl`. `finish` rejects (with a message for the user) on a wrong or replayed state.
   */
  onAuthorizationUrl?: (url: URL, finish: (query: URLSearchParams) => Promise<void>) => void;
  /** A client registered with the authorization server beforehand (else one is registered dynamically). */
  clientId?: string;
  clientSecret?: string;
  /**
   * The PEM private key `clientId` authenticates with instead of a secret: each token request carries a JWT it
   * signs (`private_key_jwt`, RFC 7523), with `clientId` as issuer and subject and the authorization server as
   * audience.
   */
  clientAssertionKey?: string;
  /**
   * An https URL serving this client's Client ID Metadata Document: used as the client_id, instead of registering,
   * by an authorization server that advertises `client_id_metadata_document_supported`.
   */
  clientMetadataUrl?: string;
  /** Machine to machine: the client_credentials grant with `clientId` and a secret or key, no browser. */
  clientCredentials?: boolean;
  /** The scope to ask for when neither the server's challenge nor its metadata names one. */
  scope?: string;
  /** A file that keeps the tokens and a registered client across restarts, written with mode 0600. */
  tokenStore?: string;
  /** The name the console registers under (default `tool-console`). */
  clientName?: string;
}

export class OAuthCallbackError extends Error {
  override name = 'OAuthCallbackError';
}

// Refreshed this long before it expires, so a request never leaves with a token about to die on the way.
const REFRESH_MARGIN_MS = 30_000;

export class McpOAuthSession {
  readonly #provider: ConsoleOAuthProvider;
  readonly #serverUrl: URL;
  readonly #options: McpAuthOptions;
  #authorizationUrl: URL | undefined;
  #authorized = deferred();
  #refreshing: Promise<unknown> | undefined;
  #flows = 0;

  constructor(serverUrl: URL, options: McpAuthOptions) {
    const credential = options.clientSecret ?? options.clientAssertionKey;
    if (options.clientCredentials && (options.clientId === undefined || credential === undefined)) {
      throw new OAuthFlowError('the client_credentials grant needs a client id and a client secret or assertion key');
    }
    if (options.clientMetadataUrl !== undefined && !isHttpsUrl(options.clientMetadataUrl)) {
      throw new OAuthFlowError(
        `a client metadata URL must be an https URL with a path, got ${options.clientMetadataUrl}`,
      );
    }
    if (options.clientAssertionKey !== undefined && options.clientId === undefined) {
      throw new OAuthFlowError('a client assertion key needs the client id it was registered for');
    }
    // Without both, an authorization could start that nobody can complete, and connectMcp would wait for ever.
    if (!options.clientCredentials && (options.redirectUrl === undefined || !options.onAuthorizationUrl)) {
      throw new OAuthFlowError('authorizing needs a redirectUrl and an onAuthorizationUrl (or clientCredentials)');
    }
    this.#serverUrl = serverUrl;
    this.#options = options;
    this.#provider = new ConsoleOAuthProvider(
      {
        redirectUrl: options.clientCredentials ? undefined : String(options.redirectUrl),
        clientName: options.clientName ?? 'tool-console',
        clientId: options.clientId,
        clientSecret: options.clientSecret,
        clientAssertion:
          options.clientAssertionKey === undefined
            ? undefined
            : clientAssertion(options.clientAssertionKey, options.clientId!),
        clientMetadataUrl: options.clientMetadataUrl,
        scope: options.scope,
        onAuthorizationUrl: (url) => this.#ask(url),
        beforeRequest: () => this.#refreshIfExpiring(),
        onFlow: () => this.#flows++,
      },
      new TokenStore(serverUrl.href, options.tokenStore),
    );
  }

  /**
   * The credentials of this session as they stand: its tokens and its client's secret (given or registered), for the
   * protocol log to blank out of anything it keeps.
   */
  secrets(): string[] {
    const tokens = this.#provider.keptTokens;
    const client = this.#provider.clientInformation() as { client_secret?: string } | undefined;
    return [tokens?.access_token, tokens?.refresh_token, client?.client_secret, this.#options.clientSecret].filter(
      (value): value is string => typeof value === 'string' && value !== '',
    );
  }

  /** For the transports' `authProvider`. */
  get provider(): OAuthClientProvider {
    return this.#provider;
  }

  /** The URL the user has yet to open, while an authorization is pending. */
  get authorizationUrl(): URL | undefined {
    return this.#authorizationUrl;
  }

  /** How many authorization flows have started: one that started during a failed attempt explains the failure. */
  get flows(): number {
    return this.#flows;
  }

  /** A failure during an authorization flow, said as one: an MCP server with a 401 and no OAuth is told apart. */
  explain(reason: string): string {
    const discovery = this.#provider.discoveryStateSeen;
    if (discovery && !discovery.resourceMetadata && !discovery.authorizationServerMetadata) {
      return (
        `it answered 401 but publishes no OAuth metadata, and authorizing at its default endpoints failed (${reason}); ` +
        'if it expects a fixed header instead, pass that header'
      );
    }
    return `authorizing with OAuth failed: ${reason}`;
  }

  /** Resolves once a pending authorization has been completed through `finish`. */
  authorized(): Promise<void> {
    return this.#authorized.promise;
  }

  #ask(url: URL): void {
    this.#authorizationUrl = url;
    this.#options.onAuthorizationUrl?.(url, (query) => this.finish(query));
  }

  /** Completes the pending authorization with the query the browser brought back to the redirect URL. */
  async finish(query: URLSearchParams): Promise<void> {
    const expected = this.#provider.pendingState;
    const state = query.get('state');
    if (expected === undefined) {
      throw new OAuthCallbackError('No authorization is waiting for this answer: it was used already, or is stale.');
    }
    if (state !== expected) {
      throw new OAuthCallbackError('The answer does not belong to the authorization tool-console asked for.');
    }
    // One answer per request: whatever happens next, this state is spent.
    this.#provider.forgetState();
    try {
      await this.#exchange(query);
    } catch (error) {
      // The user is not left with a spent link: a fresh authorization request goes out (its URL through
      // onAuthorizationUrl), and the refusal says why this one failed.
      await this.#askAgain();
      throw error;
    }
    this.#authorizationUrl = undefined;
    this.#authorized.resolve();
    this.#authorized = deferred();
  }

  async #exchange(query: URLSearchParams): Promise<void> {
    const error = query.get('error');
    if (error !== null) {
      throw new OAuthCallbackError(`The authorization server refused: ${query.get('error_description') ?? error}`);
    }
    const code = query.get('code');
    if (code === null) throw new OAuthCallbackError('The answer carries no authorization code.');
    const result = await auth(this.#provider, {
      serverUrl: this.#serverUrl,
      authorizationCode: code,
      iss: query.get('iss') ?? undefined,
    });
    if (result !== 'AUTHORIZED') throw new OAuthCallbackError('The authorization server issued no token.');
  }

  async #askAgain(): Promise<void> {
    try {
      await auth(this.#provider, { serverUrl: this.#serverUrl });
    } catch {
      // The first failure is the one to report; the user can restart the console.
    }
  }

  async #refreshIfExpiring(): Promise<void> {
    const tokens = this.#provider.keptTokens;
    if (tokens?.expires_at === undefined || tokens.expires_at - Date.now() > REFRESH_MARGIN_MS) return;
    if (!tokens.refresh_token && this.#provider.redirectUrl !== undefined) return; // only a new authorization helps
    // One refresh for all the requests that find the token expiring at once; a failed one leaves the 401 to tell.
    this.#refreshing ??= auth(this.#provider, { serverUrl: this.#serverUrl })
      .catch(() => {})
      .finally(() => (this.#refreshing = undefined));
    await this.#refreshing;
  }
}

// Promise.withResolvers arrived in Node 22; the console runs on 20.
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
