#!/usr/bin/env node
// The `tool-console` command: serves the console on the built-in demo tools, or in front of an MCP server.
// Every failure ends as one line on stderr and a non-zero exit; stack traces are for bugs, not for users.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseCli, UsageError, usage, type CliPlan } from './cli/args.js';
import { consoleUrl, listen } from './cli/listen.js';
import { openInBrowser } from './cli/open-browser.js';
import { dropCredentialRetryWarnings, failOnEscapes } from './cli/process-guards.js';
import { secretsOf } from './cli/secrets.js';
import { formatRedacted } from './core/redact-secrets.js';
import { packageVersion } from './package-version.js';
import type { ServersConfig } from './cli/config/configured-server.js';
import { isOneShotCommand, runOneShot } from './cli/commands/one-shot.js';
import { describeTarget, McpConnectionError, type McpAuthOptions } from './mcp/index.js';
import type { ConsoleHandler } from './node/handler.js';
// The console's own modules (its handler, listeners, demo tools, the many-servers router) load only when it serves: a
// one-shot command (`tool-console list ...`) never uses them, and they were a fifth of its time (cli/console-modules.ts).
const {
  FrontDoor,
  listenerOrigin,
  SandboxListener,
  createHandler,
  serverFor,
  cliServerMaker,
  ServerSet,
  createServersRouter,
  deferredMcp,
  consoleOptionsOf,
  serverTitle,
  terseLogger,
} = isOneShotCommand(process.argv[2])
  ? ({} as typeof import('./cli/console-modules.js'))
  : await import('./cli/console-modules.js');
type FrontDoor = import('./cli/front-door.js').FrontDoor;
type DeferredBridge = import('./cli/deferred-bridge.js').DeferredBridge;
type SandboxListener = import('./cli/sandbox-listener.js').SandboxListener;
type ServerSet = import('./cli/many-servers/server-set.js').ServerSet;

type ServePlan = Extract<CliPlan, { kind: 'serve' }>;

function fail(message: string, exitCode = 1): never {
  process.stderr.write(`tool-console: ${message}\n`);
  process.exit(exitCode);
}

// What has to be shut down on SIGINT/SIGTERM, filled in as it starts.
const running: { server?: Server; sandbox?: Server; bridge?: DeferredBridge; servers?: ServerSet } = {};
let stopping = false;

async function handleStopSignal(): Promise<never> {
  if (stopping) process.exit(130); // a second Ctrl-C does not wait for a slow MCP server to exit
  stopping = true;
  for (const server of [running.server, running.sandbox]) {
    server?.close();
    server?.closeAllConnections();
  }
  await Promise.all([running.bridge?.close(), running.servers?.close()]);
  process.exit(0);
}

/**
 * How a --url console authorizes when the server demands OAuth: the authorization server sends the browser back to
 * the console's own `/oauth/callback`, which the front door routes to `finish`.
 */
function oauthOf(plan: ServePlan, address: string, front: FrontDoor): McpAuthOptions {
  const { clientId, clientSecret, clientAssertionKey, clientCredentials, clientMetadataUrl, scope, tokenStore, open } =
    plan.oauth;
  return {
    redirectUrl: FrontDoor.callbackUrl(address),
    clientId,
    clientSecret,
    clientAssertionKey: clientAssertionKey === undefined ? undefined : readAssertionKey(clientAssertionKey),
    clientCredentials,
    clientMetadataUrl,
    scope,
    tokenStore,
    onAuthorizationUrl: (url, finish) => {
      front.awaitAuthorization(url, finish);
      process.stderr.write(`tool-console: authorize at ${url.href}\n`);
      if (open) {
        openInBrowser(url.href, (reason) =>
          process.stderr.write(`tool-console: could not open a browser (${reason}); open the URL above\n`),
        );
      }
    },
  };
}

