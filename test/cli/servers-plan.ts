// What the router tests of many servers share: the CLI's plan for the servers they make (stdio only: nothing here
// authorizes; test/cli/cli-many-servers-oauth.test.ts does) and the address a console tells its sandbox.
export const plan = {
  allowExecute: true,
  maxBodyBytes: undefined,
  timeoutMs: 5_000,
  totalTimeoutMs: undefined,
  allowedHosts: [],
  connectTimeoutMs: 5_000,
  logLevel: 'info' as const,
  roots: [],
  oauth: {
    clientId: undefined,
    clientSecret: undefined,
    clientAssertionKey: undefined,
    clientCredentials: false,
    clientMetadataUrl: undefined,
    scope: undefined,
    tokenStore: undefined,
    open: false,
  },
};
export const consoleAddress = () => 'http://127.0.0.1:1/';
