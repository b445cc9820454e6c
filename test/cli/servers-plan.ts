// What the CLI tests share of a plan: the OAuth part with no OAuth flag given (the flags tests' default), and for the
// router tests of many servers a whole plan (stdio only: nothing there authorizes; cli-many-servers-oauth.test.ts
// does) with the address a console tells its sandbox.
/** The OAuth part of a plan with no OAuth flag given, as the CLI's parser makes it. */
export const NO_OAUTH = {
  clientId: undefined,
  clientSecret: undefined,
  clientAssertionKey: undefined,
  clientCredentials: false,
  clientMetadataUrl: undefined,
  scope: undefined,
  tokenStore: undefined,
  open: false,
};

export const plan = {
  allowExecute: true,
  maxBodyBytes: undefined,
  timeoutMs: 5_000,
  totalTimeoutMs: undefined,
  allowedHosts: [],
  connectTimeoutMs: 5_000,
  logLevel: 'info' as const,
  roots: [],
  oauth: NO_OAUTH,
};
export const consoleAddress = () => 'http://127.0.0.1:1/';
