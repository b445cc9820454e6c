// How the CLI makes each configured server's connection and console: the same ones `--stdio`/`--url` make for one
// server (deferred-mcp.ts, console-options.ts), its output marked with its name and its page titled after it. A server
// reached by URL that demands OAuth authorizes as a --url console does, through its own callback under its prefix,
// with the flags that apply to every server (--scope, --token-store, --open: args.ts).
import type { McpAuthOptions } from '../../mcp/index.js';
import { createHandler } from '../../node/handler.js';
import type { OAuthPlan } from '../args.js';
import { consoleOptionsOf, serverTitle, type ConsolePlan } from '../console-options.js';
import { deferredMcp, type ConnectPlan } from '../deferred-mcp.js';
import { openInBrowser } from '../open-browser.js';
import type { ServerHooks, ServerMaker } from './server-entry.js';

/** `consoleAddress`: the console's URL, ending in `/`; known once it listens, which is before any server connects. */
export function cliServerMaker(
  plan: ConsolePlan & ConnectPlan & { oauth: OAuthPlan },
  sandboxOrigin: string,
  consoleAddress: () => string,
): ServerMaker {
  const authOf = (name: string, hooks: ServerHooks) => (): McpAuthOptions => ({
    redirectUrl: `${consoleAddress()}${hooks.callbackPath}`,
    scope: plan.oauth.scope,
    // One file for all: it keeps each server's tokens and client under the server's URL.
    tokenStore: plan.oauth.tokenStore,
    onAuthorizationUrl: (url, finish) => {
      hooks.onAuthorizationUrl(url, finish);
      if (!plan.oauth.open) return;
      openInBrowser(url.href, (reason) =>
        process.stderr.write(`tool-console: ${name}: could not open a browser (${reason}); open the URL above\n`),
      );
    },
  });
  return {
    bridgeFor: (server, secrets, hooks) =>
      deferredMcp(server.target, plan, {
        label: server.name,
        secrets,
        onFailure: hooks.onFailure,
        auth: authOf(server.name, hooks),
      }),
    consoleFor: (server, bridge, prefix) =>
      createHandler(consoleOptionsOf(bridge, plan, { prefix, sandboxOrigin, title: serverTitle(bridge, server.name) })),
  };
}