function readAssertionKey(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the client assertion key ${file}: ${(error as Error).message}`);
  }
}

/** Tool UIs run on a second origin; a console must know it when it is made, so this listener comes first. */
async function listenForSandbox(plan: ServePlan): Promise<{ sandbox: SandboxListener; sandboxOrigin: string }> {
  const sandbox = new SandboxListener();
  running.sandbox = sandbox.server;
  const sandboxPort = await listen(sandbox.server, plan.host, plan.sandbox.port, '--sandbox-port');
  const bound = (sandbox.server.address() as AddressInfo).address;
  return { sandbox, sandboxOrigin: plan.sandbox.origin ?? listenerOrigin(plan.host, sandboxPort, bound) };
}

/** Only a flag's value (--prefix) can make a console's options invalid: that is a usage error, exit 2, like any other. */
function asUsageError(error: unknown): unknown {
  return error instanceof TypeError ? new UsageError(`--${error.message.replace(/^tool-console: /, '')}`) : error;
}

/** What the console says it serves, after its URL (which comes first, so whatever waits for "the URL" finds it). */
function servingLines(plan: ServePlan, port: number, what: string, sandboxOrigin: string): string {
  const execution = plan.allowExecute ? 'execution enabled' : 'execution disabled; --allow-execute enables it';
  return (
    `tool-console: serving at ${consoleUrl(plan.host, port, plan.prefix)} (${what}, ${execution})\n` +
    `tool-console: tool UIs run sandboxed at ${sandboxOrigin}\n`
  );
}

/**
 * Many servers of a config file in one console (cli/many-servers/): the switcher page and the listing, and each
 * server's console under `servers/<name>/`, its server started when first needed (or all at once with --eager).
 */
async function serveServers(plan: ServePlan, config: ServersConfig): Promise<void> {
  const { sandbox, sandboxOrigin } = await listenForSandbox(plan);
  let router: ConsoleHandler;
  // Where a server behind OAuth has the browser sent back (`servers/<name>/oauth/callback`): the port is known once
  // the console listens, and servers connect only after that (when first used, or with --eager).
  let address: string | undefined;
  const consoleAddress = () => {
    if (address === undefined) throw new Error('a server connected before the console listened');
    return address;
  };
  try {
    const maker = cliServerMaker(plan, sandboxOrigin, consoleAddress);
    // A server that fails is said once on the terminal; the others and the CLI go on.
    running.servers = new ServerSet(config, plan.prefix, maker, (line) => process.stderr.write(`${line}\n`));
    router = createServersRouter({
      servers: running.servers,
      prefix: plan.prefix,
      allowedHosts: plan.allowedHosts,
      sandboxOrigin,
      title: plan.title ?? 'MCP servers',
      logger: terseLogger,
    });
  } catch (error) {
    throw asUsageError(error);
  }
  running.server = serverFor(router);
  sandbox.open(router);
  const port = await listen(running.server, plan.host, plan.port);
  address = consoleUrl(plan.host, port, plan.prefix);
  if (plan.eager) running.servers.startAll();
  // One write, so whoever reads the first line finds the second with it.
  process.stdout.write(servingLines(plan, port, `${config.servers.length} servers of ${config.file}`, sandboxOrigin));
}

async function serve(plan: ServePlan): Promise<void> {
  if (plan.target === undefined && plan.servers) return serveServers(plan, plan.servers);
  // The command line or URL as the terminal and the waiting page show it: a secret a flag or a config file's
  // placeholder put in it (an API key in an argument) is blanked out.
  const shownTarget = plan.target && formatRedacted(describeTarget(plan.target), secretsOf(plan.target));
  // A --url console listens first: an OAuth authorization comes back to it before the MCP connection is made.
  const front =
    plan.target && 'url' in plan.target ? new FrontDoor(plan.prefix, shownTarget!, plan.allowedHosts) : undefined;
  let port: number | undefined;
  if (front) {
    running.server = front.server;
    port = await listen(front.server, plan.host, plan.port);
  }
  const { sandbox, sandboxOrigin } = await listenForSandbox(plan);
  if (plan.target) {
    const secrets = [...secretsOf(plan.target), ...(plan.oauth.clientSecret ? [plan.oauth.clientSecret] : [])];
    const target =
      front && 'url' in plan.target
        ? { ...plan.target, auth: oauthOf(plan, consoleUrl(plan.host, port!, plan.prefix), front) }
        : plan.target;
    // The port opens at once: the page says "Connecting to ..." while the server starts, and what needs the server
    // waits for it (cli/deferred-bridge.ts).
    const deferred = deferredMcp(target, plan, { label: 'mcp', secrets });
    running.bridge = deferred;
    // A first connection that fails is said at once, in the doctor's sentence; the console keeps serving, its page
    // shows the same sentence with Retry, and the next request that needs the server tries again. What no retry can
    // mend (a token store or client key the flags name that is not one) still ends the CLI, as a bad flag does.
    deferred.ready().then(
      () => {},
      async (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof McpConnectionError) return void process.stderr.write(`tool-console: ${message}\n`);
        await deferred.close();
        fail(message);
      },
    );
  }
  const bridge = running.bridge;
  // The page takes its title from the server it fronts unless --title says otherwise.
  const options = consoleOptionsOf(bridge, plan, {
    prefix: plan.prefix,
    sandboxOrigin,
    title: plan.title ?? (bridge && serverTitle(bridge)),
  });
  try {
    const handler = createHandler(options);
    if (front) front.open(handler);
    else running.server = serverFor(handler);
    sandbox.open(handler);
  } catch (error) {
    throw asUsageError(error);
  }
  port ??= await listen(running.server!, plan.host, plan.port);
  const what = shownTarget ? `tools of ${shownTarget}` : 'demo tools';
  // One write, so whoever reads the first line finds the second with it.
  process.stdout.write(servingLines(plan, port, what, sandboxOrigin));
}

async function main(argv: string[]): Promise<void> {
  if (isOneShotCommand(argv[0])) return runOneShot(argv);
  const plan = parseCli(argv);
  if (plan.kind === 'help') return void process.stdout.write(`${usage}\n`);
  if (plan.kind === 'version') return void process.stdout.write(`${packageVersion()}\n`);
  if (plan.configFound) process.stderr.write(`tool-console: using ${plan.servers!.file}\n`);
  await serve(plan);
}

dropCredentialRetryWarnings();
failOnEscapes(fail);

process.on('SIGINT', handleStopSignal);
process.on('SIGTERM', handleStopSignal);

main(process.argv.slice(2)).catch(async (error: unknown) => {
  // The console never started: stop the MCP servers we did start.
  await Promise.all([running.bridge?.close(), running.servers?.close()]);
  const message = (error instanceof Error ? error.message : String(error)).replace(/^tool-console: /, '');
  fail(
    error instanceof UsageError ? `${message} (see tool-console --help)` : message,
    error instanceof UsageError ? 2 : 1,
  );
});
